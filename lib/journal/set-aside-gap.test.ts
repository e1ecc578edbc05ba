import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/lib/storage';
import { exactTime } from '@/lib/when';
import { createJournal, segmentKey } from './store';

// A part this app found damaged is copied to `<key>.corrupt.<time>` (set-aside.ts). The load that
// did it says so; every later load found the gap it leaves and blamed it on something outside
// the app ("removed from browser storage outside this app"), though the versions sit in the
// app's own backup key. Later loads name that key and the day it was set aside.

/** Midday UTC, 6 December 2026. */
const SET_ASIDE_AT = Date.UTC(2026, 11, 6, 12);

function ticking(from: number) {
  let t = from;
  return () => (t += 10);
}

/** 17 versions of "main" in three parts of 8 (saves 1-8, 9-16, 17); part `damaged` is damaged. */
function journalWithDamagedPart(damaged: number) {
  const store = memoryKeyValueStore();
  const j = createJournal({ store, writerId: 'w', segmentEntries: 8, now: ticking(1_000) });
  j.load();
  let base: string | null = null;
  for (let i = 1; i <= 17; i += 1) {
    const saved = j.save('main', `version ${i}`, { baseId: base });
    if (saved.ok && saved.saved) base = saved.entry.id;
  }
  const key = segmentKey('main', 'w', damaged);
  store.setItem(key, '{"v":1, damaged');
  const first = createJournal({ store, writerId: 'r1', now: () => SET_ASIDE_AT });
  first.load();
  const backupKey = `${key}.corrupt.${SET_ASIDE_AT}`;
  const firstProblems = first.takeProblems();
  expect(firstProblems.map((p) => p.backupKey)).toContain(backupKey);
  expect(store.getItem(backupKey)).toBe('{"v":1, damaged');
  return { store, backupKey };
}

function laterLoad(store: ReturnType<typeof memoryKeyValueStore>) {
  const later = createJournal({ store, writerId: 'r2', now: ticking(SET_ASIDE_AT + 86_400_000) });
  later.load();
  return { later, messages: later.takeProblems().map((p) => p.message) };
}

describe('a gap left by a part this app set aside (set-aside-gap-blamed-outside)', () => {
  it('a later load names the backup key and when it was set aside, not a removal outside this app', () => {
    const { store, backupKey } = journalWithDamagedPart(1);
    const { later, messages } = laterLoad(store);
    expect(later.history('main')).toHaveLength(9);
    expect(messages).toHaveLength(1);
    expect(messages[0]).not.toMatch(/outside this app/);
    expect(messages[0]).toBe(
      `8 versions of "main" between save 8 and save 17 are missing from the history shown: this app found the part of its saved history that held them damaged and set it aside on ${exactTime(SET_ASIDE_AT)} as "${backupKey}", where its text is kept. The versions around the gap are intact.`,
    );
  });

  it('names the backup of a newest part set aside too', () => {
    const { store, backupKey } = journalWithDamagedPart(2);
    const { later, messages } = laterLoad(store);
    expect(later.history('main')).toHaveLength(16);
    expect(messages).toEqual([
      `1 version of "main" after save 16 is missing from the history shown: this app found the part of its saved history that held it damaged and set it aside on ${exactTime(SET_ASIDE_AT)} as "${backupKey}", where its text is kept. The versions up to save 16 are intact.`,
    ]);
  });

  it('still blames storage outside this app once the backup is gone too', () => {
    const { store, backupKey } = journalWithDamagedPart(1);
    store.removeItem(backupKey);
    const { messages } = laterLoad(store);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/removed from browser storage outside this app/);
  });
});

describe('a record of saves this app set aside (set-aside-record-blamed-outside)', () => {
  it('a later load names the backup, not a removal outside this app', () => {
    const store = memoryKeyValueStore();
    const j = createJournal({ store, writerId: 'w', segmentEntries: 8, now: ticking(1_000) });
    j.load();
    j.save('main', 'version 1', { baseId: null });
    store.setItem('lease-lab.journal.v1.record', '{"v":1, damaged');
    const first = createJournal({ store, writerId: 'r1', now: () => SET_ASIDE_AT });
    first.load();
    const backupKey = `lease-lab.journal.v1.record.corrupt.${SET_ASIDE_AT}`;
    expect(first.takeProblems().map((p) => p.backupKey)).toContain(backupKey);
    const { messages } = laterLoad(store);
    expect(messages).toHaveLength(1);
    expect(messages[0]).not.toMatch(/outside this app/);
    expect(messages[0]).toContain(`set it aside on ${exactTime(SET_ASIDE_AT)} as "${backupKey}"`);
  });
});
