import type { Decided } from './decided';
import type { TargetCheckKind, TargetCheckName } from './kinds/targets';
import type { OutcomeKind, UnknownReason } from './outcome';
import type { PropertyId, ViolationKind } from './properties';
import type { FingerprintKind } from './replicated-fence';
import type { ConditionCheckName } from './kinds/conditions';
import type { FingerprintColumn, RunColumn } from './run-columns';
import type { RunStatus } from './types';

/*
 * The decision record: what a target decided about one write, as data. Every engine (the
 * timeline, the checker's counterexamples, the claim lab, the crash lab and its CLI) gets one
 * `WriteDecision` per write from lib/lease and never writes a sentence about it: the explainer
 * (lib/lease/explain.ts) turns a decision and the scenario's vocabulary into every word the
 * learner reads. Only lib/lease constructs a WriteDecision.
 */

/** Every kind of write the lesson knows. */
export const WRITE_KINDS = [
  /** Take a free or expired lease and advance the token. */
  'claim',
  /** Extend one's own lease. */
  'renew',
  /** Mark the run done. */
  'finish',
  /** Fence the run for cancelling (a new generation no holder owns). */
  'cancel',
  /** Move a canceling run to canceled once its effects are reconciled. */
  'complete-cancel',
  /** A named output of the run (its draft, the report reference). */
  'output',
  /** A write to a resource outside the run row (report store, gateway, object store, ticket API). */
  'resource',
  /** A new generation announces itself to a highest-seen resource before acting. */
  'register',
  /** A write to a replicated resource that commits only with a majority of acceptors. */
  'quorum',
  /** The crash lab's publish: an external side effect through the publisher's fence. */
  'publish',
  /** A rescuer (a third party, not a holder) re-queues a run it read as stuck (rescue.ts). */
  'rescue',
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/**
 * Every check a target can run beyond the condition kinds' own (lib/lease/kinds/conditions: the
 * claimable test, a value as read, the attempt, a fingerprint): the run row's commit conditions
 * (owner, fence, lease, status) and the checks of the resource fences in fence.ts.
 */
export const CHECK_NAMES = [
  'run',
  'owner',
  'fence',
  'lease',
  'status',
  'version',
  'key',
  'operation',
  'worker-check',
  /** The writer is paused: it sends nothing (expected false, actual true). */
  'paused',
  /** The writer holds a generation to register (actual its token; one that never claimed holds 0). */
  'claimed',
  /** A rescuer's read showed a stuck run (expected 'expired'; actual what it read, or 'unread'). */
  'stuck',
] as const;
/** A check's name: one of the above, or one a condition kind or a target kind runs (its object names it). */
export type CheckName = (typeof CHECK_NAMES)[number] | ConditionCheckName | TargetCheckName;

/** A value a check compared: a token, a holder, a status, a time, or a set of them. */
export type CheckValue = string | number | boolean | null | readonly (string | number)[];

/** How a check compared `actual` with `expected`. */
export type CheckRelation =
  /** actual = expected (owner, fence, status, a version read earlier). */
  | 'equals'
  /** actual >= expected (a highest-seen fence: the token is not below what was seen). */
  | 'at-least'
  /** actual > expected (a lease end after now). */
  | 'after'
  /** actual <= expected (a lease end not after now: the lease has run out). */
  | 'not-after'
  /** actual is one of expected (status in a set). */
  | 'one-of'
  /** actual was not stored before (an idempotency key, an operation id). */
  | 'absent'
  /** actual acceptors took it, expected is how many make a majority. */
  | 'quorum';

/** One check the target ran while deciding the write, with the values it compared. */
export interface CheckResult {
  name: CheckName;
  relation: CheckRelation;
  expected: CheckValue;
  actual: CheckValue;
  held: boolean;
  /** For a check of a value as read: the run row's column compared with the value read. */
  field?: RunColumn;
  /** For a fingerprint's check: its columns, in the order of `expected` and `actual`. */
  fields?: readonly FingerprintColumn[];
}

/** Where the write landed and which rule guards it. */
export interface WriteTarget {
  /** A stable id: the run row's (RUN_ROW.target), or the resource's id ('report', 'gateway:email', 'publisher'). */
  id: string;
  /**
   * The rule the target applies: the run row's conditions, a resource fence kind from fence.ts,
   * or a majority of acceptors. A target whose fence is 'none' runs no check.
   */
  guard: TargetCheckKind;
}

/** The run row as a decision sees it (before or after the write). */
export interface RowState {
  owner: string;
  fence: number;
  leaseUntil: number;
  status: RunStatus;
  /** Claims made (a fenced cancel is not one): only in a design whose conditions compare it. */
  attempt?: number;
  /** The claimer's own clock at the last claim (tracked like `attempt`). */
  claimedAt?: number;
  /** Database time of the last claim (tracked like `attempt`). */
  attemptedAt?: number;
}

/**
 * The clock a lease check read: the database's statement clock (clock_timestamp()), the writing
 * holder's own (`offset` s off), or the transaction clock (now()) of the holder's transaction,
 * which reads the time the transaction `began` while the statement clock reads `statement`.
 */
export type LeaseClock =
  | { kind: 'database' }
  | { kind: 'worker'; holder: string; offset: number }
  | { kind: 'transaction'; holder: string; began: number; statement: number };

/** Who held authority when the write was decided: the newest claim's holder and token. */
export interface Authority {
  /** null: nobody holds the run (never claimed, or fenced by a cancel). */
  holder: string | null;
  token: number;
}

/** A replicated write: which acceptors took it, refused it or never heard of it. */
export interface QuorumTally {
  acceptors: number;
  needed: number;
  took: readonly number[];
  refused: readonly number[];
  missed: readonly number[];
  committed: boolean;
}

/** A write that broke one of the four safety properties. */
export interface DecisionViolation {
  kind: ViolationKind;
  property: PropertyId;
  /** The writer whose write broke it. */
  culprit: string;
  /** The rightful holder whose work it undid or shared, when there is one. */
  victim: string | null;
}

/** The four-valued outcome as both sides saw it. */
export interface DecisionOutcome {
  /** What the target decided. */
  database: Exclude<OutcomeKind, 'unknown'>;
  /** What the writer learned (unknown when its acknowledgement was lost). */
  caller: OutcomeKind;
  unknownReason?: UnknownReason;
  rowsChanged: number;
  /** A duplicate: the operation id (idempotency key) that had already landed. */
  opId?: string;
}

/**
 * One write, decided: the record every sentence the learner reads is written from. Only the
 * rulebook's builders make one (the `Decided` mark, decided.ts).
 */
export interface WriteDecision extends Decided {
  kind: WriteKind;
  /** The holder (or user, or third party) that sent it. */
  writer: string;
  /** The token it carried; null when the write carries none (a TTL-only design, a cancel). */
  token: number | null;
  /** The generation the writer holds, when the token it carried is another number (claimed_at). */
  holds?: number;
  target: WriteTarget;
  /** Every check the target ran, in order; an unchecked target has none. */
  checks: readonly CheckResult[];
  /** The names of the checks that did not hold (derived from `checks`). */
  failed: readonly CheckName[];
  outcome: DecisionOutcome;
  quorum?: QuorumTally;
  /** The run row the statement judged and the row it left (run-row writes only). */
  before?: RowState;
  after?: RowState;
  /** The run row as a third party read it before its write (a rescuer's read). */
  read?: RowState;
  /** The clock the lease check read, when the scenario names clocks (the words then name it). */
  clock?: LeaseClock;
  /** Who held the run at that instant. */
  authority: Authority;
  /** The property this write broke, or null. */
  violation: DecisionViolation | null;
  /** Database time of the decision. */
  at: number;
}

/**
 * The scenario's words: what its token is called and what its resources are called. Every line
 * the explainer writes uses them, run-row lines included.
 */
export interface Vocabulary {
  /** fence, epoch, producer epoch, zxid, RangeID, attempt, generation. */
  token: string;
  /** False for a design without a fence column (lease only): no line mentions a fence. */
  fenced: boolean;
  /** A display name per target id ('gateway:email' → 'the email gateway'). */
  resources?: Readonly<Record<string, string>>;
  /**
   * What holders present to a resource beyond the run row, when it is not the counter itself
   * (an attempt number, the claimer's clock, the pair): tokens there read "claimed_at 361".
   */
  carried?: FingerprintKind;
  /**
   * 'wall': times are a real clock's seconds (the crash lab), so a lease is told relative to the
   * decision's time ("for another 3.2 s"), never as a raw clock reading.
   */
  clock?: 'wall';
}

/** The lesson's own words. */
export const LESSON_VOCABULARY: Vocabulary = { token: 'fence', fenced: true };
