import type {
  CheckName,
  Explained,
  OutcomeKind,
  TargetFacts,
  Vocabulary,
  WorkerFacts,
  WriteDecision,
} from '@/lib/lease';
import type { TargetId, TimelineEvent, WorkerId } from './types';

/* The trace half of the timeline's contract: what running a scenario gives back. */

export interface WriteEffect {
  kind: 'write';
  /** What the writer learned: the outcome a learner predicts. */
  outcome: OutcomeKind;
  /** What the target decided (differs from `outcome` only when the acknowledgement was lost). */
  database: Exclude<OutcomeKind, 'unknown'>;
  /** What the target decided, as data: every check it ran, who held the run, a property broken. */
  decision: WriteDecision;
  eventId: string;
  eventIndex: number;
  worker: WorkerId | null;
  target: TargetId;
  /** The checks that did not hold (the decision's `failed`). */
  failed: readonly CheckName[];
  /** Rows the statement changed at the target (0 for a refused write). */
  rowsChanged: number;
  /** The token the write carried, when it carried one. */
  token: number | null;
  /** Database time of the write. */
  at: number;
  /** The explainer's sentence: why this outcome, from the values the target compared. */
  explanation: Explained;
  /** The explainer's verdict line: "applied, 1 row", "refused, 0 rows: owner, fence". */
  verdictLine: Explained;
  /** The lesson's rule texts, chosen by the checks that decided (or the property broken). */
  rules: readonly Explained[];
}

/** Something that happened without a verdict (pause, resume, time moving, an ignored event). */
export interface NoteEffect {
  kind: 'note';
  eventId: string;
  eventIndex: number;
  /** The explainer's sentence about a step that wrote nothing. */
  text: Explained;
}

export type Effect = WriteEffect | NoteEffect;

/** The run row as the trace shows it (same fields as lib/lease's RunRow). */
export interface RunRowView {
  owner: string;
  leaseUntil: number;
  fence: number;
  status: string;
  /** The claim columns a design whose conditions compare them tracks (absent otherwise). */
  attempt?: number;
  claimedAt?: number;
  attemptedAt?: number;
}

/**
 * A worker after a step: the facts the explainer's state panel reads (lib/lease's WorkerFacts),
 * with the timeline's worker ids. `token` is the fence from its last successful claim (0 if it
 * never claimed); `believedLeaseUntil` is the lease end it read at its last claim or renewal,
 * which it compares with its own `clock`, so a worker whose clock is behind believes its lease
 * is still valid.
 */
export interface WorkerView extends WorkerFacts {
  id: WorkerId;
  /** The owner name it claims under, when it is a restarted process of another worker. */
  restartOf?: WorkerId;
}

/**
 * What the run's targets hold after a step: the facts the explainer reads (lib/lease's
 * TargetFacts), with the fields only the trace table and the drawing use.
 */
export interface TargetsView extends TargetFacts {
  /** The database's draft of the run, if any. */
  draft: { owner: string; fence: number; opId: string; body: string } | null;
  /** The official report file: its content and who wrote it. */
  officialReport: { body: string; writer: string; version: number } | null;
  /** Every stored version (versioned mode) or write (overwrite mode), oldest first. */
  reportVersions: { version: number; writer: string; fence: number; body: string }[];
  /** Highest fence token seen per gateway resource. */
  gatewayHighest: Record<string, number>;
  /** Per resource of a replicated gateway, the generation each acceptor promised. */
  gatewayPromises?: Record<string, number[]>;
  /** Each write the gateway took (a replicated one's with its acks and whether they made a majority). */
  gatewayWrites: TargetFacts['gatewayWrites'][number][];
  /** The design's downstream report reference (report-write events), if the design keeps one. */
  reportRef?: { ref: string; fence: number } | null;
}

/** A read-only picture of everything after a step, for the page and the trace table. */
export interface TimelineSnapshot {
  now: number;
  run: RunRowView;
  workers: WorkerView[];
  targets: TargetsView;
  /** The lease window of each generation so far (the last one may still be open). */
  windows: LeaseWindow[];
}

export interface TraceStep {
  index: number;
  event: TimelineEvent;
  /** Database time when the event happened. */
  at: number;
  effects: Effect[];
  /** State after the event. */
  after: TimelineSnapshot;
}

/** A lease generation: from a successful claim until its last known lease end. */
export interface LeaseWindow {
  worker: WorkerId;
  fence: number;
  from: number;
  until: number;
}

export interface Trace {
  scenarioId: string;
  /** The scenario's words (its token's name; no fence in a design without one). */
  vocabulary: Vocabulary;
  initial: TimelineSnapshot;
  steps: TraceStep[];
  /** Every write effect in order (one per write event). */
  writes: WriteEffect[];
  /** The lease window of each generation, for drawing. */
  windows: LeaseWindow[];
  /** The last database time reached. */
  end: number;
}
