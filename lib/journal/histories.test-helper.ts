import fc from 'fast-check';
import { expect } from 'vitest';
import { memoryKeyValueStore } from '@/lib/storage';
import { createJournal } from './store';

// Test support for the journal's repair tests: histories written through the journal itself,
// and the hand edits a test makes to them.

export type Store = ReturnType<typeof memoryKeyValueStore>;

/** A clock that ticks 10 ms each time it is read. */
export function ticking() {
  let t = 0;
  return () => (t += 10);
}

/** One writer's `count` saves of "main", each from the one before. */
export function saved(count: number, per = 200): Store {
  const store = memoryKeyValueStore();
  const j = createJournal({ store, writerId: 'w', segmentEntries: per, now: ticking() });
  j.load();
  for (let i = 1; i <= count; i += 1)
    expect(j.save('main', `version ${i}`, { baseId: j.head('main')?.id ?? null })).toMatchObject({
      ok: true,
      saved: true,
    });
  return store;
}

/** A new tab's load of `store`: what it shows, and the notices it gives. */
export function reload(store: Store, writerId: string) {
  const reader = createJournal({ store, writerId, now: ticking() });
  reader.load();
  return { reader, problems: reader.takeProblems().map((p) => p.message) };
}

/**
 * Sets the stored save number of the first entry of "main" with this id (or this save number),
 * as by hand; returns the key of the part that holds it.
 */
export function setGen(store: Store, which: { id?: string; gen?: number }, to: number): string {
  for (const key of [...store.data.keys()]) {
    if (!/^lease-lab\.journal\.v1\.main\.[^.]+\.\d+$/.test(key)) continue;
    const segment = JSON.parse(store.getItem(key)!);
    const hit = segment.entries.find(
      (e: { id: string; g: number }) => e.id === which.id || e.g === which.gen,
    );
    if (!hit) continue;
    hit.g = to;
    store.setItem(key, JSON.stringify(segment));
    return key;
  }
  throw new Error('no such entry');
}

/** Steps of three tabs saving "main": which tab, from an old version or not, a twin or not. */
export const tabSteps = (minLength: number, maxLength: number) =>
  fc.array(fc.record({ tab: fc.nat(2), stale: fc.boolean(), twin: fc.boolean() }), {
    minLength,
    maxLength,
  });

/**
 * Plays `steps` in three tabs of one browser (one store, one clock), `per` entries a part: each
 * step saves from the newest version, or from the first when `stale`, or, when `twin`, adds one
 * more version under the newest save number (two tabs saving at once).
 */
export function playTabs(
  steps: readonly { tab: number; stale: boolean; twin: boolean }[],
  per: number,
): Store {
  const store = memoryKeyValueStore();
  const now = ticking();
  const tabs = ['ta', 'tb', 'tc'].map((writerId) =>
    createJournal({ store, writerId, segmentEntries: per, now }),
  );
  for (const tab of tabs) tab.load();
  steps.forEach((step, n) => {
    const tab = tabs[step.tab];
    tab.refresh();
    const history = tab.history('main');
    const newest = history.at(-1);
    if (step.twin && newest) {
      const text = `twin ${n}`;
      const twin = { ...newest, id: `twin${n}`, size: text.length, restoredFrom: null };
      expect(tab.appendExisting('main', twin, text)).toEqual({ ok: true });
      return;
    }
    const base = step.stale && history.length > 1 ? history[0].id : (newest?.id ?? null);
    expect(tab.save('main', `text ${n}`, { baseId: base })).toMatchObject({ ok: true });
  });
  return store;
}

/** One saved version as an export file lists it. */
export const fileEntry = (id: string, gen: number, text: string, base = gen - 1) => ({
  id,
  gen,
  base,
  parent: null,
  time: gen,
  size: text.length,
  kind: 'save',
  text,
});

/** An export file of "main" holding these entries. */
export const exportFile = (entries: unknown[]) =>
  JSON.stringify({
    format: 'lease-lab.journal',
    version: 1,
    exportedAt: 1,
    prompts: [{ prompt: 'main', entries }],
  });
