import { describe, expect, it } from 'vitest';
import { createLocalDoor, memoryKeyValueStore, STORAGE_KEYS } from '@/lib/storage';
import {
  clearPredictionDraft,
  MAX_PREDICTION_DRAFTS,
  readPredictionDraft,
  savePredictionDraft,
} from './prediction-drafts';

describe('prediction drafts', () => {
  it('keeps an unchecked prediction until it is cleared (it was lost on leaving the page)', () => {
    const store = memoryKeyValueStore();
    const door = createLocalDoor(store);
    expect(savePredictionDraft('timeline:acceptance', { e1: 'applied' }, 1, door)).toBeNull();
    // A new door over the same storage: a reload.
    const again = createLocalDoor(store);
    expect(readPredictionDraft('timeline:acceptance', again)).toEqual({ e1: 'applied' });
    expect(readPredictionDraft('timeline:other', again)).toEqual({});
    clearPredictionDraft('timeline:acceptance', again);
    expect(readPredictionDraft('timeline:acceptance', again)).toEqual({});
  });

  it('keeps the newest drafts only, and a damaged value is set aside, not thrown', () => {
    const store = memoryKeyValueStore();
    const door = createLocalDoor(store);
    for (let i = 0; i <= MAX_PREDICTION_DRAFTS; i += 1)
      savePredictionDraft(`k${i}`, { w: 'refused' }, i, door);
    expect(readPredictionDraft('k0', door)).toEqual({});
    expect(readPredictionDraft(`k${MAX_PREDICTION_DRAFTS}`, door)).toEqual({ w: 'refused' });
    store.setItem(STORAGE_KEYS.predictionDrafts, '{"k1": 5}');
    expect(readPredictionDraft('k1', door)).toEqual({});
  });
});
