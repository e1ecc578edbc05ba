import {
  fencedDesign,
  readRunRow,
  START_STATE,
  stepAsync,
  type LeaseRun,
  type RunRow,
} from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import { claimRefusedOn } from './decisions';
import { clockStatement } from './schema';
import type { FinishResult, LabClaim } from './types';

/*
 * What the rulebook's run-row statements returned, read back: the row (either dialect), and the
 * lab's finish and renewal through lib/lease's step, whose decision the learner reads.
 */

/** A run row from either dialect (lib/lease's one row reader). */
export function toRun(row: Record<string, unknown>): RunRow {
  return readRunRow(row)!;
}

/** A row that PostgreSQL returned as JSON text (`row_to_json(...)::text`), or nothing. */
export function fromJson(text: unknown): Record<string, unknown> | undefined {
  return typeof text === 'string' && text
    ? (JSON.parse(text) as Record<string, unknown>)
    : undefined;
}

/** The lab's run as lib/lease's step runs it: who holds it is what its row says. */
export function labRun(run: string, lease: number): LeaseRun {
  return { design: fencedDesign, runId: run, leaseSeconds: lease, authority: 'row' };
}

/** A write of the lab's to the run row: its holder, the run, its generation and clock. */
export interface LabWrite {
  owner: string;
  run: string;
  token: number;
  now: number;
  lease: number;
}

/**
 * The lesson's finish through lib/lease's one step: the row read, the finish run, the row read
 * again, decided (landed, a duplicate of this holder's own finish, or refused).
 */
export async function finishStep(task: AsyncSqlDriver, w: LabWrite): Promise<FinishResult> {
  const write = { kind: 'finish' as const, writer: w.owner, token: w.token, now: w.now };
  const { decision } = await stepAsync(labRun(w.run, w.lease), START_STATE, write, task);
  return decision.outcome.database === 'applied' ? { ok: true } : { ok: false, decision };
}

/**
 * The lesson's renewal through lib/lease's one step (a step start, or the guard of a
 * checkpoint): the step's decision. On PostgreSQL the one-statement forms (one-trip.ts) ask it
 * only for a renewal or finish they saw refused, at the clock that refused it: the rows only move
 * forward (a newer generation, a final status, a lease only its holder extends), so it is
 * refused again, and the learner reads the step's decision on it.
 */
export async function renewStep(task: AsyncSqlDriver, w: LabWrite) {
  const write = { kind: 'renew' as const, writer: w.owner, token: w.token, now: w.now };
  return (await stepAsync(labRun(w.run, w.lease), START_STATE, write, task)).decision;
}

/** The run nearest to claimable (open runs first, the lease that ends first), with the clock. */
const nearestRun = (
  task: AsyncSqlDriver,
) => `SELECT run_id AS "runId", owner, lease_until AS "leaseUntil", fence,
  status, (${clockStatement(task.dialect)}) AS now FROM runs
  ORDER BY CASE WHEN status IN ('queued', 'running') THEN 0 ELSE 1 END, lease_until, run_id LIMIT 1`;

/**
 * A claim that took no run: every run final, or every open run held on a live lease. The
 * rulebook decides it on the run nearest to claimable (the open run whose lease ends first, else
 * a final run), read in one statement with the database's clock (`now`: the claim's own clock,
 * when it read one). Call it inside the claim's transaction, so the run it judges is the run
 * the claim saw, not one changed by another worker after the claim gave up.
 */
export async function nothingClaimable(
  task: AsyncSqlDriver,
  owner: string,
  now?: number,
): Promise<LabClaim> {
  const found = await task.get(nearestRun(task));
  const row = found ? toRun(found) : undefined;
  const at = now ?? Number(found?.now ?? 0);
  const open = row?.status === 'queued' || row?.status === 'running';
  const decision = claimRefusedOn(owner, row, at);
  return { ok: false, reason: open ? 'none-claimable' : 'all-final', decision };
}
