import { claimedCheck, pausedCheck, versionCheck, workerCheckResult } from './checks';
import type { CheckResult, RowState, WriteDecision, WriteKind } from './decision';
import type { FencePosition, ResourceFence } from './fence';
import { fenceRules, MAJORITY } from './kinds/targets';
import { build, outcome, type DecisionContext } from './judge';

/* The decision builders of writes beyond the run row: resource fences and replicated resources. */

/**
 * A write through a resource fence of fence.ts (a report store, a gateway, an object store, a
 * ticket API, the crash lab's publisher) or a registration at one. `seen`: what the resource
 * had seen before; `key`: the idempotency key sent and who stored it before (null: new);
 * `row`: the run row a run-row fence judged; `workerCheck`: the row fence the holder read itself
 * before sending (a mismatch means it sent nothing).
 */
export function decideFenceWrite(
  ctx: DecisionContext,
  w: {
    kind?: WriteKind;
    target: string;
    fence: ResourceFence;
    token: number;
    batch?: number;
    seen?: FencePosition;
    key?: { key: string; storedBy: string | null };
    row?: RowState;
    workerCheck?: { rowFence: number };
    /** The writer is paused: it sends nothing. */
    paused?: boolean;
    /** A registration: whether the writer holds a generation (false: it never claimed, nothing is sent). */
    claimed?: boolean;
    /** A reference switch: the writer's own last upload (null: none, nothing is sent). */
    version?: number | null;
    changed: number;
  },
): WriteDecision {
  const checks: CheckResult[] = [];
  if (w.paused) checks.push(pausedCheck());
  if (w.claimed === false) checks.push(claimedCheck(w.token));
  if (w.version !== undefined) checks.push(versionCheck(w.version));
  if (w.workerCheck) checks.push(workerCheckResult(w.token, w.workerCheck.rowFence));
  const sent = checks.every((c) => c.held);
  if (sent) checks.push(...fenceChecks(ctx, w));
  const failed = checks.filter((c) => !c.held);
  const database =
    w.changed > 0
      ? 'applied'
      : failed.length > 0 && failed.every((c) => c.name === 'key')
        ? 'duplicate'
        : 'refused';
  return build(ctx, {
    kind: w.kind ?? 'resource',
    token: w.token,
    target: { id: w.target, guard: w.fence.kind },
    checks,
    outcome: outcome(ctx, database, w.changed, database === 'duplicate' ? w.key?.key : undefined),
  });
}

/** The crash lab's publish: a write through the publisher's fence. */
export function decidePublish(
  ctx: DecisionContext,
  w: Omit<Parameters<typeof decideFenceWrite>[1], 'kind'>,
): WriteDecision {
  return decideFenceWrite(ctx, { ...w, kind: 'publish' });
}

function fenceChecks(
  ctx: DecisionContext,
  w: Parameters<typeof decideFenceWrite>[1],
): CheckResult[] {
  return fenceRules(w.fence).checks(w.fence, {
    target: w.target,
    writer: ctx.writer,
    token: w.token,
    batch: w.batch ?? 0,
    at: ctx.at,
    seen: w.seen ?? { generation: 0, batch: 0 },
    ...(w.key ? { key: w.key } : {}),
    ...(w.row ? { row: w.row } : {}),
  });
}

/** One acceptor's answer (lib/lease/replicated-fence.ts's AcceptorVote). */
export interface QuorumVote {
  acceptor: number;
  reached: boolean;
  accepted: boolean;
  highestBefore: number;
}

/**
 * A write to (or registration at) a replicated resource: each acceptor reached compares the
 * token with the highest it promised; the write commits only when a majority took it.
 */
export function decideQuorum(
  ctx: DecisionContext,
  w: {
    kind?: 'quorum' | 'register';
    target: string;
    token: number;
    votes: readonly QuorumVote[];
    needed: number;
  },
): WriteDecision {
  const took = w.votes.filter((v) => v.accepted).map((v) => v.acceptor);
  const reached = w.votes.filter((v) => v.reached);
  const checks = MAJORITY.checks(w.token, w.votes, w.needed);
  const committed = took.length >= w.needed;
  return build(ctx, {
    kind: w.kind ?? 'quorum',
    token: w.token,
    target: { id: w.target, guard: MAJORITY.id },
    checks,
    // A minority copy is stored by the acceptors that took it, but it is not the resource's answer.
    outcome: outcome(ctx, committed ? 'applied' : 'refused', committed ? 1 : 0),
    quorum: {
      acceptors: w.votes.length,
      needed: w.needed,
      took,
      refused: reached.filter((v) => !v.accepted).map((v) => v.acceptor),
      missed: w.votes.filter((v) => !v.reached).map((v) => v.acceptor),
      committed,
    },
  });
}
