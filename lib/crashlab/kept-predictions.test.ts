import { describe, expect, it } from 'vitest';
import { createLocalDoor, memoryKeyValueStore, STORAGE_KEYS } from '@/lib/storage';
import { keepPredictions, MAX_KEPT_PREDICTIONS, readKeptPredictions } from './kept-predictions';
import type { KeptPrediction } from './kept-predictions';

const waiting: KeptPrediction = {
  owner: 'worker-1',
  fault: 'after_effect',
  prediction: { again: ['publish'], receipts: 2 },
  grade: { kind: 'waiting', why: 'run-0001 is not done yet' },
};
const graded: KeptPrediction = {
  ...waiting,
  owner: 'worker-2',
  grade: { kind: 'graded', right: false, actual: { again: ['publish'], receipts: 1 } },
};

describe('crash lab predictions kept across a reload', () => {
  it('keeps and reads back each prediction with how it stood; an empty list removes the key', () => {
    const store = memoryKeyValueStore();
    const door = createLocalDoor(store);
    expect(keepPredictions([waiting, graded], door)).toBeNull();
    expect(readKeptPredictions(door)).toEqual([waiting, graded]);
    expect(keepPredictions([], door)).toBeNull();
    expect(store.data.has(STORAGE_KEYS.crashLabPredictions)).toBe(false);
    expect(readKeptPredictions(door)).toEqual([]);
  });

  it('a damaged or foreign value reads as none and is kept aside', () => {
    const store = memoryKeyValueStore();
    store.setItem(STORAGE_KEYS.crashLabPredictions, '[{"owner":"w","fault":"nowhere"}]');
    expect(readKeptPredictions(createLocalDoor(store))).toEqual([]);
    expect([...store.data.keys()].some((k) => k.includes('.corrupt.'))).toBe(true);
  });

  it('keeps at most the newest MAX_KEPT_PREDICTIONS', () => {
    const door = createLocalDoor(memoryKeyValueStore());
    const many = Array.from({ length: MAX_KEPT_PREDICTIONS + 3 }, (_, i) => ({
      ...waiting,
      owner: `worker-${i + 1}`,
    }));
    expect(keepPredictions(many, door)).toBeNull();
    const kept = readKeptPredictions(door);
    expect(kept).toHaveLength(MAX_KEPT_PREDICTIONS);
    expect(kept.at(-1)?.owner).toBe(`worker-${MAX_KEPT_PREDICTIONS + 3}`);
  });
});
