import type { Authority, ClaimValues, RescueRead, Vocabulary } from '@/lib/lease';
import type { SqlValue } from '@/lib/sqlite';
import type {
  LeaseWindow,
  Scenario,
  TargetsConfig,
  TimeSource,
  TimelineEvent,
  TimelineSnapshot,
  Trace,
  Effect,
  WorkerId,
} from './types';

/** The run every timeline scenario is about. */
export const RUN_ID = 'r';
/** The name of the draft among the run's outputs. */
export const DRAFT_OUTPUT = 'draft';

export interface LaneState {
  id: WorkerId;
  clockOffset: number;
  paused: boolean;
  token: number;
  /** The lease end the worker last read from the row; it compares it with its own clock. */
  believedLeaseUntil: number;
  /** The report version this worker put last (versioned object store). */
  lastVersion: number | null;
  /** The owner name this process claims under when it is a restart of another worker. */
  restartOf?: WorkerId;
  /** What its claim read saw (null: nothing to claim); undefined when no read is pending. */
  seen?: Readonly<Record<string, SqlValue>> | null;
  /** The result of its own check before the next report write; undefined when none is pending. */
  reportCheck?: boolean;
  /** The run row's fence that check saw. */
  reportCheckSaw?: number;
  /** How many report writes it has made (the design's $batch). */
  reportBatch?: number;
  /** Its own clock when its last claim succeeded (the claimed_at fingerprint). */
  claimedAt?: number;
  /** When its open transaction began (database time); undefined when it holds none open. */
  txBegan?: number;
  /** What its last claim left in the row's tracked columns (a fingerprint condition compares them). */
  claimed?: ClaimValues;
}

/** Everything the simulation needs between steps; plain data, never mutated by step. */
export interface TimelineState {
  design: string;
  leaseSeconds: number;
  timeSource: TimeSource;
  /** The scenario sets clocks: every lease check's words name the clock that judged it. */
  clocksNamed?: boolean;
  targets: TargetsConfig;
  /** The gateway resources the scenario names (a cancel tells each one its new generation). */
  resources: readonly string[];
  /** The system's name for the token in explanations ("producer epoch"); "token" by default. */
  tokenName?: string;
  /** The scenario's words for every sentence (its token's name; no fence in a design without one). */
  vocabulary: Vocabulary;
  /** What the rescuer read last (rescue-read), for its next re-queue; absent before any read. */
  rescuerRead?: RescueRead;
  /** Who holds the run now: the newest claim's holder and token (nobody after a cancel). */
  authority: Authority;
  now: number;
  /** Index of the next event. */
  nextIndex: number;
  workers: LaneState[];
  windows: LeaseWindow[];
  /** The SQLite database (run row and targets) as file bytes. */
  db: Uint8Array;
}

export interface StepResult {
  state: TimelineState;
  effects: Effect[];
}

export interface TimelineEngine {
  /** The state before the first event of a scenario. */
  init(scenario: Scenario): TimelineState;
  /** Applies one event: a pure function of its inputs. */
  step(state: TimelineState, event: TimelineEvent): StepResult;
  /** What the page shows of a state. */
  snapshot(state: TimelineState): TimelineSnapshot;
  /** Folds step over every event of the scenario. */
  run(scenario: Scenario): Trace;
}
