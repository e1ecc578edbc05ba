import { fenceGuardTrigger, fenceSeenTable } from '@/lib/lease';
import { PUBLISHER_RESOURCE } from '@/lib/crashlab/publisher';
import type { AsyncSqlDriver, SqlDialect } from '@/lib/sqlite/async-driver';

/**
 * Bumped when either queue database's tables change; others are refused, never migrated.
 * 2: the publisher keeps what it has seen in the rulebook's fence table (was a register table of its own).
 */
export const QUEUE_SCHEMA_VERSION = 2;

/** A fence a lab can be set up without, to show what chaos finds when it is missing. */
export const REMOVABLE_FENCES = ['publisher', 'checkpoint'] as const;
export type RemovableFence = (typeof REMOVABLE_FENCES)[number];

/** The column types that differ between the dialects; the tables are written once. */
function types(dialect: SqlDialect) {
  return dialect === 'postgres'
    ? {
        real: 'DOUBLE PRECISION',
        int: 'BIGINT',
        serial: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
      }
    : { real: 'REAL', int: 'INTEGER', serial: 'INTEGER PRIMARY KEY AUTOINCREMENT' };
}

/**
 * The task database of a queue: lib/lease's runs table (the same columns its statements use,
 * with a time type that keeps fractions of a second on PostgreSQL), each run's publish operation
 * id, and the crash lab's claims, step attempts and checkpoints.
 */
export function taskSchema(dialect: SqlDialect): string {
  const t = types(dialect);
  return `
CREATE TABLE queue_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE runs (
  run_id       TEXT PRIMARY KEY,
  owner        TEXT NOT NULL DEFAULT '',
  lease_until  ${t.real} NOT NULL DEFAULT 0,
  fence        ${t.int} NOT NULL DEFAULT 0,
  status       TEXT NOT NULL DEFAULT 'queued'
               CHECK (status IN ('queued', 'running', 'done', 'canceled', 'failed')),
  cancel_epoch ${t.int} NOT NULL DEFAULT 0
);
CREATE INDEX runs_open ON runs (run_id) WHERE status IN ('queued', 'running');
CREATE TABLE run_operations (
  run_id       TEXT PRIMARY KEY,
  operation_id TEXT NOT NULL UNIQUE
);
CREATE TABLE claims (
  run_id      TEXT NOT NULL,
  generation  ${t.int} NOT NULL,
  owner       TEXT NOT NULL,
  claimed_at  ${t.real} NOT NULL,
  lease_until ${t.real} NOT NULL,
  PRIMARY KEY (run_id, generation)
);
CREATE TABLE step_attempts (
  attempt_id ${t.serial},
  run_id     TEXT NOT NULL,
  step       TEXT NOT NULL,
  generation ${t.int} NOT NULL,
  owner      TEXT NOT NULL,
  started_at ${t.real} NOT NULL
);
CREATE TABLE checkpoints (
  run_id     TEXT NOT NULL,
  step       TEXT NOT NULL,
  generation ${t.int} NOT NULL,
  owner      TEXT NOT NULL,
  attempt_id ${t.int} NOT NULL,
  output     TEXT NOT NULL,
  saved_at   ${t.real} NOT NULL,
  PRIMARY KEY (run_id, step)
);`;
}

/**
 * The publisher's own database: a receipt per operation id, what it has seen per run (the
 * rulebook's fence table), and (unless removed) the rulebook's guard on its receipts.
 */
export function publisherSchema(dialect: SqlDialect, removed: RemovableFence | null): string {
  const t = types(dialect);
  return `
CREATE TABLE publisher_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
${fenceSeenTable(dialect)}
CREATE TABLE receipts (
  receipt_id   ${t.serial},
  operation_id TEXT NOT NULL UNIQUE,
  run_id       TEXT NOT NULL,
  generation   ${t.int} NOT NULL,
  body         TEXT NOT NULL,
  accepted_at  ${t.real} NOT NULL
);
CREATE TABLE publish_requests (
  request_id   ${t.serial},
  operation_id TEXT NOT NULL,
  run_id       TEXT NOT NULL,
  generation   ${t.int} NOT NULL,
  outcome      TEXT NOT NULL CHECK (outcome IN ('applied', 'duplicate', 'refused')),
  at           ${t.real} NOT NULL
);
${removed === 'publisher' ? '' : fenceGuardTrigger('receipts', PUBLISHER_RESOURCE, dialect)}`;
}

/** Database time in seconds, with fractions: every process reads one clock, the server's. */
export function clockStatement(dialect: SqlDialect): string {
  return dialect === 'postgres'
    ? 'SELECT extract(epoch FROM clock_timestamp())::float8 AS now'
    : "SELECT (julianday('now') - 2440587.5) * 86400.0 AS now";
}

async function hasTable(db: AsyncSqlDriver, table: string): Promise<boolean> {
  const row =
    db.dialect === 'postgres'
      ? await db.get('SELECT to_regclass($name)::text AS found', { name: `public.${table}` })
      : await db.get(
          "SELECT name AS found FROM sqlite_schema WHERE type = 'table' AND name = $name",
          { name: table },
        );
  return row !== undefined && row.found !== null;
}

/** Why a database cannot be used as this role of a queue lab, or null when it can. */
export async function queueSchemaProblem(
  db: AsyncSqlDriver,
  role: 'task' | 'publisher',
): Promise<string | null> {
  const table = role === 'task' ? 'queue_meta' : 'publisher_meta';
  if (!(await hasTable(db, table)))
    return `holds no crash-lab queue (it has no ${table} table): submit first`;
  const row = await db.get<{ value: string }>(
    `SELECT value FROM ${table} WHERE key = 'schema_version'`,
  );
  if (Number(row?.value) !== QUEUE_SCHEMA_VERSION) {
    return `${role} database has schema version ${row?.value ?? '(none)'}, this lab reads version ${QUEUE_SCHEMA_VERSION}`;
  }
  return null;
}

/** True when the database already holds a queue lab's tables (submit refuses to reuse it). */
export async function holdsQueue(db: AsyncSqlDriver, role: 'task' | 'publisher'): Promise<boolean> {
  return hasTable(db, role === 'task' ? 'queue_meta' : 'publisher_meta');
}
