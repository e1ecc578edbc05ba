import { IDB_NAME, IDB_STORE } from './keys';

/** A store for binary blobs (SQLite files); IndexedDB in the browser, a Map in tests. */
export interface BlobStore {
  get(key: string): Promise<Uint8Array | null>;
  set(key: string, bytes: Uint8Array): Promise<void>;
  remove(key: string): Promise<void>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let opening: Promise<IDBDatabase> | null = null;

function openIdb(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const req = indexedDB.open(IDB_NAME, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(IDB_STORE))
          req.result.createObjectStore(IDB_STORE);
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    opening.catch(() => {
      opening = null;
    });
  }
  return opening;
}

/** The browser's IndexedDB as a blob store. */
export function indexedDbBlobStore(): BlobStore {
  const tx = async (mode: IDBTransactionMode) =>
    (await openIdb()).transaction(IDB_STORE, mode).objectStore(IDB_STORE);
  return {
    async get(key) {
      const value = await request((await tx('readonly')).get(key));
      if (value instanceof Uint8Array) return value;
      if (value instanceof ArrayBuffer) return new Uint8Array(value);
      return null;
    },
    async set(key, bytes) {
      await request((await tx('readwrite')).put(bytes, key));
    },
    async remove(key) {
      await request((await tx('readwrite')).delete(key));
    },
  };
}

/** An in-memory blob store, for Node tests and browsers without IndexedDB. */
export function memoryBlobStore(): BlobStore {
  const map = new Map<string, Uint8Array>();
  return {
    async get(key) {
      return map.get(key) ?? null;
    },
    async set(key, bytes) {
      map.set(key, bytes.slice());
    },
    async remove(key) {
      map.delete(key);
    },
  };
}
