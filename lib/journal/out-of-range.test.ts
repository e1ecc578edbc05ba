import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/lib/storage';
import { createJournal } from './store';

// Issue 42 review, point 7: a build from before the import check took an entry with save number
// 1,000,000,000; it became the newest version, and every later save of that answer was refused,
// reloads included. Such a journal is repaired on load: the part holding the number is set aside
// with the usual notice, its versions are saved again with numbers that continue the history.

function ticking() {
  let t = 0;
  return () => (t += 10);
}

const entry = (id: string, gen: number, base: number) => ({
  id,
  gen,
  base,
  parent: null,
  time: gen,
  kind: 'save' as const,
  stale: false,
  restoredFrom: null,
});

/** A journal of `count` saves, then entries written as the old import wrote them. */
function poisoned(
  count: number,
  imported: { id: string; gen: number; base: number; text: string }[],
) {
  const store = memoryKeyValueStore();
  const j = createJournal({ store, writerId: 'w', now: ticking() });
  j.load();
  let base: string | null = null;
  for (let i = 1; i <= count; i += 1) {
    const saved = j.save('main', `version ${i}`, { baseId: base });
    if (saved.ok && saved.saved) base = saved.entry.id;
  }
  const importer = createJournal({ store, writerId: 'old-import', now: ticking() });
  importer.load();
  for (const e of imported)
    expect(
      importer.appendExisting(
        'main',
        { ...entry(e.id, e.gen, e.base), size: e.text.length },
        e.text,
      ),
    ).toEqual({ ok: true });
  return { store, j };
}

const texts = (j: ReturnType<typeof createJournal>) =>
  j.history('main').map((m) => [m.gen, j.textOf('main', m.id)]);

describe('save numbers out of the app’s range are repaired on load', () => {
  it('an old import of save 1,000,000,000 no longer refuses every later save (old-import-gen-poisons-saves)', () => {
    const { store, j } = poisoned(3, [
      { id: 'far', gen: 1_000_000_000, base: 3, text: 'from an old import' },
    ]);
    expect(j.history('main')).toHaveLength(3); // the writer that saved before the import

    const reader = createJournal({ store, writerId: 'r', now: ticking() });
    reader.load();
    expect(texts(reader)).toEqual([
      [1, 'version 1'],
      [2, 'version 2'],
      [3, 'version 3'],
      [4, 'from an old import'],
    ]);
    const problems = reader.takeProblems().map((p) => p.message);
    expect(problems.join('\n')).toMatch(
      /held save number 1,000,000,000, past any this app gives .* set aside as "lease-lab\.journal\.v1\.main\.old-import\.0\.corrupt\.\d+" and its 1 version was saved again, the out-of-range ones as save 4: no text is lost/,
    );
    for (const message of problems) expect(message.split('\n')).toHaveLength(1);
    // Nothing stored is lost: the part is kept whole under its backup key.
    const backups = [...store.data.keys()].filter((k) => k.includes('.corrupt.'));
    expect(backups.some((k) => (store.getItem(k) ?? '').includes('1000000000'))).toBe(true);
    const saved = reader.save('main', 'typed after the repair', {
      baseId: reader.head('main')!.id,
    });
    expect(saved).toMatchObject({ ok: true, saved: true, entry: { gen: 5 } });

    // Reloads find nothing more to repair or report, and saving goes on.
    const again = createJournal({ store, writerId: 'r2', now: ticking() });
    again.load();
    expect(again.takeProblems()).toEqual([]);
    expect(again.history('main').map((m) => m.gen)).toEqual([1, 2, 3, 4, 5]);
    const next = again.save('main', 'and again', { baseId: again.head('main')!.id });
    expect(next).toMatchObject({ ok: true, saved: true, entry: { gen: 6 } });
  });

  it('several numbers out of range beside numbers in range, in one part: order and texts kept', () => {
    const { store } = poisoned(2, [
      { id: 'in', gen: 3, base: 2, text: 'imported in range' },
      { id: 'a', gen: 999_999_999, base: 3, text: 'far one' },
      { id: 'b', gen: 1_000_000_000, base: 999_999_999, text: 'far two' },
    ]);
    const reader = createJournal({ store, writerId: 'r', now: ticking() });
    reader.load();
    expect(texts(reader)).toEqual([
      [1, 'version 1'],
      [2, 'version 2'],
      [3, 'imported in range'],
      [4, 'far one'],
      [5, 'far two'],
    ]);
    expect(reader.history('main').map((m) => m.base)).toEqual([0, 1, 2, 3, 4]);
    expect(reader.takeProblems().join('\n')).not.toMatch(/missing/);
    expect(reader.save('main', 'x', { baseId: reader.head('main')!.id })).toMatchObject({
      ok: true,
      entry: { gen: 6 },
    });
  });

  it('a journal whose import brought save 1,000,000 (the most an import may) is left as it is', () => {
    const { store } = poisoned(2, [{ id: 'top', gen: 1_000_000, base: 2, text: 'imported top' }]);
    const reader = createJournal({ store, writerId: 'r', now: ticking() });
    reader.load();
    // Only the numbers skipped are reported, as before: nothing is set aside or saved again.
    expect(reader.takeProblems().map((p) => p.message)).toEqual([
      expect.stringMatching(
        /^999,997 versions of "main" between save 2 and save 1000000 are missing/,
      ),
    ]);
    expect(reader.history('main').map((m) => m.gen)).toEqual([1, 2, 1_000_000]);
    expect([...store.data.keys()].filter((k) => k.includes('.corrupt.'))).toEqual([]);
    expect(reader.save('main', 'x', { baseId: reader.head('main')!.id })).toMatchObject({
      ok: true,
      entry: { gen: 1_000_001 },
    });
  });
});
