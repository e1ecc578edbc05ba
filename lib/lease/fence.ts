import { RUNS_TABLE, type RunTable } from './conditions';
import {
  fenceRules,
  type FenceKind,
  type FenceOrder,
  type FencePosition,
  type ResourceFence,
} from './kinds/targets';
import type { SqlDialect } from '@/lib/sqlite/async-driver';

/*
 * The lesson's resource fences beyond the run row: the SQL every single-copy fence shares (the
 * table of what each resource has seen, the one write statement, registration). Each fence's
 * own rule is its kind's object (lib/lease/kinds/targets); the timeline's targets, the checker's
 * report store and gateway and the crash lab's publisher are all values of those kinds.
 */
export type { FenceKind, FenceOrder, FencePosition, ResourceFence };

/** The table of what each resource of each run has seen (named for a store that lists its tables). */
export const FENCE_SEEN_TABLE = 'resource_fences';

/**
 * What each resource of each run has seen: the highest (fence, batch), the fence named as the
 * run row names it (`runs.fence`). One table for every
 * store, SQLite or PostgreSQL; only the integer type differs (a PostgreSQL INTEGER is 32 bits).
 */
export function fenceSeenTable(dialect: SqlDialect = 'sqlite'): string {
  const int = dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
  return `CREATE TABLE IF NOT EXISTS resource_fences (
  run_id     TEXT    NOT NULL,
  resource   TEXT    NOT NULL,
  fence      ${int} NOT NULL DEFAULT 0,
  batch      ${int} NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, resource)
);`;
}

/**
 * The tables every fenced resource of an in-process store shares (SQLite): what it has seen per
 * run, and the writes it took. A store that keeps its own record of writes (the crash lab's
 * queue publisher, with its receipts) needs only {@link fenceSeenTable}.
 */
export const FENCE_SCHEMA = `${fenceSeenTable('sqlite')}
CREATE TABLE IF NOT EXISTS resource_writes (
  seq        INTEGER PRIMARY KEY,
  run_id     TEXT    NOT NULL,
  resource   TEXT    NOT NULL,
  holder     TEXT    NOT NULL,
  fence      INTEGER NOT NULL,
  batch      INTEGER NOT NULL,
  op_id      TEXT,
  body       TEXT    NOT NULL,
  at         INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS resource_fence_seen AFTER INSERT ON resource_writes
BEGIN
  ${raiseSeen(['(NEW.run_id, NEW.resource, NEW.fence, NEW.batch)'])};
END;`;

/**
 * The one upsert that raises what a resource has seen (rows of run, resource, generation,
 * batch); it never goes down. A write raises it through the trigger above, a registration event
 * through {@link registerSql}. The same statement on SQLite and PostgreSQL.
 */
function raiseSeen(rows: readonly string[]): string {
  return `INSERT INTO resource_fences (run_id, resource, fence, batch) VALUES ${rows.join(', ')}
  ON CONFLICT (run_id, resource) DO UPDATE SET fence = excluded.fence, batch = excluded.batch
  WHERE excluded.fence > resource_fences.fence
     OR (excluded.fence = resource_fences.fence AND excluded.batch > resource_fences.batch)`;
}

/** A SQL string literal. */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** What a write presents to a resource, as SQL: (generation, batch). */
function presented(fence: ResourceFence): { generation: string; batch: string } {
  return fenceRules(fence).presented?.(fence) ?? { generation: '$token', batch: '0' };
}

/**
 * A fence's rule in TypeScript, for explaining a decision the SQL made (or, on a store reached
 * over a connection, for deciding after the registration statement returned what the resource
 * has seen): does a write of generation `token`, batch `batch` stand against `seen`?
 */
export function admitsPosition(
  fence: ResourceFence,
  token: number,
  batch: number,
  seen: FencePosition,
): boolean {
  return fenceRules(fence).admits?.(fence, token, batch, seen) ?? true;
}

/** The condition under which a resource takes a write (SQL over $run, $owner, $token, $batch, $now, $op). */
export function admitSql(
  fence: ResourceFence,
  resource: string,
  table: RunTable = RUNS_TABLE,
): string {
  return fenceRules(fence).admitSql(fence, resource, table);
}

/**
 * The one statement that writes through a fence: it records the write only if the resource
 * admits it, so checking and writing cannot be separated. `resource` and `body` are SQL
 * expressions (a literal such as `'report'`, or a parameter such as `$resource`).
 */
export function fencedWriteSql(
  fence: ResourceFence,
  resource: string,
  body: string,
  table: RunTable = RUNS_TABLE,
  /** Record the write's key ($op) even when the fence does not compare keys (a ticket's key). */
  keepKey = false,
): string {
  const { generation, batch } = presented(fence);
  const op = keepKey || fenceRules(fence).keepsKey(fence) ? '$op' : 'NULL';
  return `INSERT INTO resource_writes (run_id, resource, holder, fence, batch, op_id, body, at)
SELECT $run, ${resource}, $owner, ${generation}, ${batch}, ${op}, ${body}, $now
 WHERE ${admitSql(fence, resource, table)}`;
}

/**
 * The registration event: the holder of generation $token tells each named resource of run
 * $run about it, after its claim and before it acts. Undefined when no resource registers.
 */
export function registerSql(resources: readonly string[]): string | undefined {
  if (resources.length === 0) return undefined;
  // Batch 0: a registration raises the generation only, and resets the batch when it does.
  return raiseSeen(resources.map((r) => `($run, ${r}, $token, 0)`));
}

/** Forgets what every resource has seen of run $run (a run enqueued again starts with nothing). */
export const FORGET_SEEN = 'DELETE FROM resource_fences WHERE run_id = $run';

/**
 * What run $run's resources have seen and the keys they took, as one text expression: the part
 * of a schedule's state the fences hold (the log of past writes does not change what happens next).
 */
export const FENCE_STATE = `(SELECT ifnull(group_concat(resource || ',' || fence || ',' || batch, ';'), '')
     FROM resource_fences WHERE run_id = $run)
  || '|' || (SELECT ifnull(group_concat(resource || ':' || op_id, ';'), '')
     FROM resource_writes WHERE run_id = $run AND op_id IS NOT NULL)`;

/** What resource $resource of run $run has seen, as columns `fence` and `batch` (no row: nothing). */
export const READ_SEEN =
  'SELECT fence, batch FROM resource_fences WHERE run_id = $run AND resource = $resource';

/** What every resource of run $run has seen, as columns `resource`, `fence`, `batch`. */
export const READ_SEEN_BY_RUN =
  'SELECT resource, fence, batch FROM resource_fences WHERE run_id = $run ORDER BY resource';

/** What resource $resource has seen in every run, as columns `runId`, `fence`, `batch`. */
export const READ_SEEN_BY_RESOURCE = `SELECT run_id AS "runId", fence, batch FROM resource_fences
  WHERE resource = $resource ORDER BY run_id`;

/**
 * The registration of generation $token at resource $resource of run $run and, in the same
 * statement, what the resource has seen after it, as column `fence` (one round trip over a
 * connection; PostgreSQL's data-modifying CTE).
 */
export const REGISTER_AND_READ_SEEN = `WITH registered AS (
  ${registerSql(['$resource'])}
  RETURNING fence)
SELECT COALESCE((SELECT fence FROM registered),
  (SELECT fence FROM resource_fences WHERE run_id = $run AND resource = $resource), 0) AS fence`;

const STALE_MESSAGE = 'stale generation: the resource has seen a newer one';

/**
 * A trigger that makes a table of another store refuse rows from a generation below the one
 * its fence has seen, so even a raw INSERT that skips the write function is refused. The table
 * needs a `run_id` column and the token's (`tokenColumn`: the crash lab's receipts say `fence`).
 */
export function fenceGuardTrigger(
  table: string,
  resource: string,
  dialect: SqlDialect = 'sqlite',
  tokenColumn = 'fence',
): string {
  const older = `NEW.${tokenColumn} < COALESCE((SELECT fence FROM resource_fences WHERE run_id = NEW.run_id AND resource = ${sqlText(resource)}), 0)`;
  if (dialect === 'sqlite') {
    return `CREATE TRIGGER IF NOT EXISTS ${table}_refuse_stale BEFORE INSERT ON ${table}
WHEN ${older}
BEGIN
  SELECT RAISE(ABORT, '${STALE_MESSAGE}');
END;`;
  }
  return `CREATE OR REPLACE FUNCTION ${table}_refuse_stale() RETURNS trigger LANGUAGE plpgsql AS $fence$
BEGIN
  IF ${older} THEN RAISE EXCEPTION '${STALE_MESSAGE}'; END IF;
  RETURN NEW;
END $fence$;
CREATE TRIGGER ${table}_refuse_stale BEFORE INSERT ON ${table}
  FOR EACH ROW EXECUTE FUNCTION ${table}_refuse_stale();`;
}
