import type { KeyValueStore } from './local';

/** Chromium's localStorage quota: UTF-16 characters of keys and values per origin. */
export const LOCAL_STORAGE_QUOTA_CHARS = 5_242_880;

/**
 * An in-memory Web Storage with the browser's quota rule (characters of keys and values,
 * QuotaExceededError past it), for Node tests and benchmarks.
 */
export function memoryKeyValueStore(quota = LOCAL_STORAGE_QUOTA_CHARS): KeyValueStore & {
  data: Map<string, string>;
  used(): number;
} {
  const data = new Map<string, string>();
  let used = 0;
  // key(i) is called for i = 0, 1, 2…: the list of keys is kept until the next change, so a
  // listing costs one pass, not one pass per key.
  let listed: string[] | null = null;
  return {
    data,
    used: () => used,
    get length() {
      return data.size;
    },
    key: (i) => (listed ??= [...data.keys()])[i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    removeItem(k) {
      const before = data.get(k);
      if (before !== undefined) used -= k.length + before.length;
      if (data.delete(k)) listed = null;
    },
    setItem(k, v) {
      const before = data.get(k);
      const next =
        used - (before !== undefined ? k.length + before.length : 0) + k.length + v.length;
      if (next > quota) {
        const error = new Error(`quota of ${quota} characters exceeded`);
        error.name = 'QuotaExceededError';
        throw error;
      }
      if (before === undefined) listed = null;
      data.set(k, String(v));
      used = next;
    },
  };
}
