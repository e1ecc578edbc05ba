import type { SqlDriver } from '@/lib/sqlite';
import { RUNS_TABLE, type RunTable } from './conditions';
import { fenceRules } from './kinds/targets';
import { readRunRow, rowState } from './run-row';
import {
  fencedWriteSql,
  READ_SEEN,
  READ_SEEN_BY_RUN,
  registerSql,
  type FencePosition,
  type ResourceFence,
} from './fence';
import { observe, type ConditionCheck, type ObservedWrite } from './outcome';

/*
 * Writing through a resource fence on an open database, and reading what the resources hold.
 * The rule itself (what is compared, and the SQL that decides) is lib/lease/fence.ts.
 */

/** A write a resource took. */
export interface ResourceWrite {
  seq: number;
  resource: string;
  holder: string;
  generation: number;
  batch: number;
  opId: string | null;
  body: string;
  at: number;
}

/** A write to send through a fence. */
export interface FenceWriteRequest {
  runId: string;
  resource: string;
  holder: string;
  token: number;
  batch?: number;
  opId?: string;
  body: string;
  now: number;
}

/** What a fenced write did, in the four outcomes, with what the resource had seen before. */
export interface FenceWriteResult {
  observed: ObservedWrite;
  changed: number;
  /** The highest generation the resource had seen before this write (0: none). */
  seenBefore: FencePosition;
  /** For a duplicate: the write the key already took. */
  original?: ResourceWrite;
}

const WRITE_COLUMNS = `seq, resource, holder, fence, batch, op_id AS opId, body, at`;

function toWrite(row: Record<string, unknown>): ResourceWrite {
  return {
    seq: Number(row.seq),
    resource: String(row.resource),
    holder: String(row.holder),
    generation: Number(row.fence),
    batch: Number(row.batch),
    opId: row.opId === null || row.opId === undefined ? null : String(row.opId),
    body: String(row.body),
    at: Number(row.at),
  };
}

/** The highest (generation, batch) a resource of a run has seen. */
export function seenByResource(db: SqlDriver, runId: string, resource: string): FencePosition {
  const row = db.get(READ_SEEN, { run: runId, resource });
  return { generation: Number(row?.fence ?? 0), batch: Number(row?.batch ?? 0) };
}

/** What every resource of a run has seen, by resource. */
export function seenByRun(db: SqlDriver, runId: string): Record<string, FencePosition> {
  const seen: Record<string, FencePosition> = {};
  for (const row of db.all(READ_SEEN_BY_RUN, { run: runId }))
    seen[String(row.resource)] = {
      generation: Number(row.fence),
      batch: Number(row.batch),
    };
  return seen;
}

/** Every write a resource of a run took, oldest first (all resources when `resource` is omitted). */
export function resourceWrites(db: SqlDriver, runId: string, resource?: string): ResourceWrite[] {
  const rows =
    resource === undefined
      ? db.all(`SELECT ${WRITE_COLUMNS} FROM resource_writes WHERE run_id = $run ORDER BY seq`, {
          run: runId,
        })
      : db.all(
          `SELECT ${WRITE_COLUMNS} FROM resource_writes WHERE run_id = $run AND resource = $resource ORDER BY seq`,
          {
            run: runId,
            resource,
          },
        );
  return rows.map(toWrite);
}

/** Registers generation `token` at a resource of a run (the explicit registration event). */
export function registerAt(db: SqlDriver, runId: string, resource: string, token: number): void {
  db.run(registerSql(['$resource'])!, { run: runId, resource, token });
}

/**
 * The checks the fence's kind makes of this write (its decision's checks, by name), judged
 * before the statement: the row a run-row fence compares, the key's first writer, what was seen.
 */
function fenceChecks(
  db: SqlDriver,
  fence: ResourceFence,
  req: FenceWriteRequest,
  seen: FencePosition,
  t: RunTable,
  prior: ResourceWrite | undefined,
): ConditionCheck[] {
  const row = db.get(
    `SELECT ${t.owner} AS owner, ${t.fence} AS fence, ${t.leaseUntil} AS leaseUntil, ${t.status} AS status FROM ${t.name} WHERE ${t.id} = $run`,
    { run: req.runId },
  );
  return fenceRules(fence)
    .checks(fence, {
      target: req.resource,
      writer: req.holder,
      token: req.token,
      batch: req.batch ?? 0,
      at: req.now,
      seen,
      key: { key: req.opId ?? '', storedBy: prior?.holder ?? null },
      ...(row ? { row: rowState(readRunRow(row)) } : {}),
    })
    .map((c) => ({ condition: c.name, held: c.held }));
}

/**
 * Writes through a fence and says what happened in the four outcomes: applied, refused (with the
 * conditions that failed), or duplicate (the key already landed: the original is returned).
 * The decision is the statement's; the checks are read before it, to explain it.
 */
export function writeThroughFence(
  db: SqlDriver,
  fence: ResourceFence,
  req: FenceWriteRequest,
  table: RunTable = RUNS_TABLE,
): FenceWriteResult {
  return db.transaction(() => {
    const seenBefore = seenByResource(db, req.runId, req.resource);
    const found =
      req.opId === undefined
        ? undefined
        : db.get(
            `SELECT ${WRITE_COLUMNS} FROM resource_writes WHERE run_id = $run AND resource = $resource AND op_id = $op`,
            { run: req.runId, resource: req.resource, op: req.opId },
          );
    const original = found ? toWrite(found) : undefined;
    const checked = fenceChecks(db, fence, req, seenBefore, table, original);
    const changed = db.run(
      fencedWriteSql(fence, '$resource', '$body', table, req.opId !== undefined),
      {
        run: req.runId,
        resource: req.resource,
        owner: req.holder,
        token: req.token,
        batch: req.batch ?? 0,
        op: req.opId ?? null,
        body: req.body,
        now: req.now,
      },
    );
    if (changed > 0) {
      const database = { kind: 'applied' as const, checked };
      return { observed: observe(database), changed, seenBefore };
    }
    const failed = checked.filter((c) => !c.held).map((c) => c.condition);
    // A key that already landed is a duplicate, unless the fence refused the writer as well.
    if (original && failed.every((c) => c === 'key')) {
      const database = { kind: 'duplicate' as const, opId: req.opId!, original };
      return { observed: observe(database), changed, seenBefore, original };
    }
    const database = { kind: 'refused' as const, failed, checked };
    return { observed: observe(database), changed, seenBefore };
  });
}
