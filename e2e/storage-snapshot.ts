import type { Page } from '@playwright/test';

/**
 * A copy of what the app keeps for one origin (localStorage and every IndexedDB database), taken
 * from a page and put back into a fresh one. The believer spec uses it so that seven scripted
 * learners share the same reading, free-text and lab work (done once, by acting on the pages)
 * and each does the graded work itself: a design check of 60,060 schedules and a crash lab run
 * seven times over would be most of the spec's CPU and would test nothing new.
 */
export interface StorageSnapshot {
  local: [string, string][];
  databases: {
    name: string;
    version: number;
    stores: {
      name: string;
      keyPath: string | string[] | null;
      autoIncrement: boolean;
      indexes: { name: string; keyPath: string | string[]; unique: boolean; multiEntry: boolean }[];
      rows: { key: string; value: Tagged }[];
    }[];
  }[];
}

type Tagged =
  | { t: 'json'; v: unknown }
  | { t: 'u8'; b: string }
  | { t: 'ab'; b: string }
  | { t: 'blob'; b: string; type: string };

/** Reads the page's origin storage (call once the app's writes have landed). */
export async function takeSnapshot(page: Page): Promise<StorageSnapshot> {
  return page.evaluate(async () => {
    const b64 = (bytes: Uint8Array) => {
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    };
    const tag = async (value: unknown) => {
      if (value instanceof Uint8Array) return { t: 'u8' as const, b: b64(value) };
      if (value instanceof ArrayBuffer) return { t: 'ab' as const, b: b64(new Uint8Array(value)) };
      if (value instanceof Blob)
        return {
          t: 'blob' as const,
          b: b64(new Uint8Array(await value.arrayBuffer())),
          type: value.type,
        };
      return { t: 'json' as const, v: value };
    };
    const req = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const local: [string, string][] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      local.push([key, localStorage.getItem(key) ?? '']);
    }
    const databases = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await req(indexedDB.open(info.name));
      const stores = [];
      for (const name of Array.from(db.objectStoreNames)) {
        const store = db.transaction(name).objectStore(name);
        const keys = await req(store.getAllKeys());
        const values = await req(store.getAll());
        const rows = [];
        for (let i = 0; i < keys.length; i++)
          rows.push({ key: JSON.stringify(keys[i]), value: await tag(values[i]) });
        stores.push({
          name,
          keyPath: store.keyPath as string | string[] | null,
          autoIncrement: store.autoIncrement,
          indexes: Array.from(store.indexNames).map((index) => {
            const i = store.index(index);
            return { name: index, keyPath: i.keyPath, unique: i.unique, multiEntry: i.multiEntry };
          }),
          rows,
        });
      }
      databases.push({ name: info.name, version: db.version, stores });
      db.close();
    }
    return { local, databases };
  });
}

/**
 * Writes a snapshot into the page's origin: call it on a page of the origin that runs none of
 * the app (freshStorage leaves the page on the web app manifest), before the app loads.
 */
export async function restoreSnapshot(page: Page, snapshot: StorageSnapshot): Promise<void> {
  await page.evaluate(async (snap) => {
    const bytes = (b: string) => Uint8Array.from(atob(b), (c) => c.charCodeAt(0));
    const untag = (value: Tagged): unknown =>
      value.t === 'u8'
        ? bytes(value.b)
        : value.t === 'ab'
          ? bytes(value.b).buffer
          : value.t === 'blob'
            ? new Blob([bytes(value.b)], { type: value.type })
            : value.v;
    for (const [key, value] of snap.local) localStorage.setItem(key, value);
    for (const database of snap.databases) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(database.name, database.version);
        open.onupgradeneeded = () => {
          for (const store of database.stores) {
            const created = open.result.createObjectStore(store.name, {
              keyPath: store.keyPath ?? undefined,
              autoIncrement: store.autoIncrement,
            });
            for (const { name, keyPath, ...options } of store.indexes)
              created.createIndex(name, keyPath, options);
          }
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of database.stores) {
        if (store.rows.length === 0) continue;
        const tx = db.transaction(store.name, 'readwrite');
        const os = tx.objectStore(store.name);
        for (const row of store.rows)
          if (store.keyPath === null) os.put(untag(row.value), JSON.parse(row.key) as IDBValidKey);
          else os.put(untag(row.value));
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      }
      db.close();
    }
  }, snapshot);
}
