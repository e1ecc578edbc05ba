import { FENCE_SCHEMA, fenceGuardTrigger } from '@/lib/lease';
import type { SqlDriver } from '@/lib/sqlite';

/** The resource name the publisher's fence is kept under in lib/lease's fence table. */
export const PUBLISHER_RESOURCE = 'publisher';

/** Bumped when either database's tables change; older or newer files are refused, not migrated. */
export const CRASHLAB_SCHEMA_VERSION = 2;

/** The crash lab's own tables in the task database; the runs table comes from lib/lease. */
export const TASK_SCHEMA = `
CREATE TABLE crashlab_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE claims (
  generation  INTEGER PRIMARY KEY,
  run_id      TEXT NOT NULL,
  owner       TEXT NOT NULL,
  claimed_at  REAL NOT NULL,
  lease_until REAL NOT NULL
);
CREATE TABLE step_attempts (
  attempt_id INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id     TEXT NOT NULL,
  step       TEXT NOT NULL,
  generation INTEGER NOT NULL,
  owner      TEXT NOT NULL,
  started_at REAL NOT NULL
);
CREATE TABLE checkpoints (
  run_id     TEXT NOT NULL,
  step       TEXT NOT NULL,
  generation INTEGER NOT NULL,
  owner      TEXT NOT NULL,
  attempt_id INTEGER NOT NULL,
  output     TEXT NOT NULL,
  saved_at   REAL NOT NULL,
  PRIMARY KEY (run_id, step)
);`;

/**
 * The publisher is its own database and enforces its rules itself: a receipt per operation id
 * (UNIQUE), and no receipt from a generation below the highest it has seen. The fence is
 * lib/lease's (its tables, and a guard so even a raw INSERT that skips the publish function is
 * refused).
 */
export const PUBLISHER_SCHEMA = `
${FENCE_SCHEMA}
CREATE TABLE publisher_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE receipts (
  receipt_id   INTEGER PRIMARY KEY AUTOINCREMENT,
  operation_id TEXT NOT NULL UNIQUE,
  run_id       TEXT NOT NULL,
  generation   INTEGER NOT NULL,
  body         TEXT NOT NULL,
  accepted_at  REAL NOT NULL
);
CREATE TABLE publish_requests (
  request_id   INTEGER PRIMARY KEY AUTOINCREMENT,
  operation_id TEXT NOT NULL,
  generation   INTEGER NOT NULL,
  outcome      TEXT NOT NULL CHECK (outcome IN ('accepted', 'duplicate', 'stale')),
  at           REAL NOT NULL
);
${fenceGuardTrigger('receipts', PUBLISHER_RESOURCE)}`;

/** Why a file cannot be used as a crash-lab database, or null when it can. */
export function schemaProblem(
  db: SqlDriver,
  metaTable: 'crashlab_meta' | 'publisher_meta',
  what: string,
): string | null {
  const table = db.get("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = ?", [
    metaTable,
  ]);
  if (!table) return `not a crash-lab ${what} database (it has no ${metaTable} table)`;
  const row = db.get<{ value: string }>(
    `SELECT value FROM ${metaTable} WHERE key = 'schema_version'`,
  );
  const version = row ? Number(row.value) : NaN;
  if (version !== CRASHLAB_SCHEMA_VERSION) {
    return `${what} database has schema version ${row?.value ?? '(none)'}, this lab reads version ${CRASHLAB_SCHEMA_VERSION}`;
  }
  return null;
}

/** Database time in seconds (with fractions): every process reads the same clock through SQLite. */
export function databaseClock(db: SqlDriver): () => number {
  return () =>
    Number(db.get<{ now: number }>("SELECT (julianday('now') - 2440587.5) * 86400.0 AS now")?.now);
}
