import type { SqlDriver, SqlParams, SqlRow } from './driver';

/** The SQL dialects the engines speak. Statements are written once; DDL and the clock differ. */
export type SqlDialect = 'sqlite' | 'postgres';

/**
 * The driver interface for a database reached over a connection (PostgreSQL), where every
 * statement is a round trip. It mirrors {@link SqlDriver} method by method, so an engine written
 * against it runs on both: a synchronous driver is wrapped with {@link asyncDriver}.
 * Parameters are named (`$owner`), as in the rulebook's statements.
 */
export interface AsyncSqlDriver {
  readonly dialect: SqlDialect;
  run(sql: string, params?: SqlParams): Promise<number>;
  get<T extends SqlRow = SqlRow>(sql: string, params?: SqlParams): Promise<T | undefined>;
  all<T extends SqlRow = SqlRow>(sql: string, params?: SqlParams): Promise<T[]>;
  exec(sql: string): Promise<void>;
  /** Runs fn atomically on this connection; calls from one process queue behind each other. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A synchronous SQLite driver behind the asynchronous interface. A transaction takes SQLite's
 * write lock up front (BEGIN IMMEDIATE: the single-writer claim), and a queue keeps two callers
 * of one handle from interleaving inside it.
 */
export function asyncDriver(db: SqlDriver): AsyncSqlDriver {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    dialect: 'sqlite',
    run: async (sql, params) => db.run(sql, params),
    get: async <T extends SqlRow>(sql: string, params?: SqlParams) => db.get<T>(sql, params),
    all: async <T extends SqlRow>(sql: string, params?: SqlParams) => db.all<T>(sql, params),
    exec: async (sql) => db.exec(sql),
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      const next = queue.then(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const value = await fn();
          db.exec('COMMIT');
          return value;
        } catch (error) {
          db.exec('ROLLBACK');
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    close: async () => db.close(),
  };
}

/**
 * The driver as seen from inside a transaction already open on it: a transaction asked for here
 * runs in the open one. Asked of the driver itself, it would queue behind the open transaction,
 * which waits for it: a deadlock (the crash lab's claim hands lib/lease's step this instead).
 */
export function inOpenTransaction(db: AsyncSqlDriver): AsyncSqlDriver {
  return {
    dialect: db.dialect,
    run: (sql, params) => db.run(sql, params),
    get: <T extends SqlRow>(sql: string, params?: SqlParams) => db.get<T>(sql, params),
    all: <T extends SqlRow>(sql: string, params?: SqlParams) => db.all<T>(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => fn(),
    close: () => db.close(),
  };
}
