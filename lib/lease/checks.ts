import type { CheckResult, RowState } from './decision';
import type { RunStatus } from './types';

import { checkResult as check } from './kinds/targets/unit';

export { keyCheck } from './kinds/targets/unit';

/*
 * The checks a target runs, as data (CheckResult): each names what it compared, the value it
 * expected and the value it found. The decision builders (decide.ts) put them in a
 * WriteDecision; the explainer words them. Each mirrors the SQL that decided (catalogue.ts; a
 * target kind's own checks are its object's, lib/lease/kinds/targets), so a sentence can never name a value the statement did not see.
 */

/** What a claim sees in a row: queued, a running run whose lease expired or is held, or its status. */
export type ClaimState = 'queued' | 'expired' | 'held' | Exclude<RunStatus, 'queued' | 'running'>;

/** The state a claim at `now` sees (the same rule as claimableSql). */
export function claimState(row: RowState, now: number): ClaimState {
  if (row.status === 'queued') return 'queued';
  if (row.status === 'running') return row.leaseUntil <= now ? 'expired' : 'held';
  return row.status;
}

/** A cancel's test: the run is still queued or running (a final or canceling run stays as it is). */
export function cancellableCheck(row: RowState): CheckResult {
  const held = row.status === 'queued' || row.status === 'running';
  return check('status', 'one-of', ['queued', 'running'], row.status, held);
}

/** A cancel's completion: the run is canceling. */
export function cancelingCheck(row: RowState): CheckResult {
  return check('status', 'equals', 'canceling', row.status, row.status === 'canceling');
}

/** The holder's own read of the run row before it writes: does the row still show its token? */
export function workerCheckResult(token: number, rowFence: number): CheckResult {
  return check('worker-check', 'equals', token, rowFence, token === rowFence);
}

/** A paused writer sends nothing. */
export function pausedCheck(): CheckResult {
  return check('paused', 'equals', false, true, false);
}

/** A registration needs a generation: a worker that has not claimed holds token 0 and sends nothing. */
export function claimedCheck(token: number): CheckResult {
  return check('claimed', 'after', 0, token, token > 0);
}

/** A version of the writer's own to point at: `version` is its last upload (null: none). */
export function versionCheck(version: number | null): CheckResult {
  return check('version', 'equals', 'uploaded', version, version !== null);
}

/** The run exists (a write to a missing run is refused on `run`). */
export function runExistsCheck(runId: string): CheckResult {
  return check('run', 'equals', runId, null, false);
}
