import { admitsPosition, type FencePosition, type ResourceFence } from './fence';
import type { CheckResult, RowState } from './decision';
import type { RunStatus } from './types';

/*
 * The checks a target runs, as data (CheckResult): each names what it compared, the value it
 * expected and the value it found. The decision builders (decide.ts) put them in a
 * WriteDecision; the explainer words them. Each mirrors the SQL that decided (catalogue.ts,
 * fence.ts), so a sentence can never name a value the statement did not see.
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

/**
 * A highest-seen fence's comparison: what the write presents (by the fence's order: the
 * generation, the pair (generation, batch), or their sum) is not below what the resource saw.
 */
export function highestSeenCheck(
  fence: ResourceFence,
  token: number,
  batch: number,
  seen: FencePosition,
): CheckResult {
  const held = admitsPosition(fence, token, batch, seen);
  if (fence.kind === 'highest-seen' && fence.order === 'generation-batch')
    return check('highest-seen', 'at-least', [seen.generation, seen.batch], [token, batch], held);
  // Summed (broken): the resource compares generation + batch with the sum it saw; the parts
  // are kept, so the words can say what was added.
  if (fence.kind === 'highest-seen' && fence.order === 'summed')
    return check('highest-seen', 'at-least', seen.generation, [token, batch], held);
  return check('highest-seen', 'at-least', seen.generation, token, held);
}

/**
 * An idempotency key (or operation id) check: `expected` is the key sent, `actual` the holder
 * whose write already stored it (null: the key is new, and the check held).
 */
export function keyCheck(
  name: 'key' | 'operation',
  key: string,
  storedBy: string | null,
): CheckResult {
  return check(name, 'absent', key, storedBy, storedBy === null);
}

/** A majority: `took` acceptors took the write, `needed` make a majority. */
export function quorumCheck(took: number, needed: number): CheckResult {
  return check('quorum', 'majority', needed, took, took >= needed);
}

/** The holder's own read of the run row before it writes: does the row still show its token? */
export function workerCheckResult(token: number, rowFence: number): CheckResult {
  return check('worker-check', 'equals', token, rowFence, token === rowFence);
}

/** A paused writer sends nothing. */
export function pausedCheck(): CheckResult {
  return check('paused', 'equals', false, true, false);
}

/** A version of the writer's own to point at: `version` is its last upload (null: none). */
export function versionCheck(version: number | null): CheckResult {
  return check('version', 'equals', 'uploaded', version, version !== null);
}

/** The run exists (a write to a missing run is refused on `run`). */
export function runExistsCheck(runId: string): CheckResult {
  return check('run', 'equals', runId, null, false);
}

function check(
  name: CheckResult['name'],
  relation: CheckResult['relation'],
  expected: CheckResult['expected'],
  actual: CheckResult['actual'],
  held: boolean,
): CheckResult {
  return { name, relation, expected, actual, held };
}
