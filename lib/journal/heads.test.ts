import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/lib/storage';
import { createJournal, segmentKey } from './store';

// Issue 27, case 5: each writer keeps a head record (its highest save number) beside its
// segments, so a load notices when the newest segment is gone instead of showing fewer
// versions in silence.

function ticking() {
  let t = 0;
  return () => (t += 10);
}

/** One writer saving `count` versions of "main", segments closing every `per` entries. */
function saved(count: number, per: number, store = memoryKeyValueStore(), writerId = 'w') {
  const journal = createJournal({ store, writerId, segmentEntries: per, now: ticking() });
  journal.load();
  let base: string | null = null;
  for (let i = 1; i <= count; i += 1) {
    const result = journal.save('main', `version ${i} ${'x'.repeat(i)}`, { baseId: base });
    if (result.ok && result.saved) base = result.entry.id;
  }
  return { store, journal };
}

describe('a missing newest segment is a reported gap (case 5)', () => {
  it('26 saves over 3 segments, the newest removed: 8 versions after save 18 reported missing (newest-segment-silent)', () => {
    const { store } = saved(26, 9);
    expect(store.getItem(segmentKey('main', 'w', 2))).not.toBeNull();
    store.removeItem(segmentKey('main', 'w', 2)); // saves 19 to 26
    const reader = createJournal({ store, writerId: 'r' });
    reader.load();
    expect(reader.history('main')).toHaveLength(18);
    const problems = reader.takeProblems().map((p) => p.message);
    expect(problems).toEqual([
      expect.stringMatching(
        /^8 versions of "main" after save 18 are missing: .*saves had reached number 26/,
      ),
    ]);
    reader.refresh();
    expect(reader.takeProblems()).toEqual([]);
    // The next save continues above the lost ones, and the gap is not reported again.
    const next = reader.save('main', 'typed after the loss', { baseId: reader.head('main')!.id });
    expect(next).toMatchObject({ ok: true, saved: true, entry: { gen: 27 } });
    reader.refresh();
    expect(reader.takeProblems()).toEqual([]);
    const again = createJournal({ store, writerId: 'r2' });
    again.load();
    expect(again.takeProblems().map((p) => p.message)).toEqual([
      expect.stringMatching(/^8 versions of "main" between save 18 and save 27/),
    ]);
  });

  it('reports nothing when every segment is there, nor for a history with no head records', () => {
    const { store } = saved(26, 9);
    const reader = createJournal({ store, writerId: 'r' });
    reader.load();
    expect(reader.history('main')).toHaveLength(26);
    expect(reader.takeProblems()).toEqual([]);
    // A journal from before head records, indexes and the record of saves: none is there, and
    // its segments do not name the record.
    for (const key of [...store.data.keys()]) {
      if (key.endsWith('.head') || key.includes('.saves.') || key.endsWith('.record'))
        store.removeItem(key);
      else {
        const { m: _m, ...older } = JSON.parse(store.getItem(key) ?? '{}');
        store.setItem(key, JSON.stringify(older));
      }
    }
    store.removeItem(segmentKey('main', 'w', 2));
    const older = createJournal({ store, writerId: 'r2' });
    older.load();
    expect(older.history('main')).toHaveLength(18);
    expect(older.takeProblems()).toEqual([]); // as before head records: nothing to compare
  });

  it('two tabs: each keeps its own head, and either one losing its newest segment is reported', () => {
    const store = memoryKeyValueStore();
    const a = createJournal({ store, writerId: 'tabA', segmentEntries: 3, now: ticking() });
    const b = createJournal({ store, writerId: 'tabB', segmentEntries: 3, now: ticking() });
    a.load();
    b.load();
    let base: string | null = null;
    for (let i = 1; i <= 12; i += 1) {
      const tab = i % 2 ? a : b;
      tab.refresh();
      const result = tab.save('main', `turn ${i}`, { baseId: base });
      if (result.ok && result.saved) base = result.entry.id;
    }
    expect(a.takeProblems()).toEqual([]);
    expect(b.takeProblems()).toEqual([]);
    expect(store.getItem('lease-lab.journal.v1.main.tabA.head')).toContain('"gen":11');
    expect(store.getItem('lease-lab.journal.v1.main.tabB.head')).toContain('"gen":12');
    store.removeItem(segmentKey('main', 'tabB', 1)); // tabB's saves 8, 10 and 12
    a.refresh();
    expect(a.history('main').map((m) => m.gen)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 11]);
    expect(a.takeProblems().map((p) => p.message)).toEqual([
      expect.stringMatching(/^1 version of "main" between save 7 and save 9 is missing/),
      expect.stringMatching(/^1 version of "main" between save 9 and save 11 is missing/),
      expect.stringMatching(/^1 version of "main" after save 11 is missing/),
    ]);
  });

  it('a full quota on the head write keeps the saved answer (the head is written after it)', () => {
    const store = memoryKeyValueStore();
    // Storage with room for segments but none left for a head record.
    const full: typeof store = Object.create(store);
    full.setItem = (key, value) => {
      if (key.endsWith('.head')) {
        const error = new Error('quota');
        error.name = 'QuotaExceededError';
        throw error;
      }
      store.setItem(key, value);
    };
    const journal = createJournal({ store: full, writerId: 'w', now: ticking() });
    journal.load();
    const first = journal.save('main', 'version 1', { baseId: null });
    const result = journal.save('main', 'version 2 kept', {
      baseId: first.ok && first.saved ? first.entry.id : null,
    });
    expect(result).toMatchObject({ ok: true, saved: true, entry: { gen: 2 } });
    expect(store.getItem('lease-lab.journal.v1.main.w.head')).toBeNull();
    const reader = createJournal({ store, writerId: 'r' });
    reader.load();
    expect(reader.textOf('main', reader.head('main')!.id)).toBe('version 2 kept');
    expect(reader.takeProblems()).toEqual([]);
  });

  it("a head record set aside with its writer's damaged newest segment is reported once, as set aside", () => {
    const { store } = saved(12, 5);
    store.setItem(segmentKey('main', 'w', 2), '{"v":1,"broken');
    const reader = createJournal({ store, writerId: 'r' });
    reader.load();
    const problems = reader.takeProblems().map((p) => p.message);
    expect(problems).toEqual([expect.stringMatching(/damaged.*set aside|kept aside/)]);
  });

  // Issue 42, point 4: the head record was the only witness of the newest save, so removing it
  // with the newest segment lost version 17 in silence. Failed before the index of saves (the
  // page showed 16 versions and no notice).
  it('the newest segment and the head record both removed: still reported, by the index of saves (newest-segment-and-head-silent)', () => {
    const { store } = saved(17, 8); // segments 0 and 1 hold saves 1 to 16, segment 2 save 17
    store.removeItem(segmentKey('main', 'w', 2));
    store.removeItem('lease-lab.journal.v1.main.w.head');
    const reader = createJournal({ store, writerId: 'r' });
    reader.load();
    expect(reader.history('main')).toHaveLength(16);
    expect(reader.takeProblems().map((p) => p.message)).toEqual([
      expect.stringMatching(
        /^1 version of "main" after save 16 is missing: .*saves had reached number 17/,
      ),
    ]);
    // The next save continues above it: one reported gap, not a silent reuse of number 17.
    const next = reader.save('main', 'typed after the loss', { baseId: reader.head('main')!.id });
    expect(next).toMatchObject({ ok: true, saved: true, entry: { gen: 18 } });
  });

  it('an index of saves that is damaged, or names another writer, is set aside and reported', () => {
    const { store } = saved(3, 8);
    store.setItem('lease-lab.journal.v1.saves.w', '{"v":1,"writer":"w","saves":{"main":"x"}}');
    store.setItem('lease-lab.journal.v1.saves.other', '{"v":1,"writer":"w","saves":{"main":3}}');
    const reader = createJournal({ store, writerId: 'r' });
    reader.load();
    expect(reader.history('main')).toHaveLength(3);
    const problems = reader.takeProblems().map((p) => p.message);
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/saves\.w" was damaged/);
    expect(problems.join('\n')).toMatch(/saves\.other.*did not match its own key/);
  });

  it('an index is read from another tab by the storage event, and its removal forgets it', () => {
    const { store, journal } = saved(4, 8);
    const other = createJournal({ store, writerId: 'r' });
    other.load();
    expect(other.takeProblems()).toEqual([]);
    store.removeItem(segmentKey('main', 'w', 0));
    store.removeItem('lease-lab.journal.v1.main.w.head');
    other.refresh(segmentKey('main', 'w', 0));
    expect(other.takeProblems().map((p) => p.message)).toEqual([
      expect.stringMatching(/^4 versions of "main" are missing/),
    ]);
    expect(journal.writer).toBe('w');
  });
});
