import { describe, expect, it } from 'vitest';
import { createLocalDoor, STORAGE_KEYS, type KeyValueStore } from '@/lib/storage';
import { loadLab, saveProgram, saveProgress, savedUnderOldNames } from './saved';

function memoryStore(quota = Infinity): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
  };
}

describe('saved lab state', () => {
  it('keeps each exercise’s program and the progress across a reload', () => {
    const store = memoryStore();
    const door = createLocalDoor(store);
    const first = saveProgram(door, loadLab(door).programs, 'demo', 'print(1)').programs;
    const second = saveProgram(door, first, 'renewal', 'print(2)').programs;
    expect(second).toEqual({ demo: 'print(1)', renewal: 'print(2)' });
    saveProgress(door, { solved: ['renewal'], deletions: { fence: 'let-through' } });
    const reloaded = loadLab(createLocalDoor(store));
    expect(reloaded.programs).toEqual({ demo: 'print(1)', renewal: 'print(2)' });
    expect(reloaded.progress).toEqual({ solved: ['renewal'], deletions: { fence: 'let-through' } });
    expect(saveProgram(door, reloaded.programs, 'demo', undefined).programs).toEqual({
      renewal: 'print(2)',
    });
  });

  it('sets damaged saved data aside and starts fresh, with a message', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.claimLabProgress, '{"solved": 7}');
    const loaded = loadLab(createLocalDoor(store, () => 1));
    expect(loaded.progress).toEqual({ solved: [], deletions: {} });
    expect(loaded.problems[0]).toContain('damaged');
    expect(store.getItem(`${STORAGE_KEYS.claimLabProgress}.corrupt.1`)).toBe('{"solved": 7}');
  });

  it('reads progress saved under the old name of the status condition (state) under the rulebook’s', () => {
    const store = memoryStore();
    store.setItem(
      STORAGE_KEYS.claimLabProgress,
      JSON.stringify({ solved: [], deletions: { state: 'blocked', fence: 'let-through' } }),
    );
    const loaded = loadLab(createLocalDoor(store, () => 1));
    expect(loaded.problems).toEqual([]);
    expect(loaded.progress.deletions).toEqual({ status: 'blocked', fence: 'let-through' });
  });

  it('reports a full storage and a too-long program instead of losing anything', () => {
    const door = createLocalDoor(memoryStore(50));
    const full = saveProgram(door, {}, 'demo', 'x'.repeat(100));
    expect(full.problem).toContain('storage is full');
    const huge = saveProgram(createLocalDoor(memoryStore()), {}, 'demo', 'x'.repeat(300_000));
    expect(huge.problem).toContain('too long to save');
    expect(huge.programs).toEqual({});
  });
});

describe('savedUnderOldNames', () => {
  it('finds a program saved on the demo’s old jobs table, not one on the runs table', () => {
    expect(
      savedUnderOldNames(
        'db.run(`CREATE TABLE IF NOT EXISTS jobs(id TEXT PRIMARY KEY, owner TEXT, until INTEGER, fence INTEGER, state TEXT)`);',
      ),
    ).toBe(true);
    expect(savedUnderOldNames('db.run(`CREATE TABLE IF NOT EXISTS runs (\n  run_id TEXT)`);')).toBe(
      false,
    );
  });
});
