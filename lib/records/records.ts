import { openSqlJs, type SqlDriver, type SqlJsDriver } from '@/lib/sqlite';
import type { BlobStore, DatabaseSetAside } from '@/lib/storage';
import { backupKeyFor } from '@/lib/storage';
import { coreSchema, migrate, schemaDifference, schemaObjects, type FeatureSchema } from './schema';
import type { ActivityKind } from './activity';

/** A problem met while opening the stored records, reported to the learner. */
export interface RecordsProblem {
  message: string;
  backupKey: string | null;
}

export interface RecordsOptions {
  blobs: BlobStore;
  key: string;
  schemas: readonly FeatureSchema[];
  /** Serialises writers across tabs (navigator.locks in the browser). */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Tells other tabs that the records changed. */
  notify?: () => void;
  now?: () => number;
}

export interface RecordsDb {
  /** Reads from the latest stored records. */
  read<T>(fn: (db: SqlDriver) => T): Promise<T>;
  /**
   * Changes the records and persists them. Each write starts from the bytes last stored (under
   * the lock), so two tabs writing in turn never overwrite each other's records.
   */
  write<T>(fn: (db: SqlDriver) => T): Promise<T>;
  /** Problems found when opening (a damaged database kept aside), once. */
  takeProblems(): RecordsProblem[];
  /** Forget the cached copy, so the next read loads what another tab stored. */
  invalidate(): void;
}

const noLock = <T>(fn: () => Promise<T>) => fn();

/**
 * The in-browser records database: SQLite (sql.js) persisted as bytes in a blob store. A stored
 * database that cannot be opened or migrated is kept aside under a backup key, reported, and
 * replaced by a fresh one rather than breaking the page.
 */
export function createRecordsDb(options: RecordsOptions): RecordsDb {
  const { blobs, key } = options;
  const schemas = [coreSchema, ...options.schemas.filter((s) => s.feature !== 'core')];
  const lock = options.lock ?? noLock;
  const now = options.now ?? Date.now;
  const problems: RecordsProblem[] = [];
  let cached: SqlJsDriver | null = null;
  // Reads, writes and invalidations in this tab run one at a time, so a read never meets a
  // database that a write is closing and reloading (regression: records-read-during-write).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  async function openFresh(): Promise<SqlJsDriver> {
    const db = await openSqlJs();
    migrate(db, schemas);
    return db;
  }

  // The schema objects a database made by this app has: a stored one must have exactly these.
  let expected: Promise<string[]> | null = null;
  const expectedObjects = () =>
    (expected ??= openFresh().then((db) => {
      const objects = schemaObjects(db);
      db.close();
      return objects;
    }));

  /** Starts a fresh database in place of what is stored (kept aside first by the caller). */
  async function replaceWithFresh(): Promise<SqlJsDriver> {
    const fresh = await openFresh();
    await blobs.set(key, fresh.export());
    return fresh;
  }

  async function load(): Promise<SqlJsDriver> {
    const found = await blobs.read(key);
    for (const repair of blobs.takeRepairs()) problems.push(describeSetAside(repair));
    if (found.kind === 'none' || (found.kind === 'bytes' && found.bytes.length === 0))
      return openFresh();
    if (found.kind === 'foreign') {
      // Copied aside before it is replaced; if it cannot be, it is left alone and nothing is
      // saved over it (the read fails with the reason).
      const backupKey = backupKeyFor(key, now());
      try {
        await blobs.copy(key, backupKey);
      } catch (error) {
        throw new Error(
          `something this app did not write is stored in place of your records (${found.description}), and it could not be copied aside (${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
      }
      problems.push({
        message: `Something this app did not write was stored in place of your records (${found.description}). It was copied aside as "${backupKey}", and a fresh records database was started.`,
        backupKey,
      });
      return replaceWithFresh();
    }
    const bytes = found.bytes;
    try {
      const db = await openSqlJs(bytes);
      const check = db.get<{ integrity_check: string }>('PRAGMA integrity_check');
      if (check?.integrity_check !== 'ok')
        throw new Error(`integrity check: ${String(check?.integrity_check)}`);
      migrate(db, schemas);
      const difference = schemaDifference(await expectedObjects(), schemaObjects(db));
      if (difference) {
        db.close();
        throw new Error(`its tables are not the ones this app created (${difference})`);
      }
      return db;
    } catch (error) {
      const backupKey = backupKeyFor(key, now());
      let kept: string | null = backupKey;
      try {
        await blobs.set(backupKey, bytes);
      } catch {
        kept = null;
      }
      problems.push({
        message: `Your stored records could not be opened (${error instanceof Error ? error.message : String(error)}). ${
          kept ? `They were kept aside as "${kept}"` : 'They could not be kept aside'
        }, and a fresh records database was started.`,
        backupKey: kept,
      });
      return replaceWithFresh();
    }
  }

  return {
    read(fn) {
      return serial(async () => {
        if (!cached) cached = await load();
        return fn(cached);
      });
    },
    write(fn) {
      return serial(() =>
        lock(async () => {
          cached?.close();
          cached = null;
          const db = await load();
          cached = db;
          const result = db.transaction(() => fn(db));
          await blobs.set(key, db.export());
          options.notify?.();
          return result;
        }),
      );
    },
    takeProblems() {
      return problems.splice(0, problems.length);
    },
    invalidate() {
      void serial(async () => {
        cached?.close();
        cached = null;
      });
    },
  };
}

/** Store names as a notice lists them: at most five, each cut to 40 characters. */
function storeList(stores: readonly string[]): string {
  const named = stores.slice(0, 5).map((s) => `"${s.length > 40 ? `${s.slice(0, 40)}…` : s}"`);
  if (stores.length > 5) named.push(`${stores.length - 5} more`);
  return stores.length ? `stores ${named.join(', ')}` : 'no stores';
}

/** The notice for a browser database set aside when it was opened (see lib/storage). */
function describeSetAside(repair: DatabaseSetAside): RecordsProblem {
  return {
    message: `The browser database "${repair.database}" that holds your records was not one this app makes (version ${repair.version}, ${storeList(repair.stores)}). It was set aside, whole, as the browser database "${repair.backup}", and a fresh records database was started.`,
    backupKey: repair.backup,
  };
}

/** Appends one entry to the shared activity log (evidence for the progress view). */
export function logActivity(
  db: SqlDriver,
  at: number,
  kind: ActivityKind,
  subject: string,
  detail: unknown = {},
): void {
  db.run('INSERT INTO activity (at, kind, subject, detail) VALUES (?, ?, ?, ?)', [
    at,
    kind,
    subject,
    JSON.stringify(detail),
  ]);
}
