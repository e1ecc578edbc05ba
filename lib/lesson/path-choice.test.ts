import { describe, expect, it } from 'vitest';
import { createLocalDoor, STORAGE_KEYS, type KeyValueStore } from '@/lib/storage';
import { readPathChoice, writePathChoice } from './path-choice';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('the learning path choice', () => {
  it('is remembered through the storage door', () => {
    const door = createLocalDoor(memoryStore());
    expect(readPathChoice(door)).toEqual({ choice: null, problem: null });
    expect(writePathChoice('debug', door)).toBeNull();
    expect(readPathChoice(door)).toEqual({ choice: 'debug', problem: null });
  });

  it('keeps a damaged value aside and falls back to no choice, with a message', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.learningPath, '"teleport"');
    const read = readPathChoice(createLocalDoor(store, () => 7));
    expect(read.choice).toBeNull();
    expect(read.problem).toMatch(/kept aside/);
    expect(store.map.get(`${STORAGE_KEYS.learningPath}.corrupt.7`)).toBe('"teleport"');
  });

  it('refuses to store a path that does not exist', () => {
    const store = memoryStore();
    expect(writePathChoice('teleport' as never, createLocalDoor(store))).toMatch(/./);
    expect(store.map.get(STORAGE_KEYS.learningPath)).toBeUndefined();
  });
});
