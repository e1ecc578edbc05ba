import {
  decideUnchanged,
  fencedDesign,
  readOutputRow,
  readRunRow,
  START_STATE,
  stepAsync,
  type LeaseDesign,
  type LeaseRun,
  type RunOutput,
  type RunRow,
  type WriteDecision,
} from '@/lib/lease';
import { inOpenTransaction, type AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import { clockStatement } from './schema';
import type { FinishResult, LabClaim, Step } from './types';

/*
 * The lab's writes to the run row as lib/lease's step runs and decides them: its claims, finishes
 * and renewals, a claim that found no claimable run and a checkpoint already stored (the step's
 * decisions on writes that changed nothing), and the row read back from either dialect.
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
export function labRun(run: string, lease: number, design: LeaseDesign = fencedDesign): LeaseRun {
  return { design, runId: run, leaseSeconds: lease, authority: 'row' };
}

/** The lesson's design with the checkpoint's fence removed: an output that checks nothing. */
const UNFENCED_CHECKPOINTS: LeaseDesign = {
  ...fencedDesign,
  rules: { ...fencedDesign.rules!, output: [] },
};

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

/**
 * The lesson's claim of the run the queue picked, through lib/lease's step, inside the claim's
 * open transaction (`task` is that transaction's driver): the token it took, or undefined.
 */
export async function claimStep(
  task: AsyncSqlDriver,
  w: Omit<LabWrite, 'token'>,
): Promise<number | undefined> {
  const write = { kind: 'claim' as const, writer: w.owner, now: w.now };
  const done = await stepAsync(labRun(w.run, w.lease), START_STATE, write, inOpenTransaction(task));
  return done.decision.outcome.database === 'applied' ? done.token : undefined;
}

/** A claim that took no run, judged on the row nearest to claimable (none: the queue is empty). */
export function claimRefusedOn(owner: string, row: RunRow | undefined, now: number): WriteDecision {
  const write = { kind: 'claim' as const, writer: owner, now };
  return decideUnchanged(labRun(row?.runId ?? '(any)', 0), START_STATE, write, row);
}

/**
 * A checkpoint that changed nothing because the step's checkpoint is already stored (`stored`):
 * a duplicate (refused on `run` when the run is gone). `fenced`: it was written under the
 * lesson's renewal.
 */
export function checkpointNotWritten(w: {
  owner: string;
  run: string;
  step: Step;
  row: RunRow | undefined;
  token: number;
  now: number;
  stored: RunOutput | undefined;
  fenced: boolean;
}): WriteDecision {
  const design = w.fenced ? fencedDesign : UNFENCED_CHECKPOINTS;
  const output = { name: w.step, opId: checkpointOp(w.step), body: '' };
  const write = { kind: 'output' as const, writer: w.owner, token: w.token, now: w.now, output };
  return decideUnchanged(labRun(w.run, 0, design), START_STATE, write, w.row, w.stored);
}

/** A checkpoint's operation: the step's checkpoint, whichever attempt writes it. */
const checkpointOp = (step: Step) => `checkpoint of ${step}`;

/** The checkpoint of a step as the run's output named for the step (undefined: none stored). */
export async function storedCheckpoint(task: AsyncSqlDriver, run: string, step: Step) {
  const row = await task.get(
    `SELECT step AS name, CAST($op AS TEXT) AS "opId", owner, fence, output AS body, saved_at AS "writtenAt"
     FROM checkpoints WHERE run_id = $run AND step = $step`,
    { run, step, op: checkpointOp(step) },
  );
  return row ? readOutputRow(row) : undefined;
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
