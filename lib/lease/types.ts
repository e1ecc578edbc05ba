import type { ClaimColumn, ClaimCondition, RunCondition } from './catalogue';
import type { CheckName, RowState, WriteDecision } from './decision';
import type { RunTable } from './conditions';
import type { ResourceFence } from './fence';

export type { CommitCondition } from './conditions';

/**
 * Where a run is in its life. done, canceled and failed are final: nobody may claim them again.
 * canceling: a cancel has fenced the run (a new generation no holder owns) while effects may
 * still be in flight; it becomes canceled once they are reconciled.
 */
export const RUN_STATUSES = [
  'queued',
  'running',
  'done',
  'canceling',
  'canceled',
  'failed',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const FINAL_STATUSES: readonly RunStatus[] = ['done', 'canceled', 'failed'];

/** The run row as stored: the whole state the lease and fence rules look at. */
export interface RunRow extends RowState {
  runId: string;
}

/** A claim through the lease model: the step's decision, and the token it handed out. */
export type ClaimResult =
  | {
      ok: true;
      changed: 1;
      fenceToken: number;
      leaseUntil: number;
      row: RunRow;
      decision: WriteDecision;
    }
  | { ok: false; changed: 0; row: RunRow | undefined; decision: WriteDecision };

/** A commit through the lease model: applied, or not (the decision says refused or duplicate). */
export type CommitResult =
  | { ok: true; changed: number; row: RunRow; decision: WriteDecision }
  | {
      ok: false;
      changed: 0;
      /** The checks that did not hold (the decision's `failed`). */
      failed: CheckName[];
      row: RunRow | undefined;
      decision: WriteDecision;
    };

/**
 * A lease design: the SQL of every operation, as one value. The correct design of the lesson is
 * one value; each broken design is another. Every tool (lab, timeline, checker, crash lab) runs
 * designs through lib/lease, so none keeps its own copy of the SQL.
 *
 * Parameters, bound by name: $run, $owner, $now, $lease (seconds), $token.
 * `claim` must return the new token as a column named `token` (UPDATE ... RETURNING).
 */
export interface LeaseDesign {
  id: string;
  name: string;
  summary: string;
  schema: string;
  submit: string;
  claim: string;
  renew: string;
  finish: string;
  cancel: string;
  read: string;
  /**
   * Optional (added for the timeline): the table of a run's named outputs (its draft, the
   * official report reference) and the statement that writes one. Parameters as above plus
   * $name, $op (operation id: business intent, stable across retries) and $body. The write must
   * change no row when the same $op is already stored (a retry) or when the writer may not commit.
   */
  outputSchema?: string;
  writeOutput?: string;
  readOutput?: string;
  /**
   * A lock-free read the worker makes before its claim, as a separate statement. When present,
   * claiming takes two steps another worker can run between; each column of the row it returns
   * is bound into `claim` by name (`SELECT fence AS seen_fence` binds `$seen_fence`). No row
   * means the worker sees nothing to claim.
   */
  claimRead?: string;
  /** The protected targets beyond the run row, with the checks each one makes. */
  targets?: DesignTargets;
  /** Moves a canceling run to canceled once its effects are reconciled. */
  completeCancel?: string;
  /**
   * The rules the statements were built from (lib/lease/build.ts): which conditions each
   * statement checks. Absent for a learner's own statements, whose conditions are not known.
   */
  rules?: DesignRules;
}

/** How a claim is made. */
export type ClaimRule =
  /** One UPDATE that checks and bumps the fence (the lesson's). */
  | 'atomic'
  /** A lock-free SELECT, then an UPDATE that does not check again. */
  | 'select-then-update'
  /** One UPDATE that sets an unpredictable token instead of a growing one. */
  | 'random-token';

/** What a cancel does to the run row. */
type CancelRule =
  /** canceling, with a new generation that every registering target learns (the lesson's). */
  | 'fenced'
  /** canceled, with nothing bumped: a stale holder's effects elsewhere still land. */
  | 'unfenced';

/** The rules of a design as data: the statements are built from them. */
export interface DesignRules {
  table: RunTable;
  claim: ClaimRule;
  /**
   * The claim's conditions, picked from the catalogue (absent: the lesson's claimable test,
   * LESSON_CLAIM). A two-statement claim checks them in its read and trusts the read.
   */
  claimConditions?: readonly ClaimCondition[];
  /** Each statement's conditions, picked from the catalogue (lib/lease/catalogue.ts). */
  renew: readonly RunCondition[];
  finish: readonly RunCondition[];
  /** The conditions of a named output's write (draft, report reference). */
  output: readonly RunCondition[];
  /**
   * Claim columns the claim records even though no condition here compares them (a rescuer's
   * read-then-compare may); those the conditions compare are recorded anyway.
   */
  track?: readonly ClaimColumn[];
  cancel: CancelRule;
  targets: TargetRules;
}

/** The targets beyond the run row, as fences. */
export interface TargetRules {
  report: ResourceFence;
  gateway: ResourceFence;
  /** The holder reads the run row itself before its report write (a separate step). */
  workerCheck: boolean;
}

/**
 * The targets a worker's effects land on besides the run row: a report reference in a
 * downstream store and an action sent through a gateway. Parameters as for renew and finish,
 * plus $batch (1 for a worker's first report write, 2 for its second, ...).
 */
export interface DesignTargets {
  /** Creates the target tables. */
  schema: string;
  /** The report store's fence and the gateway's, as values (the SQL below is built from them). */
  report: ResourceFence;
  gateway: ResourceFence;
  /**
   * The registration event: the holder of a new generation ($token) tells the run's
   * highest-seen resources about it, after its claim (or a fenced cancel) and before acting.
   */
  register?: string;
  /** Enqueues the target rows for run $run. */
  submit: string;
  /** Writes the report reference. */
  writeReport: string;
  /**
   * A check the worker makes itself before writing the report, as a separate SELECT (a row
   * means "go ahead"). When present, checking and writing are two steps that can interleave.
   */
  workerCheck?: string;
  /** Sends the run's action through the gateway. */
  sendGateway: string;
  /** Optional: reads the report reference of run $run as columns `ref` and `fence` (for showing it). */
  readReport?: string;
  /** One row, one text column `state`: every target's whole content, for the checker's cache. */
  snapshot: string;
}

/** A stored output of a run: the draft, or the reference to the official report version. */
export interface RunOutput {
  name: string;
  opId: string;
  owner: string;
  fence: number;
  body: string;
  writtenAt: number;
}

/**
 * The result of writing an output: a commit result, or a duplicate (the same operation id
 * already landed: nothing changes, and the stored output is what the first attempt wrote).
 */
export type OutputResult =
  | CommitResult
  | {
      ok: false;
      changed: 0;
      failed: [];
      duplicate: true;
      row: RunRow | undefined;
      output: RunOutput;
      decision: WriteDecision;
    };
