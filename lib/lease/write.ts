import type { SqlRow } from '@/lib/sqlite';
import type { GATEWAY_RESOURCE, REPORT_RESOURCE } from './build';
import type { WriterFacts } from './catalogue';
import type { Authority, LeaseClock, WriteDecision } from './decision';
import { NO_AUTHORITY, type HeldToken } from './judge';
import type { UnknownReason } from './outcome';
import type { LeaseDesign, RunOutput, RunRow } from './types';

/*
 * What lib/lease's one step (step.ts) takes and gives: the design bound to a run, who holds
 * what, one Write, and the step's result. Every engine maps its own input to a Write.
 */

/** The design a step runs, bound to one run and one lease length. */
export interface LeaseRun {
  design: LeaseDesign;
  runId: string;
  /** Lease length in database-time seconds. */
  leaseSeconds: number;
  /**
   * 'row': who holds the run is what its row says before each write, not what the state folded
   * (the crash lab: its processes share no memory, and each claim sets the row's owner and
   * generation, so the row names the newest claim's holder).
   */
  authority?: 'row';
}

/** Who holds what, as the step folds it over a history. */
export interface LeaseState {
  /** The newest claim's holder and token (nobody: never claimed, or fenced by a cancel). */
  authority: Authority;
  /** The tokens holders learned from their claims (a claim whose reply was lost teaches none). */
  held: readonly HeldToken[];
}

/** Before the first write: nobody holds the run. */
export const START_STATE: LeaseState = { authority: NO_AUTHORITY, held: [] };

/** What every write shares: who sent it, at which statement time, and what it learned. */
interface WriteBase {
  /** The owner name the writer writes under ('A'), or 'the user' for a cancel. */
  writer: string;
  /** The $now its statement binds (the clock that judges its lease). */
  now: number;
  /** The generation the writer holds, when the token it carries is another number. */
  holds?: number;
  /** The reply never reached the writer: it learns `unknown`. */
  lost?: UnknownReason;
  /** The clock its lease check reads, when the scenario names clocks (for the words). */
  clock?: LeaseClock;
  /** The writer's process, when two processes write under one holder name (a restart). */
  lane?: string;
}

/** One write to the run row, as the step takes it. */
export type Write =
  | (WriteBase & {
      kind: 'claim';
      /** The claimer's own clock ($clock; a design that tracks claimed_at records it). */
      ownClock?: number;
      /**
       * For a two-statement claim whose read was a step of its own: what that read returned
       * (null: it saw nothing, so nothing is sent). Absent: the read runs with the write.
       */
      seen?: SqlRow | null;
      /** Once it holds the run, the claimant registers its token at the design's fenced targets. */
      register?: boolean;
    })
  | (WriteBase & {
      kind: 'renew' | 'finish';
      token: number;
      /** What the writer's claim left and what it read (catalogue conditions compare them). */
      memory?: Pick<WriterFacts, 'claim' | 'read'>;
    })
  | (WriteBase & {
      kind: 'output';
      token: number;
      memory?: Pick<WriterFacts, 'claim' | 'read'>;
      /** `opId`: the business operation id, stable across retries. */
      output: { name: string; opId: string; body: string };
    })
  /** A write through one of the design's fenced targets: its report store or its gateway. */
  | (WriteBase & {
      kind: 'resource';
      target: typeof REPORT_RESOURCE | typeof GATEWAY_RESOURCE;
      token: number;
      /** The holder's report batch (1 for its first report write; its operation id names it). */
      batch: number;
      /** The holder's own check of the row (a step before this one) saw it lost: nothing is sent. */
      lostOwnCheck?: boolean;
    })
  | (WriteBase & { kind: 'cancel' })
  /** The cancel's completion once the effects are reconciled (canceling to canceled). */
  | (WriteBase & { kind: 'complete-cancel' });

/** What one step returns: the next state and the decision, with what the caller may need. */
export interface LeaseStepResult {
  state: LeaseState;
  decision: WriteDecision;
  /** The run row after the write (undefined: the run does not exist). */
  row: RunRow | undefined;
  /** A new generation (a fenced cancel's, a registering claim's) told to the design's highest-seen resources. */
  registered?: string[];
  /** A duplicate output: what its first attempt stored. */
  stored?: RunOutput;
  /** An applied claim: the token its statement returned (what the claimant carries from now). */
  token?: number;
}
