import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/lib/storage';
import { createJournal, segmentKey } from './store';

// Issue 42 review, point 4: deleting a prompt's newest segment, its head record and its writer's
// index of saves together still lost the newest version in silence (16 versions shown of 17, no
// notice). Whatever keys of the journal are deleted, the page shows every version or says that
// some are missing; only a journal with every key gone is a new, empty one.

const PROMPTS = ['main', 'q1'] as const;

function ticking() {
  let t = 0;
  return () => (t += 10);
}

/** One step of a history: a tab saves a prompt, from its newest version or from an older one. */
const stepArb = fc.record({
  tab: fc.nat(2),
  prompt: fc.constantFrom(...PROMPTS),
  /** Saved from an older version (a branch), as a tab that had not seen the newest does. */
  stale: fc.boolean(),
  /** Brought by an import with the newest save number, as a second tab saving at once does. */
  twin: fc.boolean(),
});

type Step = { tab: number; prompt: (typeof PROMPTS)[number]; stale: boolean; twin: boolean };

/** Builds a journal from the steps; returns the store and every version's id per prompt. */
function build(steps: Step[], per: number) {
  const store = memoryKeyValueStore();
  const tabs = ['ta', 'tb', 'tc'].map((writerId) =>
    createJournal({ store, writerId, segmentEntries: per, now: ticking() }),
  );
  for (const tab of tabs) tab.load();
  let n = 0;
  for (const step of steps) {
    const tab = tabs[step.tab];
    tab.refresh();
    const history = tab.history(step.prompt);
    n += 1;
    if (step.twin && history.length > 0) {
      const newest = history[history.length - 1];
      const text = `twin ${n}`;
      tab.appendExisting(
        step.prompt,
        { ...newest, id: `twin${n}`, size: text.length, stale: false, restoredFrom: null },
        text,
      );
      continue;
    }
    const base = step.stale && history.length > 1 ? history[0].id : (history.at(-1)?.id ?? null);
    const saved = tab.save(step.prompt, `text ${n}`, { baseId: base });
    expect(saved).toMatchObject({ ok: true, saved: true });
  }
  const ids = new Map(PROMPTS.map((p) => [p, new Set<string>()]));
  const reader = createJournal({ store, writerId: 'check' });
  reader.load();
  for (const p of PROMPTS) for (const m of reader.history(p)) ids.get(p)!.add(m.id);
  expect(reader.takeProblems()).toEqual([]);
  return { store, ids };
}

describe('a deleted key is never a silent loss', () => {
  it('the newest segment, its head record and its index of saves deleted together are reported (newest-segment-head-and-index-silent)', () => {
    const store = memoryKeyValueStore();
    const j = createJournal({ store, writerId: 'w', segmentEntries: 8, now: ticking() });
    j.load();
    let base: string | null = null;
    for (let i = 1; i <= 17; i += 1) {
      const saved = j.save('main', `version ${i}`, { baseId: base });
      if (saved.ok && saved.saved) base = saved.entry.id;
    }
    store.removeItem(segmentKey('main', 'w', 2)); // save 17
    store.removeItem('lease-lab.journal.v1.main.w.head');
    store.removeItem('lease-lab.journal.v1.saves.w');
    const reader = createJournal({ store, writerId: 'r' });
    reader.load();
    expect(reader.history('main')).toHaveLength(16);
    expect(reader.takeProblems().map((p) => p.message)).toEqual([
      expect.stringMatching(/^1 version of "main" after save 16 is missing/),
    ]);
    const next = reader.save('main', 'typed after the loss', { baseId: reader.head('main')!.id });
    expect(next).toMatchObject({ ok: true, saved: true, entry: { gen: 18 } });
  });

  it('the record of saves is read alone on its storage event, and its removal is reported', () => {
    const store = memoryKeyValueStore();
    const a = createJournal({ store, writerId: 'ta', now: ticking() });
    const b = createJournal({ store, writerId: 'tb', now: ticking() });
    a.load();
    b.load();
    expect(b.save('main', 'from b', { baseId: null })).toMatchObject({ ok: true, saved: true });
    a.refresh('lease-lab.journal.v1.record');
    expect(a.takeProblems()).toEqual([]);
    a.refresh(segmentKey('main', 'tb', 0));
    expect(a.history('main')).toHaveLength(1);
    store.removeItem('lease-lab.journal.v1.record');
    a.refresh('lease-lab.journal.v1.record');
    expect(a.takeProblems().map((p) => p.message)).toEqual([
      expect.stringMatching(/^The record of your journal's saved history is missing/),
    ]);
    // The next save writes the record again, and a load finds nothing to report.
    expect(a.save('main', 'from a', { baseId: a.head('main')!.id })).toMatchObject({ ok: true });
    const c = createJournal({ store, writerId: 'tc' });
    c.load();
    expect(c.takeProblems()).toEqual([]);
    expect(c.history('main')).toHaveLength(2);
  });

  it('any keys deleted: every version is shown, or a notice says some are missing', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { minLength: 1, maxLength: 24 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (steps, per, mask) => {
          const { store, ids } = build(steps, per);
          const keys = [...store.data.keys()].sort();
          const doomed = keys.filter((_, i) => mask[i % mask.length] && i < mask.length);
          fc.pre(doomed.length > 0 && doomed.length < keys.length);
          for (const key of doomed) store.removeItem(key);
          const reader = createJournal({ store, writerId: 'after' });
          reader.load();
          const lost = PROMPTS.flatMap((p) =>
            [...ids.get(p)!].filter((id) => !reader.has(p, id)).map((id) => `${p}/${id}`),
          );
          const problems = reader.takeProblems().map((p) => p.message);
          if (lost.length > 0)
            expect(
              problems,
              `lost ${lost.join(', ')} after deleting ${doomed.join(', ')}`,
            ).not.toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
