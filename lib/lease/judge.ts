import type {
  Authority,
  LeaseClock,
  CheckResult,
  DecisionOutcome,
  DecisionViolation,
  RowState,
  WriteDecision,
  WriteKind,
  WriteTarget,
} from './decision';
import { decided, type Decided } from './decided';
import type { UnknownReason } from './outcome';
import {
  claimedFinal,
  fenceShrank,
  finishedTwice,
  PROPERTY_OF,
  sharesToken,
  type ViolationKind,
} from './properties';
import { FINAL_STATUSES } from './types';

/*
 * What every decision builder shares: the context of a write, the one outcome builder of a
 * decision, and the judge of the four properties (lib/lease/properties' rules) over one write.
 */

/** Who wrote, when, and who held the run at that instant: what every builder needs. */
export interface DecisionContext {
  /** The holder's owner name as the run row stores it ('A'), or 'user' for a cancel. */
  writer: string;
  /** Database time of the decision. */
  at: number;
  /** The newest claim's holder and token before this write ({@link authorityAfter}). */
  authority: Authority;
  /** The generation the writer holds, when the token it carries is another number (a fingerprint). */
  holds?: number;
  /** The acknowledgement never reached the writer: it learns `unknown`. */
  lost?: UnknownReason;
  /** The clock the lease check reads, when the scenario names clocks. */
  clock?: LeaseClock;
  /** The writer's process, when two processes write under one holder name (HeldToken.lane). */
  lane?: string;
}

/** Another holder's claim, for the shared-token property. */
export interface HeldToken {
  holder: string;
  token: number;
  /**
   * The process that holds it, when two processes write under one holder name (a restarted
   * worker beside the old one): they share a token as much as two holders do.
   */
  lane?: string;
}

/**
 * Who holds the run after a decision: an applied claim makes its writer the holder of the new
 * token; an applied cancel leaves the run to nobody (a fenced cancel under a new generation).
 */
export function authorityAfter(authority: Authority, d: WriteDecision): Authority {
  if (d.outcome.database !== 'applied' || !d.after) return authority;
  if (d.kind === 'claim') return { holder: d.writer, token: d.after.fence };
  if (d.kind === 'cancel') return { holder: null, token: d.after.fence };
  return authority;
}

/** No one has claimed the run yet. */
export const NO_AUTHORITY: Authority = { holder: null, token: 0 };

/** The run row as a decision's target. */
export const RUN_ROW: WriteTarget = { id: 'run-row', guard: 'run-row' };

/** The one outcome builder of a decision: what the target decided, what the writer learned. */
export function outcome(
  ctx: DecisionContext,
  database: DecisionOutcome['database'],
  rowsChanged: number,
  opId?: string,
): DecisionOutcome {
  return {
    database,
    caller: ctx.lost ? 'unknown' : database,
    ...(ctx.lost ? { unknownReason: ctx.lost } : {}),
    rowsChanged,
    ...(opId !== undefined ? { opId } : {}),
  };
}

/** What a builder found out about one write. */
export interface Facts {
  kind: WriteKind;
  token: number | null;
  target: WriteTarget;
  checks: CheckResult[];
  outcome: DecisionOutcome;
  quorum?: WriteDecision['quorum'];
  before?: RowState;
  after?: RowState;
  /** What a third party read before its write (a rescuer). */
  read?: RowState;
  others?: readonly HeldToken[];
}

/** A decision from its facts, with the property it broke judged. */
export function build(ctx: DecisionContext, f: Facts): WriteDecision {
  const record: Omit<WriteDecision, keyof Decided> = {
    kind: f.kind,
    writer: ctx.writer,
    token: f.token,
    ...(ctx.holds !== undefined && ctx.holds !== f.token ? { holds: ctx.holds } : {}),
    target: f.target,
    checks: f.checks,
    failed: f.checks.filter((c) => !c.held).map((c) => c.name),
    outcome: f.outcome,
    ...(f.quorum ? { quorum: f.quorum } : {}),
    ...(f.before ? { before: { ...f.before } } : {}),
    ...(f.after ? { after: { ...f.after } } : {}),
    ...(f.read ? { read: { ...f.read } } : {}),
    ...(ctx.clock ? { clock: { ...ctx.clock } } : {}),
    authority: { ...ctx.authority },
    violation: null,
    at: ctx.at,
  };
  return decided({ ...record, violation: judge(ctx, decided(record), f.others ?? []) });
}

/** The property an applied write broke, judged by lib/lease/properties' rules. */
function judge(
  ctx: DecisionContext,
  d: WriteDecision,
  others: readonly HeldToken[],
): DecisionViolation | null {
  if (d.outcome.database !== 'applied') return null;
  const broke = (kind: ViolationKind, victim: string | null): DecisionViolation => ({
    kind,
    property: PROPERTY_OF[kind],
    culprit: d.writer,
    victim: victim || null,
  });
  const { before, after } = d;
  if (d.kind === 'rescue' && before) {
    // A re-queue reopens a finished run (property 3), or takes the run from a newer claim than
    // the one it read as stuck: a write of an older generation landing (property 1).
    if (claimedFinal(FINAL_STATUSES.includes(before.status)))
      return broke('final-claimed', before.owner);
    if (d.read && d.read.fence < before.fence) return broke('stale-write', d.authority.holder);
  } else if (d.kind === 'claim' && before && after) {
    if (claimedFinal(FINAL_STATUSES.includes(before.status)))
      return broke('final-claimed', before.owner);
    const another = (o: HeldToken) =>
      o.holder !== d.writer ||
      (o.lane !== undefined && ctx.lane !== undefined && o.lane !== ctx.lane);
    const sharing = others.find((o) => another(o) && o.token === after.fence);
    if (sharing && sharesToken(after.fence, [sharing.token]))
      return broke('shared-token', sharing.holder);
  } else if (d.kind !== 'cancel' && d.kind !== 'complete-cancel' && d.kind !== 'register') {
    const holds = ctx.holds ?? d.token;
    const unclaimed = d.authority.holder === null && d.authority.token === 0;
    const rightful = d.authority.holder === d.writer && holds === d.authority.token;
    if (!unclaimed && !rightful) return broke('stale-write', d.authority.holder);
    if (d.kind === 'finish' && finishedTwice(before?.status === 'done' ? 2 : 1))
      return broke('second-finish', before?.owner ?? null);
  }
  if (before && after && fenceShrank(before.fence, after.fence))
    return broke('fence-shrank', before.owner);
  return null;
}
