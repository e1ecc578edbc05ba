import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { createJournal } from './store';
import { playTabs, reload, saved, setGen, tabSteps } from './histories.test-helper';

// Issue 42, review 42c (F9, F10): two versions of one writer sharing a save number (a hand edit)
// were all shown, but the number left free was reported on every load as "1 version ... is
// missing: ... removed from browser storage outside this app"; one save number of 1.5 set its
// whole part aside, no version shown. Both are now numbered again where the history shows.

const texts = (j: ReturnType<typeof createJournal>) =>
  j.history('main').map((m) => [m.gen, j.textOf('main', m.id)]);
const five = [1, 2, 3, 4, 5].map((i) => [i, `version ${i}`]);

describe('a save number copied from another version, or not whole', () => {
  for (const [which, to] of [
    [4, 3],
    [3, 4],
    [5, 4],
    [5, 1],
    [2, 5],
  ] as const) {
    it(`version ${which} of 5 stored as save ${to}: back in its place, no "missing" (gen-dup-false-missing)`, () => {
      const store = saved(5, 2);
      const before = reload(store, 'check').reader.history('main');
      const key = setGen(store, { id: before[which - 1].id }, to);
      const { reader, problems } = reload(store, 'r');
      expect(texts(reader)).toEqual(five);
      expect(problems.join('\n')).not.toMatch(/missing/);
      expect(problems).toEqual([
        expect.stringContaining(`A saved history part under "${key}" held save number ${to}`),
      ]);
      expect(problems[0]).toMatch(/saved again, .*: no text is lost\.$/);
      expect(reader.save('main', 'six', { baseId: reader.head('main')!.id })).toMatchObject({
        ok: true,
        entry: { gen: 6 },
      });
      expect(reload(store, 'r2').problems).toEqual([]);
    });
  }

  it('a save number of 1.5: every version shown with its text, none set aside unread (gen-fraction-set-aside)', () => {
    const store = saved(5, 10);
    const before = reload(store, 'check').reader.history('main');
    const key = setGen(store, { id: before[1].id }, 1.5);
    const { reader, problems } = reload(store, 'r');
    expect(texts(reader)).toEqual(five);
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^A saved history part under "${key.replaceAll('.', '\\.')}" held save number 1\\.5, where every save of this app gives a whole number.* saved again, the one renumbered as save 2, its place in the history: no text is lost\\.$`,
        ),
      ),
    ]);
    expect(reload(store, 'r2').problems).toEqual([]);
  });

  it('any version of any history given another version’s number: every version shown, no "missing"', () => {
    fc.assert(
      fc.property(
        tabSteps(2, 14),
        fc.integer({ min: 1, max: 4 }),
        fc.nat(),
        fc.nat(),
        (steps, per, pick, from) => {
          const store = playTabs(steps, per);
          const before = reload(store, 'check').reader.history('main');
          const chosen = before[pick % before.length];
          const other = before[from % before.length];
          if (other.gen === chosen.gen) return;
          setGen(store, { id: chosen.id }, other.gen);
          const { reader, problems } = reload(store, 'after');
          expect(new Set(reader.history('main').map((m) => m.id))).toEqual(
            new Set(before.map((m) => m.id)),
          );
          expect(problems.join('\n')).not.toMatch(/missing/);
          const again = reload(store, 'again');
          expect(again.problems.join('\n')).not.toMatch(/missing/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a head record naming 1,000,000,000 gives the same hedged cause as a part’s notice, not an import as a fact (head-cause-stated-as-fact)', () => {
    const store = saved(3);
    const key = 'lease-lab.journal.v1.main.w.head';
    store.setItem(key, JSON.stringify({ v: 1, prompt: 'main', writer: 'w', gen: 1_000_000_000 }));
    const { reader, problems } = reload(store, 'r');
    expect(reader.history('main')).toHaveLength(3);
    expect(problems).toEqual([
      expect.stringContaining(
        `A saved history record under "${key}" named save number 1,000,000,000, past any this app gives (a hand edit, or an import by an earlier version of the app, leaves such a number), so it`,
      ),
    ]);
  });
});
