import type { BindParams, Database } from 'sql.js';
import type { SqlDriver, SqlParams, SqlRow } from './driver';
import { SqlError } from './driver';
import { loadSqlJs } from './load';

/** A sql.js database behind the driver interface, plus what only an in-memory database has. */
export interface SqlJsDriver extends SqlDriver {
  /** The whole database as SQLite file bytes, for persistence or download. */
  export(): Uint8Array;
  /** The underlying sql.js handle, for tools that need more than the driver offers. */
  readonly raw: Database;
}

const NAMED_PREFIX = /^[$:@]/;

function toBindParams(params: SqlParams | undefined): BindParams | undefined {
  if (params === undefined) return undefined;
  if (Array.isArray(params)) return params as BindParams;
  const named: Record<string, string | number | null | Uint8Array> = {};
  for (const [key, value] of Object.entries(params)) {
    if (NAMED_PREFIX.test(key)) {
      named[key] = value;
    } else {
      // sql.js matches the key with its prefix; bind every spelling, unused ones are skipped.
      named[`$${key}`] = value;
      named[`:${key}`] = value;
      named[`@${key}`] = value;
    }
  }
  return named;
}

function wrap(error: unknown, sql: string): SqlError {
  const message = error instanceof Error ? error.message : String(error);
  return new SqlError(message, sql, { cause: error });
}

/** Wraps an open sql.js database in the driver interface. */
export function wrapSqlJs(db: Database): SqlJsDriver {
  let depth = 0;

  const all = <T extends SqlRow>(sql: string, params?: SqlParams): T[] => {
    let stmt;
    try {
      stmt = db.prepare(sql);
    } catch (error) {
      throw wrap(error, sql);
    }
    try {
      const bind = toBindParams(params);
      if (bind !== undefined) stmt.bind(bind);
      const rows: T[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as T);
      return rows;
    } catch (error) {
      throw wrap(error, sql);
    } finally {
      stmt.free();
    }
  };

  const driver: SqlJsDriver = {
    raw: db,
    run(sql, params) {
      all(sql, params);
      return db.getRowsModified();
    },
    get(sql, params) {
      return all(sql, params)[0] as never;
    },
    all,
    exec(sql) {
      try {
        db.exec(sql);
      } catch (error) {
        throw wrap(error, sql);
      }
    },
    transaction(fn) {
      const name = `tx_${depth}`;
      driver.exec(`SAVEPOINT ${name}`);
      depth += 1;
      try {
        const result = fn();
        depth -= 1;
        driver.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        depth -= 1;
        driver.exec(`ROLLBACK TO ${name}`);
        driver.exec(`RELEASE ${name}`);
        throw error;
      }
    },
    export() {
      return db.export();
    },
    close() {
      db.close();
    },
  };
  return driver;
}

/**
 * Opens a sql.js database: empty, or from SQLite file bytes. Rejects bytes that are not a
 * SQLite database with a clear SqlError instead of failing later.
 */
export async function openSqlJs(bytes?: Uint8Array): Promise<SqlJsDriver> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(bytes);
  const driver = wrapSqlJs(db);
  if (bytes) {
    try {
      driver.get('SELECT count(*) AS n FROM sqlite_schema');
    } catch (error) {
      db.close();
      throw new SqlError(
        `These bytes are not a readable SQLite database (${error instanceof Error ? error.message : String(error)})`,
        'SELECT count(*) FROM sqlite_schema',
        { cause: error },
      );
    }
  }
  return driver;
}
