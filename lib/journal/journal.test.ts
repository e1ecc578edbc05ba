import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/lib/storage';
import { createJournal, segmentKey } from './store';

function clock(start = 1_000) {
  let t = start;
  return () => (t += 1_000);
}

function twoTabs() {
  const storage = memoryKeyValueStore();
  const now = clock();
  const a = createJournal({ store: storage, now, writerId: 'tabA' });
  const b = createJournal({ store: storage, now, writerId: 'tabB' });
  a.load();
  b.load();
  return { storage, a, b };
}

describe('answer journal store', () => {
  it('is append-only: every save is a new entry and earlier entries never change', () => {
    const storage = memoryKeyValueStore();
    const journal = createJournal({
      store: storage,
      now: clock(),
      writerId: 'w1',
      segmentEntries: 3,
    });
    journal.load();
    let baseId: string | null = null;
    const texts: string[] = [];
    const snapshots: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const text = `answer version ${i}: ${'fence '.repeat(i)}`;
      const result = journal.save('main', text, { baseId });
      if (!result.ok || !result.saved) throw new Error('save failed');
      baseId = result.entry.id;
      texts.push(text);
      snapshots.push(JSON.stringify(journal.history('main')));
      // Every earlier entry is still there, unchanged, with the same text.
      const history = journal.history('main');
      expect(history).toHaveLength(i + 1);
      history.forEach((meta, j) => expect(journal.textOf('main', meta.id)).toBe(texts[j]));
      if (i > 0) expect(JSON.parse(snapshots[i]).slice(0, i)).toEqual(JSON.parse(snapshots[i - 1]));
    }
    // A fresh tab (a reload) reads the same history from storage.
    const reloaded = createJournal({ store: storage, writerId: 'w2' });
    reloaded.load();
    expect(reloaded.history('main').map((m) => reloaded.textOf('main', m.id))).toEqual(texts);
    expect(reloaded.history('main').map((m) => m.gen)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('records time, size and base save number; skips a save that changes nothing', () => {
    const journal = createJournal({
      store: memoryKeyValueStore(),
      now: clock(5_000),
      writerId: 'w',
    });
    journal.load();
    const first = journal.save('q1', 'hello', { baseId: null });
    expect(first).toMatchObject({
      ok: true,
      saved: true,
      entry: { gen: 1, base: 0, size: 5, time: 6_000, kind: 'save' },
    });
    const again = journal.save('q1', 'hello', {
      baseId: first.ok && first.saved ? first.entry.id : null,
      kind: 'autosave',
    });
    expect(again).toMatchObject({ ok: true, saved: false });
    expect(journal.history('q1')).toHaveLength(1);
  });

  it('restore adds a new entry with the old text instead of rewriting the past', () => {
    const journal = createJournal({ store: memoryKeyValueStore(), now: clock(), writerId: 'w' });
    journal.load();
    const one = journal.save('main', 'first', { baseId: null });
    const two = journal.save('main', 'second', {
      baseId: one.ok && one.saved ? one.entry.id : null,
    });
    if (!one.ok || !one.saved || !two.ok || !two.saved) throw new Error('save failed');
    const restored = journal.restore('main', one.entry.id, two.entry.id);
    expect(restored).toMatchObject({
      ok: true,
      saved: true,
      entry: { kind: 'restore', restoredFrom: one.entry.id, gen: 3 },
    });
    expect(journal.history('main').map((m) => journal.textOf('main', m.id))).toEqual([
      'first',
      'second',
      'first',
    ]);
  });

  it('keeps a save based on a stale save number as a branch entry and reports the newer one', () => {
    const { a, b } = twoTabs();
    const base = a.save('main', 'shared start', { baseId: null });
    if (!base.ok || !base.saved) throw new Error('save failed');
    b.refresh(segmentKey('main', 'tabA', 0));
    // Both tabs edit from save 1; A saves first.
    const fromA = a.save('main', 'shared start, edited in A', { baseId: base.entry.id });
    const fromB = b.save('main', 'shared start, edited in B', { baseId: base.entry.id });
    expect(fromA).toMatchObject({
      ok: true,
      saved: true,
      entry: { gen: 2, base: 1, stale: false },
      newer: null,
    });
    expect(fromB).toMatchObject({ ok: true, saved: true, entry: { gen: 3, base: 1, stale: true } });
    expect(fromB.ok && fromB.saved && fromB.newer?.id).toBe(
      fromA.ok && fromA.saved && fromA.entry.id,
    );
    a.refresh(null);
    for (const tab of [a, b]) {
      expect(tab.history('main').map((m) => tab.textOf('main', m.id))).toEqual([
        'shared start',
        'shared start, edited in A',
        'shared start, edited in B',
      ]);
    }
  });

  it('two tabs saving without seeing each other lose no entry (each writes only its own keys)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.string({ maxLength: 20 })), {
          maxLength: 40,
        }),
        (steps) => {
          const { a, b } = twoTabs();
          const bases = new Map<typeof a, string | null>([
            [a, null],
            [b, null],
          ]);
          let saved = 0;
          for (const [useA, syncFirst, text] of steps) {
            const tab = useA ? a : b;
            if (syncFirst) tab.refresh(null);
            const result = tab.save('main', `${text}#${saved}`, { baseId: bases.get(tab) ?? null });
            expect(result.ok).toBe(true);
            if (result.ok && result.saved) {
              saved += 1;
              bases.set(tab, result.entry.id);
            }
          }
          a.refresh(null);
          b.refresh(null);
          expect(a.history('main')).toHaveLength(saved);
          expect(b.history('main').map((m) => m.id)).toEqual(a.history('main').map((m) => m.id));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('sets a damaged segment aside under a backup key, reports it, and keeps the rest working', () => {
    const storage = memoryKeyValueStore();
    const writer = createJournal({ store: storage, now: clock(), writerId: 'w' });
    writer.load();
    writer.save('main', 'main answer', { baseId: null });
    writer.save('notes', 'my notes', { baseId: null });
    const key = segmentKey('notes', 'w', 0);
    storage.setItem(key, storage.getItem(key)!.replace('my notes', 'my NOTES!'));
    storage.setItem(segmentKey('q1', 'x', 0), '{"v":1, oops');

    const reader = createJournal({ store: storage, now: () => 77, writerId: 'r' });
    reader.load();
    const problems = reader.takeProblems();
    expect(problems).toHaveLength(2);
    expect(problems.map((p) => p.backupKey).sort()).toEqual(
      [`${key}.corrupt.77`, `${segmentKey('q1', 'x', 0)}.corrupt.77`].sort(),
    );
    expect(storage.getItem(`${key}.corrupt.77`)).toContain('my NOTES!');
    expect(storage.getItem(key)).toBeNull();
    expect(reader.history('notes')).toHaveLength(0);
    expect(reader.textOf('main', reader.head('main')!.id)).toBe('main answer');
    expect(reader.save('notes', 'fresh notes', { baseId: null })).toMatchObject({
      ok: true,
      saved: true,
    });
    expect(reader.takeProblems()).toEqual([]);
  });

  it('sets aside a segment whose content contradicts its key (moved by hand)', () => {
    const storage = memoryKeyValueStore();
    const writer = createJournal({ store: storage, now: clock(), writerId: 'w' });
    writer.load();
    writer.save('main', 'text', { baseId: null });
    storage.setItem(segmentKey('q2', 'w', 0), storage.getItem(segmentKey('main', 'w', 0))!);
    const reader = createJournal({ store: storage, now: () => 9, writerId: 'r' });
    reader.load();
    expect(reader.takeProblems()[0].message).toContain('did not match its own key');
    expect(reader.history('q2')).toHaveLength(0);
    expect(reader.history('main')).toHaveLength(1);
  });

  it('reports a full quota, stores nothing of the failed save, and keeps working after', () => {
    const storage = memoryKeyValueStore(3_000);
    const journal = createJournal({ store: storage, now: clock(), writerId: 'w' });
    journal.load();
    const first = journal.save('main', 'a'.repeat(100), { baseId: null });
    if (!first.ok || !first.saved) throw new Error('save failed');
    const random = Array.from({ length: 2_900 }, (_, i) =>
      String.fromCharCode(0x4e00 + ((i * 7919) % 20_000)),
    ).join('');
    const full = journal.save('main', random, { baseId: first.entry.id });
    expect(full).toMatchObject({ ok: false, error: 'quota' });
    expect(!full.ok && full.message).toContain('export');
    expect(journal.history('main')).toHaveLength(1);
    expect(journal.save('main', 'a'.repeat(101), { baseId: first.entry.id })).toMatchObject({
      ok: true,
      saved: true,
    });
  });

  it('refuses a text over 20,000 characters', () => {
    const journal = createJournal({ store: memoryKeyValueStore(), writerId: 'w' });
    journal.load();
    expect(journal.save('main', 'x'.repeat(20_001), { baseId: null })).toMatchObject({
      ok: false,
      error: 'too-long',
    });
    expect(journal.history('main')).toHaveLength(0);
  });

  it('opens every version exactly after many random edits across segments', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ at: fc.nat(), del: fc.nat({ max: 30 }), ins: fc.string({ maxLength: 25 }) }),
          { minLength: 1, maxLength: 60 },
        ),
        (edits) => {
          const storage = memoryKeyValueStore();
          const journal = createJournal({
            store: storage,
            now: clock(),
            writerId: 'w',
            segmentEntries: 7,
            segmentChars: 600,
          });
          journal.load();
          let text = 'A lease gives liveness; a fencing token gives safety. '.repeat(4);
          let baseId: string | null = null;
          const texts: string[] = [];
          for (const { at, del, ins } of edits) {
            const pos = at % (text.length + 1);
            text = text.slice(0, pos) + ins + text.slice(pos + del);
            const result = journal.save('main', text, { baseId });
            if (result.ok && result.saved) {
              texts.push(text);
              baseId = result.entry.id;
            }
          }
          const reader = createJournal({ store: storage, writerId: 'r' });
          reader.load();
          expect(reader.takeProblems()).toEqual([]);
          expect(reader.history('main').map((m) => reader.textOf('main', m.id))).toEqual(texts);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('adopting an earlier page load’s writer', () => {
  it('continues its segment with deltas, keeps ids unique and loses nothing', () => {
    const storage = memoryKeyValueStore();
    const now = clock();
    const text = 'The claim bumps the fence; the finish checks it. '.repeat(300);
    const first = createJournal({ store: storage, now, writerId: 'w1' });
    first.load();
    const saved = first.save('main', text, { baseId: null });
    if (!saved.ok || !saved.saved) throw new Error('save failed');
    const keysBefore = storage.length;
    const usedBefore = storage.used();

    const second = createJournal({ store: storage, now, writerId: 'w2' });
    second.load();
    expect(second.knownWriters()).toEqual(['w1']);
    expect(second.adoptWriter('w1')).toBe(true);
    const edited = second.save('main', `${text} One more line.`, { baseId: saved.entry.id });
    if (!edited.ok || !edited.saved) throw new Error('save failed');
    expect(edited.entry.id).not.toBe(saved.entry.id);
    expect(storage.length).toBe(keysBefore);
    expect(storage.used() - usedBefore).toBeLessThan(300);

    const reader = createJournal({ store: storage, writerId: 'r' });
    reader.load();
    expect(reader.history('main').map((m) => reader.textOf('main', m.id))).toEqual([
      text,
      `${text} One more line.`,
    ]);
    // Once this tab has written under its own id, it keeps it.
    expect(reader.save('notes', 'n', { baseId: null })).toMatchObject({ ok: true });
    expect(reader.adoptWriter('w1')).toBe(false);
  });
});

describe('a base version that vanished', () => {
  it('still saves the text, as a branch based on nothing', () => {
    const storage = memoryKeyValueStore();
    const journal = createJournal({ store: storage, now: clock(), writerId: 'w' });
    journal.load();
    const first = journal.save('main', 'kept', { baseId: null });
    if (!first.ok || !first.saved) throw new Error('save failed');
    const result = journal.save('main', 'typed after the base was set aside', { baseId: 'gone-1' });
    expect(result).toMatchObject({
      ok: true,
      saved: true,
      entry: { base: 0, stale: true, parent: 'gone-1' },
    });
    expect(journal.history('main')).toHaveLength(2);
  });
});
