import { CLAIM_FIELD, type ClaimValues } from './catalogue';
import type { RunTable } from './conditions';
import type { RowState } from './decision';
import type { RunRow, RunStatus } from './types';

/*
 * The one reader of a run row: every engine turns what its database returned (sql.js,
 * better-sqlite3 or PostgreSQL, whose unquoted aliases come back in lower case) into the run row
 * here, and a run row into the row a decision sees.
 */

/** A column of a returned row under its alias, or under PostgreSQL's lower-cased alias. */
function column(row: object, alias: string): unknown {
  const r = row as Readonly<Record<string, unknown>>;
  return r[alias] ?? r[alias.toLowerCase()];
}

/** The claim columns a design tracks (catalogue.ts), in a returned row or a run row. */
export function claimValuesOf(row: object): ClaimValues {
  const tracked: ClaimValues = {};
  for (const field of Object.values(CLAIM_FIELD)) {
    const value = column(row, field);
    if (value !== undefined && value !== null) tracked[field] = Number(value);
  }
  return tracked;
}

/**
 * The run row from a row a design's `read` returned (aliases runId, owner, leaseUntil, fence,
 * status, and the tracked claim columns), or undefined when nothing was returned.
 */
export function readRunRow(row: Readonly<Record<string, unknown>> | undefined): RunRow | undefined {
  if (!row) return undefined;
  return {
    runId: String(column(row, 'runId') ?? ''),
    owner: String(column(row, 'owner') ?? ''),
    leaseUntil: Number(column(row, 'leaseUntil')),
    fence: Number(column(row, 'fence')),
    status: String(column(row, 'status')) as RunStatus,
    ...claimValuesOf(row),
  };
}

/**
 * The run row from a row of a run table read by its own column names (the claim lab shows the
 * table as the learner's program left it; a program saved before the runs table used the jobs
 * table, whose queued word is `ready`). Undefined when nothing was returned.
 */
export function readTableRow(
  t: RunTable,
  row: Readonly<Record<string, unknown>> | undefined,
): RunRow | undefined {
  if (!row) return undefined;
  const status = row[t.status];
  return readRunRow({
    runId: row[t.id],
    owner: row[t.owner],
    leaseUntil: row[t.leaseUntil],
    fence: row[t.fence],
    status: status === t.queued ? 'queued' : (status ?? ''),
  });
}

/** The run row as a decision sees it; a missing run reads as an empty queued row. */
export function rowState(row: RowState | undefined): RowState {
  if (!row) return { owner: '', fence: 0, leaseUntil: 0, status: 'queued' };
  const { owner, fence, leaseUntil, status } = row;
  return { owner, fence, leaseUntil, status, ...claimValuesOf(row) };
}
