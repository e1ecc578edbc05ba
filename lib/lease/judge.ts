import type {
  Authority,
  LeaseClock,
  CheckResult,
  DecisionOutcome,
  RowState,
  WriteDecision,
  WriteKind,
  WriteTarget,
} from './decision';
import { decided, type Decided } from './decided';
import type { UnknownReason } from './outcome';
import { judgeWrite } from './properties';

/*
 * What every decision builder shares: the context of a write, the one outcome builder of a
 * decision, and the decision with the property it broke (judged by properties.ts's judgeWrite).
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
  return decided({ ...record, violation: judgeWrite(ctx, decided(record), f.others ?? []) });
}
