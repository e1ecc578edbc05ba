import type { SqlRow } from '@/lib/sqlite';
import type { WriterFacts } from './catalogue';
import type { FenceWriteResult, ResourceWrite } from './fence-write';
import type {
  ClaimResult,
  CommitResult,
  LeaseDesign,
  OutputResult,
  RunOutput,
  RunRow,
} from './types';

/* The lease model's interface: what every engine drives. The implementation is model.ts. */

export interface LeaseModelOptions {
  /** The design whose SQL runs; the lesson's fenced design by default. */
  design?: LeaseDesign;
  /** Lease length in database-time seconds (the lesson's demo uses 5). */
  leaseSeconds?: number;
  /** The run this model acts on. */
  runId?: string;
}

/** What a cancel left to reconcile: the effects already done, listed once the run is canceled. */
interface CancelReconciliation {
  ok: boolean;
  row: RunRow | undefined;
  /** Writes the run's resources took (report store, gateway), oldest first. */
  effects: ResourceWrite[];
  /** Outputs the run stored (draft, report reference). */
  outputs: RunOutput[];
}

/** What a holder brings to a commit besides its name and token: what its claim left, what it read. */
export type WriterMemory = Pick<WriterFacts, 'claim' | 'read'>;

/** The lease model bound to one run in one database. Time is always passed in, never read. */
export interface LeaseModel {
  readonly design: LeaseDesign;
  readonly runId: string;
  readonly leaseSeconds: number;
  /** Creates the runs table (if missing) and enqueues this run (if missing). */
  setup(): void;
  /** Reads the run row, or undefined if it does not exist. */
  read(): RunRow | undefined;
  /**
   * Claims the run. For a design whose claim is two statements (`claimRead`, then `claim`), the
   * two run back to back in one transaction, unless `seen` is given: then only the write runs,
   * with the row an earlier `claimRead` returned (null: that read saw nothing, so nothing is
   * sent and the claim is refused). `clock` is the claimer's own clock (default `now`): a design
   * that tracks claimed_at records it.
   */
  claim(owner: string, now: number, seen?: SqlRow | null, clock?: number): ClaimResult;
  /** The first statement of a two-statement claim on its own (undefined: one-statement claim). */
  claimRead(owner: string, now: number): SqlRow | null | undefined;
  /** The worker's own check before its report write; undefined when the design has none. */
  workerCheck(owner: string, fenceToken: number, now: number): boolean | undefined;
  /**
   * The registration event: tells the run's highest-seen resources about generation
   * `fenceToken`. Returns the resources told (none: the design registers nowhere).
   */
  register(fenceToken: number): string[];
  /** Writes the report reference through the report store's fence, as batch `batch`. */
  writeReport(owner: string, fenceToken: number, now: number, batch: number): FenceWriteResult;
  /** Calls the design's gateway, through its fence. */
  sendGateway(owner: string, fenceToken: number, now: number): FenceWriteResult;
  /** The design's report reference for this run, if one was written. */
  readReport(): { ref: string; fence: number } | undefined;
  /** `memory`: what the holder's claim left and what it read, for catalogue conditions. */
  renew(owner: string, fenceToken: number, now: number, memory?: WriterMemory): CommitResult;
  finish(owner: string, fenceToken: number, now: number, memory?: WriterMemory): CommitResult;
  /**
   * Cancels the run. Under a fenced cancel it becomes `canceling` with a new generation, which
   * the fenced targets learn at once; `generation` is that new fence.
   */
  cancel(now: number): CommitResult & { generation?: number; registered?: string[] };
  /** Ends a cancel: canceling becomes canceled, and the effects already done are listed. */
  completeCancel(now: number): CancelReconciliation;
  /** Creates the outputs table of the design (if it has one and it is missing). */
  setupOutputs(): void;
  /** Reads a named output of the run (the draft, the report reference), if stored. */
  readOutput(name: string): RunOutput | undefined;
  /**
   * Writes a named output under the design's output conditions; `opId` is the business
   * operation id, so a retry of the same operation changes nothing and reports a duplicate.
   */
  writeOutput(
    owner: string,
    fenceToken: number,
    now: number,
    output: { name: string; opId: string; body: string },
  ): OutputResult;
}
