import { IDB_STORE } from './keys';
import { openAppDatabase, type DatabaseSetAside } from './idb-open';

/** What is stored under a key: bytes, nothing, or a value this app never writes there. */
export type BlobRead =
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'none' }
  | { kind: 'foreign'; description: string };

/** A store for binary blobs (SQLite files); IndexedDB in the browser, a Map in tests. */
export interface BlobStore {
  /** The bytes under key, or null when there are none (or the value there is not bytes). */
  get(key: string): Promise<Uint8Array | null>;
  /** What is under key, telling a foreign value apart from nothing. */
  read(key: string): Promise<BlobRead>;
  set(key: string, bytes: Uint8Array): Promise<void>;
  /** Copies the value under `from`, whatever it is, to `to` (to keep a foreign value aside). */
  copy(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Repairs made while opening the store (a foreign database set aside), each given once. */
  takeRepairs(): DatabaseSetAside[];
}

/** A short description of a value that is not bytes, for a notice (never its contents). */
export function describeForeignValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string')
    return `a text of ${value.length.toLocaleString('en-US')} characters`;
  if (Array.isArray(value)) return `a list of ${value.length.toLocaleString('en-US')} items`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  const keys = Object.keys(value);
  const named = keys.slice(0, 5).map((k) => `"${k.length > 40 ? `${k.slice(0, 40)}…` : k}"`);
  if (keys.length > 5) named.push(`${keys.length - 5} more`);
  return keys.length ? `an object with the fields ${named.join(', ')}` : 'an empty object';
}

function toRead(value: unknown): BlobRead {
  if (value === undefined) return { kind: 'none' };
  if (value instanceof Uint8Array) return { kind: 'bytes', bytes: value };
  if (value instanceof ArrayBuffer) return { kind: 'bytes', bytes: new Uint8Array(value) };
  return { kind: 'foreign', description: describeForeignValue(value) };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The browser's IndexedDB as a blob store. */
export function indexedDbBlobStore(now: () => number = Date.now): BlobStore {
  let opening: Promise<IDBDatabase> | null = null;
  const repairs: DatabaseSetAside[] = [];
  const openDb = () => {
    if (!opening) {
      opening = openAppDatabase(now).then(({ db, setAside }) => {
        if (setAside) repairs.push(setAside);
        // Closed for another tab's set-aside or upgrade: open again on the next call.
        db.addEventListener('close', () => (opening = null));
        const closing = db.onversionchange;
        db.onversionchange = (event) => {
          opening = null;
          closing?.call(db, event);
        };
        return db;
      });
      opening.catch(() => {
        opening = null;
      });
    }
    return opening;
  };
  const tx = async (mode: IDBTransactionMode) =>
    (await openDb()).transaction(IDB_STORE, mode).objectStore(IDB_STORE);
  const store: BlobStore = {
    async get(key) {
      const found = await store.read(key);
      return found.kind === 'bytes' ? found.bytes : null;
    },
    async read(key) {
      return toRead(await request((await tx('readonly')).get(key)));
    },
    async set(key, bytes) {
      await request((await tx('readwrite')).put(bytes, key));
    },
    async copy(from, to) {
      const objects = await tx('readwrite');
      const value: unknown = await request(objects.get(from));
      await request(objects.put(value, to));
    },
    async remove(key) {
      await request((await tx('readwrite')).delete(key));
    },
    takeRepairs() {
      return repairs.splice(0, repairs.length);
    },
  };
  return store;
}

/**
 * An in-memory blob store, for Node tests and browsers without IndexedDB. `initial` may hold
 * any values, as a hand-edited IndexedDB store could.
 */
export function memoryBlobStore(initial: Iterable<[string, unknown]> = []): BlobStore {
  const map = new Map<string, unknown>(initial);
  const store: BlobStore = {
    async get(key) {
      const found = await store.read(key);
      return found.kind === 'bytes' ? found.bytes : null;
    },
    async read(key) {
      return toRead(map.get(key));
    },
    async set(key, bytes) {
      map.set(key, bytes.slice());
    },
    async copy(from, to) {
      map.set(to, structuredClone(map.get(from)));
    },
    async remove(key) {
      map.delete(key);
    },
    takeRepairs() {
      return [];
    },
  };
  return store;
}

/**
 * A blob store whose every call fails with `reason`: for a browser where IndexedDB cannot even be
 * reached (reading `window.indexedDB` throws, as some privacy modes and embedded views do). The
 * records then meet it as they meet blocked storage, and say what they cannot keep, instead of
 * the page breaking on the first touch (issue 42).
 */
export function unavailableBlobStore(reason: string): BlobStore {
  const fail = () => Promise.reject(new Error(reason));
  return {
    get: fail,
    read: fail,
    set: fail,
    copy: fail,
    remove: fail,
    takeRepairs: () => [],
  };
}

/**
 * The browser's IndexedDB as a blob store; an unavailable one (see unavailableBlobStore) when
 * reading `window.indexedDB` throws; null where there is none (Node, a server render).
 */
export function browserBlobStore(now: () => number = Date.now): BlobStore | null {
  try {
    if (typeof window === 'undefined' || !window.indexedDB) return null;
    return indexedDbBlobStore(now);
  } catch (error) {
    const name =
      error instanceof Error ||
      (typeof DOMException !== 'undefined' && error instanceof DOMException)
        ? error.name
        : 'an error';
    return unavailableBlobStore(
      `this browser refuses this page its database storage (${name} on opening it)`,
    );
  }
}
