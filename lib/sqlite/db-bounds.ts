import type { Database, SqlJsStatic } from 'sql.js';

/*
 * Bounds on a sql.js database where a learner's SQL runs (the claim lab's worker, the SQL
 * sandbox's worker), in SQLite's own terms. Without them a loop of
 * `INSERT INTO z VALUES (zeroblob(5000000))` grew the database until one call blocked past the
 * page's watchdog (issue 42, after the review): sql.js keeps a database file in Emscripten's
 * in-memory file system as one JavaScript typed array that is copied into a larger one as the
 * file grows (measured in Node: 0.2 s a call at 20 MB, 1.1 s at 540 MB), outside the worker's
 * WebAssembly memory and outside any cap of ours.
 *
 * - The files: `PRAGMA max_page_count` on every schema (main, temp, attached), set before each
 *   statement from what is left of DATABASE_LIMITS.databaseBytes across all of them, because a
 *   statement may raise it. A write past it fails with SQLITE_FULL and changes nothing.
 * - SQLite's memory: `PRAGMA hard_heap_limit` (limitSqliteHeap), which holds for the whole sql.js
 *   instance, that is the realm that loaded it, and which a pragma can only lower: so it is set
 *   once by each worker where learner SQL runs, never by code that shares its realm (Node tests
 *   share one instance across files). A value built past it (a recursive CTE doubling a string,
 *   `hex(zeroblob(…))`) fails with SQLITE_NOMEM.
 * - The backstop: before each statement, the files' total (files attached and detached since
 *   included, as last seen) against the bound; one statement that writes to several schemas can
 *   pass it, and then nothing more runs.
 *
 * Not covered: `VACUUM INTO 'file'` writes a copy (at most the bound) to a file no schema names;
 * repeated, those copies add up until the run's time limit (measured: 53 copies of 30 MB, about
 * 1.6 GB, in the lab's 30 s). sql.js exports no authorizer that could refuse them.
 */

/** The bounds of a database a learner's SQL runs on: one home for the lab and the sandbox. */
export const DATABASE_LIMITS = {
  /**
   * Bytes all of a database's files may hold together (main, temp and attached). The lesson's
   * tables hold a few rows; 32 MiB is thousands of times that, and the bound is reached by a
   * runaway loop in about a second.
   */
  databaseBytes: 32 * 1024 * 1024,
  /**
   * Bytes SQLite may hold allocated at once in one worker: its page caches (2 MB each) and the
   * values a statement builds. Above the lab's largest bound value (10,000,000 characters, up to
   * 30 MB as UTF-8) with room to read it back, and above the sandbox's hostile 50,000,000-character
   * cell (issue 17), which the console cuts and shows: measured, it needs more than 64 MiB and
   * less than 96 MiB. A doubling recursive CTE reaches 128 MiB in about a second.
   */
  heapBytes: 128 * 1024 * 1024,
} as const;

/** Which bound a statement ran into: the database's files, or SQLite's memory. */
export type DatabaseBound = 'size' | 'memory';

/** SQLite's primary result codes for the two bounds (sqlite3.h). */
const SQLITE_NOMEM = 7;
const SQLITE_FULL = 13;

/** What sql.js's module exports beyond its typings: the last error's code of a connection. */
interface SqlJsExports {
  _sqlite3_extended_errcode?: (db: number) => number;
}

/** The bounds of one database: checked before each statement, asked after one failed. */
export interface DatabaseBounds {
  /**
   * Before a statement of the learner's: sets each schema's max_page_count from what is left of
   * the bound, and answers 'size' when the files are past it already (nothing more may run).
   */
  before(): DatabaseBound | null;
  /** Right after a statement failed (before any other call): the bound it failed on, if any. */
  failedOn(): DatabaseBound | null;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

function pragmaNumber(db: Database, sql: string): number {
  return Number(db.exec(sql)[0]?.values[0]?.[0] ?? 0);
}

/**
 * Puts DATABASE_LIMITS on `db` (opened by `sql`, the loaded sql.js module) and returns its
 * checks. Call `before()` before every statement the learner's code sends, and `failedOn()` in
 * the catch of one that threw.
 */
export function boundDatabase(
  sql: SqlJsStatic,
  db: Database,
  limits: { databaseBytes: number } = DATABASE_LIMITS,
): DatabaseBounds {
  // Files seen, by path, with their size as last seen: a detached file stays in sql.js's
  // in-memory file system, so it still counts. Temp's path is '' (one per connection).
  const seen = new Map<string, number>();
  const errcode = (sql as unknown as SqlJsExports)._sqlite3_extended_errcode;
  const handle = (db as unknown as { db?: number }).db;

  return {
    before() {
      // A file by its path; temp and ':memory:' (path '') by their schema's name.
      const schemas = (db.exec('PRAGMA database_list')[0]?.values ?? []).map((row) => ({
        name: String(row[1]),
        file: row[2] ? String(row[2]) : `\u0000${String(row[1])}`,
      }));
      const sizes = schemas.map(({ name }) => {
        const pageSize = pragmaNumber(db, `PRAGMA ${quoted(name)}.page_size`);
        const pages = pragmaNumber(db, `PRAGMA ${quoted(name)}.page_count`);
        return { name, pageSize, pages };
      });
      schemas.forEach(({ file }, i) => seen.set(file, sizes[i].pages * sizes[i].pageSize));
      let used = 0;
      for (const bytes of seen.values()) used += bytes;
      if (used > limits.databaseBytes) return 'size';
      const left = limits.databaseBytes - used;
      for (const { name, pageSize, pages } of sizes) {
        if (pageSize <= 0) continue;
        db.exec(`PRAGMA ${quoted(name)}.max_page_count = ${pages + Math.floor(left / pageSize)}`);
      }
      return null;
    },
    failedOn() {
      if (!errcode || handle === undefined) return null;
      const code = errcode(handle) & 0xff;
      return code === SQLITE_FULL ? 'size' : code === SQLITE_NOMEM ? 'memory' : null;
    },
  };
}

/**
 * Bounds SQLite's heap in the sql.js instance that opened `db`: every database of the realm, for
 * as long as it lives. Call once in a worker where only learner SQL runs (its databases, and the
 * seed's, all within DATABASE_LIMITS.heapBytes).
 */
export function limitSqliteHeap(db: Database, heapBytes: number = DATABASE_LIMITS.heapBytes): void {
  db.exec(`PRAGMA hard_heap_limit = ${heapBytes}`);
}

/**
 * The one line for a statement stopped by a bound. `who` is what was stopped: the claim lab's
 * program, or the sandbox's script.
 */
export function databaseBoundLine(
  bound: DatabaseBound,
  who: 'program' | 'script',
  limits: { databaseBytes: number; heapBytes: number } = DATABASE_LIMITS,
): string {
  const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));
  const tail =
    who === 'program'
      ? 'so the program was stopped; the page and the lab are fine.'
      : 'so the script was stopped; the page is fine.';
  return bound === 'size'
    ? `The lab's database holds at most ${mb(limits.databaseBytes)} MB, and this statement would take it past that (rows that grow in a loop that does not end?), ${tail} The database keeps what it held before the statement.`
    : `The lab's database works in at most ${mb(limits.heapBytes)} MB of memory, and this statement needed more (a value built bigger and bigger?), ${tail}`;
}
