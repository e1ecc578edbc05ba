import type { Explained, OutcomeKind, PropertyId, ViolationKind, WriteDecision } from '@/lib/lease';

export type { PropertyId, ViolationKind } from '@/lib/lease';

/** What a holder's program can do, in the lesson's terms ('cancel': the user cancels the run). */
export type WorkerOp = 'claim' | 'pause' | 'renew' | 'write' | 'send' | 'finish' | 'cancel';

/**
 * One atomic step of a worker. A design may need two statements for one operation (a lock-free
 * read before its claim, a worker-side check before its write); each is its own step, so other
 * workers can run between them.
 */
export type StepKind =
  | 'claim-read'
  | 'claim'
  | 'pause'
  | 'renew'
  | 'write-check'
  | 'write'
  | 'send'
  | 'finish'
  | 'cancel';

/** One worker of the bound: its owner name (two workers may share one: a restart) and program. */
export interface HolderProgram {
  owner: string;
  program: readonly WorkerOp[];
  /** Shown in traces, e.g. "A (restarted)". Defaults to the owner. */
  label?: string;
}

/** How far the search looks: which workers run which programs, and how time moves. */
export interface Bound {
  workers: readonly HolderProgram[];
  /** Lease length in database seconds. */
  leaseSeconds: number;
  /** How far the clock moves at a pause (a GC pause, a stalled network). */
  pauseSeconds: number;
}

export type ProtectedTarget = 'run row' | 'report' | 'gateway';

export interface Violation {
  property: PropertyId;
  kind: ViolationKind;
  /** The step (0-based index into the schedule) after which the property failed. */
  atStep: number;
  target?: ProtectedTarget;
  /** The explainer's violation line (lib/lease). */
  message: Explained;
}

/** One step of a counterexample, with what happened, for people and for replay. */
export interface CheckerStep {
  worker: number;
  owner: string;
  label: string;
  kind: StepKind;
  /** The clock when the step ran. */
  now: number;
  /** The token the worker held when the step ran (0: none yet). */
  token: number;
  /** Rows the statement changed (or returned, for a read); 0 for a pause. */
  changed: number;
  /**
   * What happened: for a write, explain()'s sentence of its decision; for a pause, a read or a
   * holder that stopped, explainStep's short phrase ("the clock moves to 5").
   */
  outcome: Explained;
  /** What the step did in the four outcomes; null for a step that writes nothing (pause, read). */
  result: OutcomeKind | null;
  /** True when the holder ran nothing: its claim had been refused. */
  stopped: boolean;
  /** The rulebook's decision on the step's write (null: a pause, a read, a stopped holder). */
  decision: WriteDecision | null;
}

/**
 * A schedule run step by step: the order in which workers took their steps, and the trace.
 * Format (documented in lib/checker/README section of the project README): `schedule[i]` is the
 * index of the worker that took step i; each worker runs its program in order. The run ends at
 * the first step that breaks a property (`violation`), or after the last step (null).
 */
export interface ScheduleTrace {
  designId: string;
  bound: Bound;
  schedule: number[];
  steps: CheckerStep[];
  violation: Violation | null;
}

/** A violating schedule: a schedule trace that ends at the step that broke a property. */
export interface Counterexample extends ScheduleTrace {
  violation: Violation;
}

export interface SearchProgress {
  /** Schedules decided so far (run to the end, or cut because they cannot give a shorter counterexample). */
  covered: number;
  total: number;
  /** Schedules run to their last step. */
  explored: number;
  /** Steps executed against SQLite. */
  steps: number;
}

export type CheckVerdict = 'safe' | 'unsafe' | 'stopped';

export interface CheckerVerdict {
  designId: string;
  verdict: CheckVerdict;
  /** Every schedule in the bound. */
  total: number;
  /** Schedules run to their last step (with a state cache: also those whose state was seen before). */
  explored: number;
  /** Schedules decided: explored, or cut once a shorter counterexample was known. */
  covered: number;
  /** Steps executed against SQLite. */
  steps: number;
  /** States skipped because the cache had seen them (0 without a cache). */
  cacheHits: number;
  ms: number;
  counterexample?: Counterexample;
}
