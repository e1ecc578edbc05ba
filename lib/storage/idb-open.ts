import { IDB_NAME, IDB_STORE } from './keys';

/**
 * Opening the app's IndexedDB database, and setting it aside when it is not the one this app
 * makes: at another version, or holding stores the app does not make (a newer app, a hand-made
 * or foreign database under the same name). Such a database is copied whole to
 * `<name>.corrupt.<time>`, deleted, and made fresh, like a damaged value under a key.
 */

/** The one version of the database this app makes: one object store, IDB_STORE. */
export const IDB_VERSION = 1;

/** A database this app did not make, set aside when opening: reported once, as a value. */
export interface DatabaseSetAside {
  kind: 'database-set-aside';
  database: string;
  version: number;
  stores: string[];
  /** The name of the database it was copied to. */
  backup: string;
}

/** Why a database of this shape is not the app's, or null when it is. */
export function foreignShape(shape: { version: number; stores: readonly string[] }): string | null {
  if (shape.version !== IDB_VERSION) return `version ${shape.version}, not ${IDB_VERSION}`;
  const extra = shape.stores.filter((s) => s !== IDB_STORE);
  if (extra.length) return `stores this app does not make`;
  if (!shape.stores.includes(IDB_STORE)) return `no "${IDB_STORE}" store`;
  return null;
}

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Opens `name` (at `version`, or at whatever version it has), creating stores on upgrade. */
function open(
  name: string,
  version: number | undefined,
  upgrade: (db: IDBDatabase, from: number) => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = version === undefined ? indexedDB.open(name) : indexedDB.open(name, version);
    req.onupgradeneeded = (event) => upgrade(req.result, event.oldVersion);
    req.onsuccess = () => {
      const db = req.result;
      // Another tab setting the database aside (or upgrading it) must not wait for this one.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => undefined; // waits until the other connections close
  });
}

const createStore = (db: IDBDatabase, from: number) => {
  if (from === 0 && !db.objectStoreNames.contains(IDB_STORE)) db.createObjectStore(IDB_STORE);
};

const shapeOf = (db: IDBDatabase) => ({ version: db.version, stores: [...db.objectStoreNames] });

/** Copies every store of `source` (with its key path and indexes) and every record to `name`. */
async function copyDatabase(source: IDBDatabase, name: string): Promise<void> {
  const stores = [...source.objectStoreNames].map((store) => {
    const s = source.transaction(store, 'readonly').objectStore(store);
    return {
      store,
      keyPath: s.keyPath,
      autoIncrement: s.autoIncrement,
      indexes: [...s.indexNames].map((index) => {
        const i = s.index(index);
        return { index, keyPath: i.keyPath, unique: i.unique, multiEntry: i.multiEntry };
      }),
    };
  });
  const target = await open(name, 1, (db) => {
    for (const { store, keyPath, autoIncrement, indexes } of stores) {
      const created = db.createObjectStore(store, { keyPath, autoIncrement });
      for (const { index, ...rest } of indexes) created.createIndex(index, rest.keyPath, rest);
    }
  });
  try {
    for (const { store, keyPath } of stores) {
      const from = source.transaction(store, 'readonly').objectStore(store);
      const [keys, values] = await Promise.all([done(from.getAllKeys()), done(from.getAll())]);
      const tx = target.transaction(store, 'readwrite');
      const to = tx.objectStore(store);
      values.forEach((value, i) => (keyPath === null ? to.put(value, keys[i]) : to.put(value)));
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    }
  } finally {
    target.close();
  }
}

/** Runs fn alone across this origin's tabs where Web Locks exist, so one tab sets aside. */
function alone<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(`${IDB_NAME}.set-aside`, fn) as Promise<T>) : fn();
}

/**
 * Opens the app's database; one this app did not make is copied aside, deleted and made fresh
 * (the returned `setAside` says where it went). When it cannot be copied, nothing is deleted
 * and the open fails with the reason.
 */
export async function openAppDatabase(
  now: () => number,
): Promise<{ db: IDBDatabase; setAside: DatabaseSetAside | null }> {
  const first = await open(IDB_NAME, undefined, createStore);
  if (!foreignShape(shapeOf(first))) return { db: first, setAside: null };
  first.close();
  return alone(async () => {
    const db = await open(IDB_NAME, undefined, createStore);
    const shape = shapeOf(db);
    const why = foreignShape(shape);
    if (!why) return { db, setAside: null }; // another tab set it aside first
    const backup = `${IDB_NAME}.corrupt.${now()}`;
    try {
      await copyDatabase(db, backup);
    } catch (error) {
      db.close();
      throw new Error(
        `the browser database "${IDB_NAME}" is not the one this app makes (${why}) and could not be set aside (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      );
    }
    db.close();
    await done(indexedDB.deleteDatabase(IDB_NAME));
    const fresh = await open(IDB_NAME, IDB_VERSION, createStore);
    return {
      db: fresh,
      setAside: { kind: 'database-set-aside', database: IDB_NAME, backup, ...shape },
    };
  });
}
