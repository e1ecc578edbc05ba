import { backupKeyFor } from './keys';
import { announceSetAside } from './set-aside-log';

/**
 * What the door needs of a schema: zod's parse and safeParse. Both `zod` and the smaller
 * `zod/mini` (used where bundle size matters, such as the theme on every page) fit.
 */
export interface Schema<T> {
  parse(value: unknown): T;
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { message: string }[] } };
}

/** The part of the Web Storage API the door uses; tests may pass their own. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export type WriteResult =
  | { ok: true }
  /** invalid: the value does not fit its schema (nothing was written; the caller keeps it). */
  | { ok: false; error: 'quota' | 'unavailable' | 'invalid'; message: string };

export type ReadResult<T> =
  | { ok: true; value: T; found: boolean }
  | { ok: false; error: 'corrupt'; value: T; backupKey: string | null; message: string };

/** True for the quota errors browsers throw from setItem (names differ between engines). */
export function isQuotaError(error: unknown): boolean {
  if (
    !(error instanceof Error) &&
    !(typeof DOMException !== 'undefined' && error instanceof DOMException)
  ) {
    return false;
  }
  const e = error as { name?: string; code?: number };
  return (
    e.name === 'QuotaExceededError' ||
    e.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    e.code === 22 ||
    e.code === 1014
  );
}

/**
 * The one sentence for a browser that gives no storage (blocked by its settings, or a sandboxed
 * frame): said by every page on load and by every save it refuses, so the learner knows before
 * typing that nothing entered is kept.
 */
export const STORAGE_UNAVAILABLE =
  'Browser storage is not available here (the browser blocks it), so nothing you enter on this site is kept: it is gone when you reload or leave the page.';

/** The browser's localStorage, or null where there is none (server render, blocked storage). */
export function browserStore(): KeyValueStore | null {
  try {
    if (typeof window === 'undefined' || !window.localStorage) return null;
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * This tab's sessionStorage, or null where there is none: kept across a reload of the tab, never
 * shared with another tab, gone with the tab. For what belongs to one page's in-memory work.
 */
export function browserSessionStore(): KeyValueStore | null {
  try {
    if (typeof window === 'undefined' || !window.sessionStorage) return null;
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The one door to key-value browser storage: every read is parsed and validated, every write
 * is guarded against the quota. A value that fails validation is kept aside under a backup key
 * and reported, and the caller gets the fallback, so one damaged value never breaks a page.
 */
export function createLocalDoor(store: KeyValueStore | null, now: () => number = Date.now) {
  /** Moves a raw value to a backup key; returns that key, or null when storage refused it. */
  function setAside(key: string, raw: string): string | null {
    if (!store) return null;
    const backupKey = backupKeyFor(key, now());
    try {
      store.setItem(backupKey, raw);
      store.removeItem(key);
      return backupKey;
    } catch {
      return null;
    }
  }

  return {
    read<T>(key: string, schema: Schema<T>, fallback: T): ReadResult<T> {
      if (!store) return { ok: true, value: fallback, found: false };
      let raw: string | null;
      try {
        raw = store.getItem(key);
      } catch {
        return { ok: true, value: fallback, found: false };
      }
      if (raw === null) return { ok: true, value: fallback, found: false };
      let parsed: unknown;
      let problem: string;
      try {
        parsed = JSON.parse(raw);
        const result = schema.safeParse(parsed);
        if (result.success) return { ok: true, value: result.data, found: true };
        problem = result.error.issues[0]?.message ?? 'invalid value';
      } catch (error) {
        problem = error instanceof Error ? error.message : 'unreadable JSON';
      }
      const kept = setAside(key, raw);
      const message = `Stored data under "${key}" was damaged (${problem}). ${
        kept ? `It was kept aside as "${kept}"` : 'It could not be kept aside (storage is full)'
      } and a fresh value is used.`;
      announceSetAside({ key, backupKey: kept, message });
      return { ok: false, error: 'corrupt', value: fallback, backupKey: kept, message };
    },

    write<T>(key: string, schema: Schema<T>, value: T): WriteResult {
      if (!store)
        return {
          ok: false,
          error: 'unavailable',
          message: STORAGE_UNAVAILABLE,
        };
      // A write never throws past the door: a value that does not fit its schema (a number past
      // its bound, say) is refused with the reason, like a full storage.
      const checked = schema.safeParse(value);
      if (!checked.success) {
        const reason = checked.error.issues[0]?.message ?? 'it does not fit the stored format';
        return {
          ok: false,
          error: 'invalid',
          message: `This change could not be saved (${reason}); it is kept on the page.`,
        };
      }
      try {
        store.setItem(key, JSON.stringify(checked.data));
        return { ok: true };
      } catch (error) {
        if (isQuotaError(error)) {
          return {
            ok: false,
            error: 'quota',
            message: 'Browser storage is full: this change is kept on the page but was not saved.',
          };
        }
        return { ok: false, error: 'unavailable', message: `Saving failed: ${String(error)}` };
      }
    },

    /**
     * The stored text under key, unparsed, or null. Only for noticing that a value changed
     * (another tab wrote it): anything used must still come through read(), which validates.
     */
    peek(key: string): string | null {
      try {
        return store?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },

    /**
     * Keeps a value that is well-formed but wrong for its caller (say, it contradicts its own
     * key) aside under a backup key, as read() does with a damaged one. Returns the backup key.
     */
    setAside(key: string): string | null {
      const raw = this.peek(key);
      if (raw === null) return null;
      const kept = setAside(key, raw);
      announceSetAside({
        key,
        backupKey: kept,
        message: `Stored data under "${key}" did not fit what this app keeps there. ${
          kept ? `It was kept aside as "${kept}"` : 'It could not be kept aside (storage is full)'
        } and a fresh value is used.`,
      });
      return kept;
    },

    remove(key: string): void {
      try {
        store?.removeItem(key);
      } catch {
        // Nothing to do: a missing store has nothing to remove.
      }
    },

    /** Keys that start with prefix, for listing backups and exports. */
    keys(prefix: string): string[] {
      if (!store) return [];
      const found: string[] = [];
      for (let i = 0; i < store.length; i += 1) {
        const k = store.key(i);
        if (k !== null && k.startsWith(prefix)) found.push(k);
      }
      return found;
    },
  };
}

export type LocalDoor = ReturnType<typeof createLocalDoor>;

/** Calls onChange when another tab changes key. Returns the unsubscribe function. */
export function subscribeToKey(key: string, onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** Calls onChange(key) when another tab changes any key starting with prefix (or clears all). */
export function subscribeToPrefix(
  prefix: string,
  onChange: (key: string | null) => void,
): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(prefix)) onChange(event.key);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
