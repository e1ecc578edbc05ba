import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore, type KeyValueStore } from '@/lib/storage';
import { exportJournal, importJournal } from './export';
import { createJournal, segmentKey } from './store';
import { exportFile, fileEntry } from './histories.test-helper';

// Issue 42 review F12: /reflect with 3 saves, then an import of one entry at gen 1,000,000
// (accepted): every later load said "999,996 versions of "main" between save 3 and save 1000000
// are missing". Before the fix these tests failed with that notice.

const entry = fileEntry;
const file = exportFile;

function open(store: KeyValueStore, writerId = 'w') {
  const j = createJournal({ store, writerId, now: () => 100 });
  j.load();
  return j;
}

function withSaves(store: KeyValueStore, count: number) {
  const j = open(store);
  for (let i = 0; i < count; i += 1)
    j.save('main', `local ${i}`, { baseId: j.head('main')?.id ?? null });
  return j;
}

/** What a reload of the store reports, and the texts it shows. */
function reload(store: KeyValueStore) {
  const j = open(store, 'reader');
  return {
    problems: j.takeProblems().map((p) => p.message),
    texts: j.history('main').map((m) => j.textOf('main', m.id)),
    gens: j.history('main').map((m) => m.gen),
  };
}

describe('imported save numbers never read as versions lost (F12)', () => {
  it('one entry at gen 1,000,000 after 3 local saves is numbered 4, and no loss is reported', () => {
    const store = memoryKeyValueStore();
    const j = withSaves(store, 3);
    const one = file([entry('zz-1', 1_000_000, 'imported at a million', 0)]);
    expect(importJournal(j, one)).toEqual({ ok: true, added: 1, skipped: 0, kept: 0 });
    const after = reload(store);
    expect(after.problems).toEqual([]);
    expect(after.gens).toEqual([1, 2, 3, 4]);
    expect(after.texts).toEqual(['local 0', 'local 1', 'local 2', 'imported at a million']);
    // The same file again adds nothing.
    expect(importJournal(open(store, 'again'), one)).toMatchObject({ added: 0, skipped: 1 });
    expect(reload(store).texts).toHaveLength(4);
  });

  it("a journal's own export into emptied storage keeps its numbers", () => {
    const source = withSaves(memoryKeyValueStore(), 5);
    const raw = JSON.stringify(exportJournal(source));
    const store = memoryKeyValueStore();
    expect(importJournal(open(store), raw)).toMatchObject({ ok: true, added: 5 });
    expect(reload(store)).toEqual({
      problems: [],
      texts: source.history('main').map((m) => source.textOf('main', m.id)),
      gens: source.history('main').map((m) => m.gen),
    });
  });

  it('an export gives back versions lost here in their own place', () => {
    const store = memoryKeyValueStore();
    const raw = file([1, 2, 3, 4, 5].map((g) => entry(`r${g}`, g, `text ${g}`)));
    const small = createJournal({ store, writerId: 'w', now: () => 100, segmentEntries: 2 });
    small.load();
    importJournal(small, raw);
    store.removeItem(segmentKey('main', 'w', 1)); // saves 3 and 4
    expect(reload(store).problems).toEqual([expect.stringContaining('between save 2 and save 5')]);
    expect(importJournal(open(store, 'back'), raw)).toMatchObject({ added: 2, skipped: 3 });
    expect(reload(store)).toMatchObject({ problems: [], gens: [1, 2, 3, 4, 5] });
  });

  it('bases follow the renumbered versions they were edited from', () => {
    const store = memoryKeyValueStore();
    const j = withSaves(store, 2);
    importJournal(j, file([entry('a', 500, 'five hundred', 0), entry('b', 900, 'nine', 500)]));
    const metas = open(store, 'reader').history('main');
    expect(metas.map((m) => [m.gen, m.base])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
      [4, 3],
    ]);
  });

  it('property: any local history and any accepted import load with no notice and every version shown', () => {
    const arbEntry = fc.record({
      gen: fc.integer({ min: 1, max: 1_000_000 }),
      base: fc.integer({ min: 0, max: 1_000_000 }),
      text: fc.string({ maxLength: 8 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.array(arbEntry, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (saves, raw, twice) => {
          const store = memoryKeyValueStore();
          const j = withSaves(store, saves);
          const entries = raw.map((e, i) => entry(`f${i}`, e.gen, e.text, e.base));
          const result = importJournal(j, file(entries));
          expect(result.ok).toBe(true);
          if (twice) expect(importJournal(j, file(entries))).toMatchObject({ added: 0 });
          const after = reload(store);
          expect(after.problems).toEqual([]);
          expect(after.texts).toHaveLength(saves + entries.length);
          expect([...after.texts].sort()).toEqual(
            [
              ...raw.map((e) => e.text),
              ...Array.from({ length: saves }, (_, i) => `local ${i}`),
            ].sort(),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a real gap names its save numbers grouped like its count (F12)', () => {
  it('"between save 1,000 and save 1,201", not "save 1000"', () => {
    const store = memoryKeyValueStore();
    const entries = Array.from({ length: 1400 }, (_, i) => entry(`e${i + 1}`, i + 1, `v${i + 1}`));
    expect(importJournal(open(store), file(entries))).toMatchObject({ ok: true, added: 1400 });
    // Import writes 200 entries a part: the sixth (seq 5) holds saves 1,001 to 1,200.
    store.removeItem(segmentKey('main', 'w', 5));
    expect(reload(store).problems).toEqual([
      expect.stringContaining(
        '200 versions of "main" between save 1,000 and save 1,201 are missing',
      ),
    ]);
  });
});
