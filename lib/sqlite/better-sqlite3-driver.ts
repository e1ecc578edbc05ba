import Database from 'better-sqlite3';
import type { SqlDriver, SqlParams, SqlRow, SqlValue } from './driver';
import { SqlError } from './driver';

/**
 * A file-backed SQLite (better-sqlite3) behind the same driver interface as sql.js, for Node
 * tools such as the crash-lab CLI, where several processes meet real file locks.
 * Node only: never import this from app/ or components/ (it loads a native addon).
 */
export interface FileDriver extends SqlDriver {
  /** The file this driver has open. */
  readonly path: string;
}

export interface OpenFileOptions {
  /** Refuse to create the file when it does not exist (default true). */
  mustExist?: boolean;
  /** Open without write access: nothing can change the file. */
  readonly?: boolean;
  /** How long a statement waits for another process's lock, in ms (default 5000). */
  busyTimeoutMs?: number;
}

const NAMED_PREFIX = /^[$:@]/;

/**
 * better-sqlite3 wants named keys without their prefix; the driver contract lets callers pass
 * either spelling (as the sql.js driver does), so strip a prefix when one is given.
 */
function toBind(params: SqlParams | undefined): unknown[] {
  if (params === undefined) return [];
  if (Array.isArray(params)) return params as SqlValue[];
  const named: Record<string, SqlValue> = {};
  for (const [key, value] of Object.entries(params as Record<string, SqlValue>)) {
    named[key.replace(NAMED_PREFIX, '')] = value;
  }
  return [named];
}

function wrap(error: unknown, sql: string): SqlError {
  if (error instanceof SqlError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new SqlError(message, sql, { cause: error });
}

/** Copies Buffers into plain Uint8Arrays so rows look the same as sql.js rows. */
function plainRow<T extends SqlRow>(row: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Uint8Array && value.constructor !== Uint8Array)
      row[key] = new Uint8Array(value);
    if (typeof value === 'bigint') row[key] = Number(value);
  }
  return row as T;
}

/** Wraps an open better-sqlite3 database in the driver interface. */
export function wrapBetterSqlite3(db: Database.Database, path = db.name): FileDriver {
  const prepare = (sql: string) => {
    try {
      return db.prepare(sql);
    } catch (error) {
      throw wrap(error, sql);
    }
  };
  const driver: FileDriver = {
    path,
    run(sql, params) {
      const stmt = prepare(sql);
      try {
        return stmt.run(...toBind(params)).changes;
      } catch (error) {
        throw wrap(error, sql);
      }
    },
    get(sql, params) {
      return driver.all(sql, params)[0] as never;
    },
    all<T extends SqlRow>(sql: string, params?: SqlParams): T[] {
      const stmt = prepare(sql);
      try {
        if (!stmt.reader) {
          stmt.run(...toBind(params));
          return [];
        }
        return (stmt.all(...toBind(params)) as Record<string, unknown>[]).map((row) =>
          plainRow<T>(row),
        );
      } catch (error) {
        throw wrap(error, sql);
      }
    },
    exec(sql) {
      try {
        db.exec(sql);
      } catch (error) {
        throw wrap(error, sql);
      }
    },
    transaction(fn) {
      // IMMEDIATE takes the write lock up front, so two processes never deadlock upgrading a
      // read lock; nested calls become savepoints (better-sqlite3 does that itself).
      return db.transaction(fn).immediate();
    },
    close() {
      db.close();
    },
  };
  return driver;
}

/** Opens a SQLite file through better-sqlite3. */
export function openFileDb(path: string, options: OpenFileOptions = {}): FileDriver {
  let db: Database.Database;
  try {
    db = new Database(path, {
      fileMustExist: options.mustExist ?? true,
      readonly: options.readonly ?? false,
      timeout: options.busyTimeoutMs ?? 5000,
    });
  } catch (error) {
    throw wrap(error, `open ${path}`);
  }
  return wrapBetterSqlite3(db, path);
}
