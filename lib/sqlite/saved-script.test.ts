import { describe, expect, it } from 'vitest';
import {
  createLocalDoor,
  memoryKeyValueStore,
  STORAGE_KEYS,
  STORAGE_UNAVAILABLE,
} from '@/lib/storage';
import { loadSandboxScript, saveSandboxScript } from './saved-script';

const LESSON = 'SELECT 1;';

// Issue 42 after the review: the SQL sandbox kept the learner's script nowhere, so a reload
// showed the lesson's script again and said nothing (sandbox-script-lost).
describe('the SQL sandbox’s stored script (sandbox-script-lost)', () => {
  it('comes back after a reload, an empty script included', () => {
    const store = memoryKeyValueStore();
    expect(saveSandboxScript(createLocalDoor(store), 'SELECT 2;', LESSON)).toBeNull();
    expect(loadSandboxScript(createLocalDoor(store))).toEqual({
      script: 'SELECT 2;',
      problem: null,
    });
    saveSandboxScript(createLocalDoor(store), '', LESSON);
    expect(loadSandboxScript(createLocalDoor(store)).script).toBe('');
  });

  it('keeps the lesson’s own script as no edit at all', () => {
    const store = memoryKeyValueStore();
    saveSandboxScript(createLocalDoor(store), 'SELECT 2;', LESSON);
    saveSandboxScript(createLocalDoor(store), LESSON, LESSON);
    expect(store.data.has(STORAGE_KEYS.sqlSandboxScript)).toBe(false);
    expect(loadSandboxScript(createLocalDoor(store)).script).toBeNull();
  });

  it('says why a write was refused: full, blocked, too long', () => {
    const full = memoryKeyValueStore(100);
    expect(saveSandboxScript(createLocalDoor(full), 'x'.repeat(200), LESSON)).toMatch(
      /^Browser storage is full/,
    );
    expect(saveSandboxScript(createLocalDoor(null), 'SELECT 2;', LESSON)).toBe(STORAGE_UNAVAILABLE);
    expect(
      saveSandboxScript(createLocalDoor(memoryKeyValueStore()), 'x'.repeat(200_001), LESSON),
    ).toMatch(/^This change could not be saved/);
  });

  it('sets a damaged stored value aside with the door’s notice', () => {
    const store = memoryKeyValueStore();
    store.setItem(STORAGE_KEYS.sqlSandboxScript, '{"x":5}');
    const loaded = loadSandboxScript(createLocalDoor(store));
    expect(loaded.script).toBeNull();
    expect(loaded.problem).toMatch(/was damaged/);
  });
});
