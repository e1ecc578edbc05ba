import { fenceGuardTrigger, fenceSeenTable, runTableSchema } from '@/lib/lease';
import type { AsyncSqlDriver, SqlDialect } from '@/lib/sqlite/async-driver';
import type { RemovableFence } from './types';

/**
 * Bumped when either database's tables change; others are refused, never migrated.
 * 2: the publisher keeps what it has seen in the rulebook's fence table.
 * 3: one lab: the runs table is the rulebook's own (with `canceling`), the meta table is
 *    `crashlab_meta`, and a single run is a queue of one.
 * 4: the token column of claims, step attempts, checkpoints, receipts and publish requests is
 *    `fence`, the run row's name for it (it was `generation`): one name in every table the
 *    learner reads (docs/architecture.md, "The names the learner sees").
 * 5: the publisher's fence table (lib/lease's FENCE_SEEN_TABLE) names its token `fence` too.
 */
export const CRASHLAB_SCHEMA_VERSION = 5;

/** What changed since each older version, for the one line that refuses its database. */
const OLDER: Record<string, string> = {
  '3': 'its tables name the fence `generation`',
  '4': 'its publisher’s fence table names the fence `generation`',
};

/** The resource name the publisher's fence is kept under in the rulebook's fence table. */
export const PUBLISHER_RESOURCE = 'publisher';

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
 * The task database: the rulebook's runs table (lib/lease builds it for the dialect), each
 * run's publish operation id, and the crash lab's claims, step attempts and checkpoints.
 */
export function taskSchema(dialect: SqlDialect): string {
  const t = types(dialect);
  return `
CREATE TABLE crashlab_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
${runTableSchema(dialect)}
CREATE INDEX runs_open ON runs (run_id) WHERE status IN ('queued', 'running');
CREATE TABLE run_operations (
  run_id       TEXT PRIMARY KEY,
  operation_id TEXT NOT NULL UNIQUE
);
CREATE TABLE claims (
  run_id      TEXT NOT NULL,
  fence       ${t.int} NOT NULL,
  owner       TEXT NOT NULL,
  claimed_at  ${t.real} NOT NULL,
  lease_until ${t.real} NOT NULL,
  PRIMARY KEY (run_id, fence)
);
CREATE TABLE step_attempts (
  attempt_id ${t.serial},
  run_id     TEXT NOT NULL,
  step       TEXT NOT NULL,
  fence      ${t.int} NOT NULL,
  owner      TEXT NOT NULL,
  started_at ${t.real} NOT NULL
);
CREATE TABLE checkpoints (
  run_id     TEXT NOT NULL,
  step       TEXT NOT NULL,
  fence      ${t.int} NOT NULL,
  owner      TEXT NOT NULL,
  attempt_id ${t.int} NOT NULL,
  output     TEXT NOT NULL,
  saved_at   ${t.real} NOT NULL,
  PRIMARY KEY (run_id, step)
);`;
}

/**
 * The publisher's own database: a receipt per operation id, what it has seen per run (the
 * rulebook's fence table), and (unless removed) the rulebook's guard on its receipts, so even
 * a raw INSERT that skips the publish function is refused.
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
  fence        ${t.int} NOT NULL,
  body         TEXT NOT NULL,
  accepted_at  ${t.real} NOT NULL
);
CREATE TABLE publish_requests (
  request_id   ${t.serial},
  operation_id TEXT NOT NULL,
  run_id       TEXT NOT NULL,
  fence        ${t.int} NOT NULL,
  outcome      TEXT NOT NULL CHECK (outcome IN ('applied', 'duplicate', 'refused')),
  at           ${t.real} NOT NULL
);
${removed === 'publisher' ? '' : fenceGuardTrigger('receipts', PUBLISHER_RESOURCE, dialect, 'fence')}`;
}

/** Database time in seconds, with fractions: every process reads one clock, the server's. */
export function clockStatement(dialect: SqlDialect): string {
  return dialect === 'postgres'
    ? 'SELECT extract(epoch FROM clock_timestamp())::float8 AS now'
    : "SELECT (julianday('now') - 2440587.5) * 86400.0 AS now";
}

const META = { task: 'crashlab_meta', publisher: 'publisher_meta' } as const;

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

/** Why a database cannot be used as this role of a crash lab, or null when it can. */
export async function schemaProblem(
  db: AsyncSqlDriver,
  role: 'task' | 'publisher',
): Promise<string | null> {
  const table = META[role];
  if (!(await hasTable(db, table)))
    return `not a crash-lab ${role} database (it has no ${table} table): submit first`;
  const row = await db.get<{ value: string }>(
    `SELECT value FROM ${table} WHERE key = 'schema_version'`,
  );
  if (Number(row?.value) !== CRASHLAB_SCHEMA_VERSION) {
    const older = row ? OLDER[row.value] : undefined;
    return older
      ? `${role} database is from an older crash lab (schema version ${row?.value}: ${older}), this lab reads version ${CRASHLAB_SCHEMA_VERSION}: submit a new experiment to a new database`
      : `${role} database has schema version ${row?.value ?? '(none)'}, this lab reads version ${CRASHLAB_SCHEMA_VERSION}`;
  }
  return null;
}

/** True when the database already holds a crash lab's tables (submit refuses to reuse it). */
export async function holdsLab(db: AsyncSqlDriver, role: 'task' | 'publisher'): Promise<boolean> {
  return hasTable(db, META[role]);
}
