import { describe, expect, it } from 'vitest';
import { BLANK_SCENARIO } from '@/content/timeline/scenarios';
import { STORAGE_KEYS, createLocalDoor, type KeyValueStore } from '@/lib/storage';
import { MAX_SAVED_SCENARIOS, deleteSavedScenario, readSavedScenarios, saveScenario } from './saved';

function memoryStore(limit = Infinity): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > limit) throw new DOMException('full', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
}

describe('saved timeline scenarios', () => {
  it('save, replace by id, cap the list, delete', () => {
    const door = createLocalDoor(memoryStore());
    expect(saveScenario(door, BLANK_SCENARIO).ok).toBe(true);
    saveScenario(door, { ...BLANK_SCENARIO, title: 'renamed' });
    expect(readSavedScenarios(door).value.map((s) => s.title)).toEqual(['renamed']);
    for (let i = 0; i < MAX_SAVED_SCENARIOS; i += 1) saveScenario(door, { ...BLANK_SCENARIO, id: `s${i}`, title: `S${i}` });
    expect(readSavedScenarios(door).value).toHaveLength(MAX_SAVED_SCENARIOS);
    expect(deleteSavedScenario(door, 's5').ok).toBe(true);
    expect(readSavedScenarios(door).value.some((s) => s.id === 's5')).toBe(false);
  });

  it('a damaged list is kept aside and an empty one used; a full storage is reported', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.timelineScenarios, '[{"version":1,"id":"x"}]');
    const read = readSavedScenarios(createLocalDoor(store, () => 7));
    expect(read).toMatchObject({ ok: false, value: [] });
    expect(store.getItem(`${STORAGE_KEYS.timelineScenarios}.corrupt.7`)).toContain('"id":"x"');
    const full = saveScenario(createLocalDoor(memoryStore(10)), BLANK_SCENARIO);
    expect(full).toMatchObject({ ok: false, error: 'quota' });
  });
});
