import type { AsyncSqlDriver, SqlDriver, SqlParams, SqlRow } from '@/lib/sqlite';

/*
 * A plan of SQL requests, written once and run on either driver form: a generator yields each
 * request and gets its answer back, so the same code runs on a synchronous driver (sql.js,
 * better-sqlite3) and on an asynchronous one (PostgreSQL). lib/lease's step is such a plan.
 */

/** A request of the step's plan to the database. */
export type Ask =
  | { op: 'run' | 'get' | 'all'; sql: string; params: SqlParams }
  | { op: 'atomic'; body: Plan<unknown> };
export type Plan<T> = Generator<Ask, T, unknown>;

/** Runs a statement: the rows it changed. */
export function* run(sql: string, params: SqlParams): Plan<number> {
  return (yield { op: 'run', sql, params }) as number;
}
export function* get(sql: string, params: SqlParams): Plan<SqlRow | undefined> {
  return (yield { op: 'get', sql, params }) as SqlRow | undefined;
}
export function* all(sql: string, params: SqlParams): Plan<SqlRow[]> {
  return (yield { op: 'all', sql, params }) as SqlRow[];
}
export function* atomic<T>(body: Plan<T>): Plan<T> {
  return (yield { op: 'atomic', body }) as T;
}

/** Answers a plan from a synchronous driver (sql.js, better-sqlite3). */
export function drive<T>(plan: Plan<T>, db: SqlDriver): T {
  let next = plan.next();
  while (!next.done) {
    const ask = next.value;
    const answer =
      ask.op === 'atomic'
        ? db.transaction(() => drive(ask.body, db))
        : db[ask.op](ask.sql, ask.params);
    next = plan.next(answer);
  }
  return next.value;
}

/** Answers the same plan from an asynchronous driver (PostgreSQL), a round trip per request. */
export async function driveAsync<T>(plan: Plan<T>, db: AsyncSqlDriver): Promise<T> {
  let next = plan.next();
  while (!next.done) {
    const ask = next.value;
    const answer =
      ask.op === 'atomic'
        ? await db.transaction(() => driveAsync(ask.body, db))
        : await db[ask.op](ask.sql, ask.params);
    next = plan.next(answer);
  }
  return next.value;
}
