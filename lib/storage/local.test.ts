import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLocalDoor, isQuotaError, type KeyValueStore } from './local';

/** A Web Storage stand-in with the browser's quota rule (characters of keys and values). */
function fakeStorage(quota = 1_000): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const used = () => [...data].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    removeItem: (k) => void data.delete(k),
    setItem(k, v) {
      const before = data.get(k);
      const next = used() - (before ? k.length + before.length : 0) + k.length + v.length;
      if (next > quota) {
        const error = new Error('quota');
        error.name = 'QuotaExceededError';
        throw error;
      }
      data.set(k, v);
    },
  };
}

const theme = z.enum(['light', 'dark', 'system']);

describe('local storage door', () => {
  it('round-trips a valid value and falls back when absent', () => {
    const door = createLocalDoor(fakeStorage());
    expect(door.read('t', theme, 'system')).toEqual({ ok: true, value: 'system', found: false });
    expect(door.write('t', theme, 'dark')).toEqual({ ok: true });
    expect(door.read('t', theme, 'system')).toEqual({ ok: true, value: 'dark', found: true });
  });

  it('keeps a damaged value aside and reports it', () => {
    const store = fakeStorage();
    store.setItem('t', '{not json');
    const door = createLocalDoor(store, () => 7);
    const result = door.read('t', theme, 'system');
    expect(result.ok).toBe(false);
    expect(result.value).toBe('system');
    expect(store.getItem('t.corrupt.7')).toBe('{not json');
    expect(store.getItem('t')).toBeNull();
    store.setItem('t', JSON.stringify('purple'));
    expect(door.read('t', theme, 'light')).toMatchObject({
      ok: false,
      error: 'corrupt',
      value: 'light',
    });
  });

  it('reports a full quota instead of throwing', () => {
    const door = createLocalDoor(fakeStorage(20));
    const result = door.write('k', z.string(), 'x'.repeat(100));
    expect(result).toMatchObject({ ok: false, error: 'quota' });
  });

  it('refuses to write a value its own schema rejects', () => {
    const door = createLocalDoor(fakeStorage());
    expect(() => door.write('t', theme, 'purple' as never)).toThrow();
  });

  it('works without storage (server render)', () => {
    const door = createLocalDoor(null);
    expect(door.read('t', theme, 'light')).toEqual({ ok: true, value: 'light', found: false });
    expect(door.write('t', theme, 'dark')).toMatchObject({ ok: false, error: 'unavailable' });
  });

  it('recognises quota errors by name', () => {
    const e = new Error('x');
    e.name = 'QuotaExceededError';
    expect(isQuotaError(e)).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });
});
