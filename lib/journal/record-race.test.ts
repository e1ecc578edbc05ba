import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '@/lib/storage';
import { memoryKeyValueStore } from '@/lib/storage';
import { createJournal } from './store';

// Issue 42 review, point 4 (last session's attacker review): every save writes the journal's
// record of saves (`lease-lab.journal.v1.record`) from what the saving tab had read. Two tabs
// saving at the same instant each count the versions they know, and the one written last wins:
// the record counts fewer versions than storage holds, and a later loss of one is not noticed.
// Tabs of one browser see each other's writes late (a storage event comes after the write), so
// here each tab reads a picture of storage taken when it last heard from the other.

const RECORD = 'lease-lab.journal.v1.record';

/** The journal's storage as every tab shares it, with its writes in the order they were made. */
interface Shared {
  data: Map<string, string>;
  writes: string[];
}

/**
 * One tab's storage: its writes reach the shared store at once, the other tab's only when it
 * hears of them, as storage events, one a write, in the order they were made.
 */
function tabStore(shared: Shared) {
  let view = new Map(shared.data);
  let heard = shared.writes.length;
  const write = (key: string, value: string | null) => {
    if (value === null) {
      view.delete(key);
      shared.data.delete(key);
    } else {
      view.set(key, value);
      shared.data.set(key, value);
    }
    shared.writes.push(key);
  };
  const store: KeyValueStore = {
    getItem: (key) => view.get(key) ?? null,
    setItem: (key, value) => write(key, String(value)),
    removeItem: (key) => write(key, null),
    key: (i) => [...view.keys()][i] ?? null,
    get length() {
      return view.size;
    },
  };
  /** Takes the shared store's state; returns the keys written since, in order (the events). */
  const see = (): string[] => {
    const events = shared.writes.slice(heard);
    heard = shared.writes.length;
    view = new Map(shared.data);
    return events;
  };
  return { store, see };
}

/** A copy of the shared store, for a fresh page load (what it writes stays in the copy). */
function loadStore(data: Map<string, string>): KeyValueStore {
  return tabStore({ data: new Map(data), writes: [] }).store;
}

const PROMPTS = ['main', 'q1'] as const;
const stepArb = fc.record({
  tab: fc.nat(1),
  /** Save, or hear of the other tab's writes (its storage events arrive). */
  act: fc.constantFrom('save', 'save', 'see'),
  prompt: fc.constantFrom(...PROMPTS),
});

/** Runs the steps; then every storage event arrives in both tabs. Returns the shared store. */
function run(steps: readonly { tab: number; act: string; prompt: (typeof PROMPTS)[number] }[]) {
  const shared: Shared = { data: new Map(), writes: [] };
  let t = 0;
  const now = () => (t += 10);
  const tabs = ['ta', 'tb'].map((writerId) => {
    const { store, see } = tabStore(shared);
    const journal = createJournal({ store, writerId, segmentEntries: 3, now });
    journal.load();
    return { journal, see };
  });
  const hear = (tab: (typeof tabs)[number]) => {
    for (const key of tab.see()) tab.journal.refresh(key);
  };
  steps.forEach((step, n) => {
    const tab = tabs[step.tab];
    if (step.act === 'see') return hear(tab);
    const base = tab.journal.head(step.prompt)?.id ?? null;
    expect(tab.journal.save(step.prompt, `text ${n}`, { baseId: base })).toMatchObject({
      ok: true,
    });
  });
  for (const tab of [...tabs, ...tabs]) hear(tab);
  for (const tab of tabs) expect(tab.journal.takeProblems()).toEqual([]);
  return shared.data;
}

describe('two tabs saving at the same instant: the record of saves', () => {
  it('converges on what storage holds, so a later loss is still noticed (record-counts-low)', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 14 }), fc.nat(), (steps, pick) => {
        const shared = run(steps);
        const record = JSON.parse(shared.get(RECORD) ?? '{"prompts":{}}').prompts;
        const reader = createJournal({ store: loadStore(shared), writerId: 'check' });
        reader.load();
        expect(reader.takeProblems()).toEqual([]);
        for (const prompt of PROMPTS) {
          const history = reader.history(prompt);
          if (history.length === 0) continue;
          expect(record[prompt], `the record of "${prompt}"`).toEqual({
            g: history.at(-1)!.gen,
            n: history.length,
          });
        }
        // A part removed outside the app is noticed, whichever part it is.
        const parts = [...shared.keys()].filter((k) => /\.(main|q1)\.t[ab]\.\d+$/.test(k)).sort();
        const gone = parts[pick % parts.length];
        const ids = (j: typeof reader) => PROMPTS.flatMap((p) => j.history(p).map((m) => m.id));
        const all = ids(reader);
        const left = new Map(shared);
        left.delete(gone);
        const after = createJournal({ store: loadStore(left), writerId: 'after' });
        after.load();
        const lost = all.filter((id) => !ids(after).includes(id));
        if (lost.length > 0)
          expect(after.takeProblems(), `lost ${lost.join(', ')} with ${gone}`).not.toEqual([]);
      }),
      { numRuns: Number(process.env.J42_RUNS ?? 300) },
    );
  });

  it('an index of saves heard before the parts it counts is no loss (index-event-before-part)', () => {
    // Storage events come one a write, but storage may be ahead of them: a tab reading the
    // writer's index before the part it names must not say that part is missing.
    const store = memoryKeyValueStore();
    const a = createJournal({ store, writerId: 'ta' });
    const b = createJournal({ store, writerId: 'tb' });
    a.load();
    b.load();
    expect(a.save('main', 'one', { baseId: null })).toMatchObject({ ok: true });
    expect(a.save('q1', 'two', { baseId: null })).toMatchObject({ ok: true });
    b.refresh('lease-lab.journal.v1.saves.ta');
    expect(b.takeProblems()).toEqual([]);
    expect(b.history('main')).toHaveLength(1);
    expect(b.history('q1')).toHaveLength(1);
  });
});
