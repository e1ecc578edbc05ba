/**
 * The timeline simulator's contract: scenarios as data in, traces as data out.
 *
 * A `Scenario` is everything needed to reproduce a run exactly: the lease design (a LeaseDesign
 * id from lib/lease), the lease length in database seconds, the workers with their clock offsets,
 * how each remote target behaves (`TargetsConfig`), and an ordered list of `TimelineEvent`s. Time
 * is the database clock; it starts at 0 and moves only through `advance` events. Nothing reads
 * the wall clock or a random source, so the same scenario always gives the same trace.
 *
 * Every event has a stable `id` (unique in the scenario). Events that try to change something
 * (`WRITE_EVENT_KINDS`: claim, renew, finish, cancel, draft, object put/commit, ticket call, gateway
 * write, report write, gateway send) produce exactly one `WriteEffect` each, with an outcome
 * (lib/lease/outcome.ts) as the writer learns it, and the database's own view beside it:
 *   - 'applied': the write took effect;
 *   - 'refused': the target's conditions did not hold; `failed` names them;
 *   - 'duplicate': the same operation id or idempotency key already took effect;
 *   - 'unknown': the acknowledgement was lost (`ackLost` on the event): the writer cannot tell,
 *     while `database` says what really happened.
 * Each write effect carries the rulebook's decision (lib/lease's WriteDecision) and the words
 * its explainer wrote from it; the engine writes no sentence about a write itself.
 * Library scenarios state the outcome they teach in `expect` on each write event; the unit tests
 * check the engine computes exactly those.
 *
 * The engine (lib/timeline/engine.ts):
 *   - `step(state, event) -> { state, effects }` is a pure function: the state carries the
 *     SQLite database as bytes, and step never mutates its input.
 *   - `runScenario(scenario) -> Promise<Trace>` loads sql.js once and folds `step` over the
 *     events; `createTimelineEngine(SQL)` gives the synchronous versions once sql.js is loaded.
 * The run row is driven only through lib/lease (createLeaseModel), so the timeline, the claim
 * lab and the schedule checker run the same SQL for the same design.
 *
 * A scenario can be shared as a URL hash: `encodeScenario` / `decodeScenario` in
 * lib/timeline/share.ts (validated with zod, size-capped); the page opens
 * `/practice/timeline#<encoded scenario>`.
 *
 * Replaying a schedule checker counterexample (lib/checker) uses three additions that run the
 * design's own statements one at a time: `claim-read` (the first statement of a two-statement
 * claim), `report-check` (a worker-side check) and `report-write` (the design's report store),
 * and `WorkerSpec.restartOf` for a restarted process under the same owner name.
 *
 * Compatibility: this contract only grows. New event kinds, options and fields are added as
 * optional; existing names and meanings stay.
 */

import type {
  ClaimCondition,
  OutcomeKind,
  RescueField,
  RunCondition,
  TimeSource,
} from '@/lib/lease';
import type { VERSIONED } from '@/lib/lease';
import type { FingerprintKind } from '@/lib/lease/replicated-fence';
import type { GatewayCheck, TargetCheck } from '@/lib/lease/target-checks';

/** Worker names: single capital letters, as in the lesson (A, B, C). */
export type WorkerId = string;

export interface WorkerSpec {
  id: WorkerId;
  /** Seconds this worker's own clock is ahead (+) or behind (-) database time. Default 0. */
  clockOffset?: number;
  /**
   * This lane is a restarted process of another worker: it claims, renews and finishes under
   * that worker's owner name, with its own memory (token, pause). Default: its own name.
   */
  restartOf?: WorkerId;
}

/** How the report file's object store treats writes. */
export type ObjectStoreMode =
  /** Every put overwrites the official file: nothing is checked. */
  | 'overwrite'
  /** Puts create immutable versions; the official reference moves only by a fenced commit. */
  | typeof VERSIONED.id;

/** When the fencing gateway learns about a new generation. */
export type GatewayRegistration =
  /**
   * The new holder registers its generation at the gateway by a `register` event after its
   * claim (keyed by run; nothing is registered by looking ahead in the scenario).
   */
  | 'at-takeover'
  /** The gateway learns a generation only when that generation first writes through it. */
  | 'first-write';

export interface TargetsConfig {
  objectStore: ObjectStoreMode;
  gateway: GatewayRegistration;
  /** The check the gateway (the resource lane) makes; default highest-seen with one copy. */
  gatewayCheck?: GatewayCheck;
  /** What a holder presents to the gateway as its token; default the fence counter. */
  fingerprint?: FingerprintKind;
  /**
   * Checks chosen target by target, over the defaults above: `target` is 'objects' (the object
   * store), 'tickets' (the ticket API) or 'gateway:<resource>' (one resource behind the gateway).
   * So one scenario can fence its completion and leave its email unfenced.
   */
  checks?: TargetCheckSetting[];
}

/** One target's own check (lib/lease/target-checks.ts says which a lane may make). */
export interface TargetCheckSetting {
  target: string;
  check: TargetCheck;
}

/** Where a write lands; each target is one lane of the timeline. */
export type TargetId = 'run' | 'objects' | 'tickets' | 'gateway' | 'report';

/** Fields every event may carry. */
interface EventBase {
  /** Unique within the scenario; predictions and expectations refer to it. */
  id: string;
  /** A short note shown on the timeline ("the model call runs"). */
  note?: string;
}

/** Fields of an event that may write: the outcome the scenario teaches. */
interface WriteBase extends EventBase {
  expect?: OutcomeKind;
  /** A fault: the write's acknowledgement is lost, so the writer learns `unknown`. */
  ackLost?: boolean;
}

export type TimelineEvent =
  /** The worker tries to claim the run; on success it remembers the new fence token. */
  | (WriteBase & { kind: 'claim'; worker: WorkerId })
  /** Heartbeat: extend the lease, only with the current owner and fence. */
  | (WriteBase & { kind: 'renew'; worker: WorkerId })
  /** The worker's commit: mark the run done (the "submit" of the lesson). */
  | (WriteBase & { kind: 'finish'; worker: WorkerId })
  /** The user cancels the run (not a worker). */
  | (WriteBase & { kind: 'cancel' })
  /** The worker saves its draft in the database, with an operation id (business intent). */
  | (WriteBase & { kind: 'draft'; worker: WorkerId; opId: string; body?: string })
  /** The worker puts the report file into the object store. */
  | (WriteBase & { kind: 'object-put'; worker: WorkerId; body?: string })
  /** The worker switches the official report reference to its last put version (fenced). */
  | (WriteBase & { kind: 'object-commit'; worker: WorkerId; opId: string })
  /** A call to the external ticket API, which knows idempotency keys and no tokens. */
  | (WriteBase & { kind: 'ticket'; worker: WorkerId; key: string; action: string })
  /** A write through the fencing gateway, carrying the worker's fence token. */
  | (WriteBase & {
      kind: 'gateway-write';
      worker: WorkerId;
      resource: string;
      body?: string;
      /** The idempotency key a key-only gateway compares; the resource name when absent. */
      key?: string;
      /** Acceptors (1-based) this write reaches, for a replicated gateway; all when absent. */
      reach?: number[];
    })
  /**
   * The first statement of a two-statement claim (a design with `claimRead`): the worker reads
   * the row without a lock and remembers what it saw; its next claim sends only the write.
   */
  | (EventBase & { kind: 'claim-read'; worker: WorkerId })
  /**
   * The worker checks its own token before the report write (a design whose targets have a
   * `workerCheck`); its next report write goes ahead only if the check passed.
   */
  | (EventBase & { kind: 'report-check'; worker: WorkerId })
  /** The worker writes the report reference at the design's own downstream report store. */
  | (WriteBase & { kind: 'report-write'; worker: WorkerId })
  /** The worker calls the design's own gateway (the checker's `send`). */
  | (WriteBase & { kind: 'gateway-send'; worker: WorkerId })
  /**
   * The registration event: the worker tells a target about its generation after its claim.
   * With `resource`, the fencing gateway's resource of that name; without, the design's own
   * highest-seen targets. Registration is keyed by run, and nothing registers by look-ahead.
   */
  | (EventBase & { kind: 'register'; worker: WorkerId; resource?: string; reach?: number[] })
  /** The cancel's end: its effects are listed for reconciliation, and canceling becomes canceled. */
  | (EventBase & { kind: 'cancel-complete' })
  /** The worker stops (GC pause, partition, laptop lid): it does nothing until resumed. */
  | (EventBase & { kind: 'pause'; worker: WorkerId })
  | (EventBase & { kind: 'resume'; worker: WorkerId })
  /** Database time moves forward. */
  | (EventBase & { kind: 'advance'; seconds: number })
  /**
   * The worker opens a transaction and holds it open: now() in it reads the time it began until
   * the worker's next write to the database (`DATABASE_WRITE_KINDS`) runs in it and commits it.
   * Only a scenario judged by the transaction clock reads that time; it holds no row lock.
   */
  | (EventBase & { kind: 'long-transaction'; worker: WorkerId })
  /** The rescuer (a third party, not a holder) reads the run row: is the run stuck? */
  | (EventBase & { kind: 'rescue-read' })
  /**
   * The rescuer re-queues the run it read as stuck. Its write compares the columns in `compare`
   * with the values it read (none: the run id alone).
   */
  | (WriteBase & { kind: 'rescue'; compare?: RescueField[] });

export type EventKind = TimelineEvent['kind'];

export const WRITE_EVENT_KINDS = [
  'claim',
  'renew',
  'finish',
  'cancel',
  'draft',
  'object-put',
  'object-commit',
  'ticket',
  'gateway-write',
  'report-write',
  'gateway-send',
  'rescue',
] as const satisfies readonly EventKind[];

export type WriteEventKind = (typeof WRITE_EVENT_KINDS)[number];
export type WriteEvent = Extract<TimelineEvent, { kind: WriteEventKind }>;

/**
 * Writes that run a statement at the database: they read the lease clock, and a worker's open
 * transaction (a `long-transaction` event) runs them and commits with them.
 */
export const DATABASE_WRITE_KINDS = [
  'claim',
  'renew',
  'finish',
  'draft',
  'object-commit',
  'report-write',
  'gateway-send',
] as const satisfies readonly WriteEventKind[];

/** True for the kinds of event that produce a verdict. */
export function isWriteKind(kind: EventKind): kind is WriteEventKind {
  return (WRITE_EVENT_KINDS as readonly string[]).includes(kind);
}

/** True for events that produce a verdict. */
export function isWriteEvent(event: TimelineEvent): event is WriteEvent {
  return isWriteKind(event.kind);
}

/** Which clock a lease statement gets as $now: lib/lease's rule (clocks.ts). */
export type { TimeSource };

/** A scenario's own claim, renew and finish conditions (each absent: the design's). */
export interface ScenarioConditions {
  claim?: readonly ClaimCondition[];
  renew?: readonly RunCondition[];
  finish?: readonly RunCondition[];
}

/**
 * A real system's names for the scenario's parts, shown beside the lesson's ("token" is
 * "producer epoch", worker A is "producer instance 1"). Used for display and explanations only.
 */
export interface ScenarioTerms {
  token?: string;
  holders?: Partial<Record<WorkerId, string>>;
  resource?: string;
}

export interface Scenario {
  /** Format version of this data; bump only with a migration in share.ts. */
  version: 1;
  id: string;
  title: string;
  /** The token the first claim hands out (default 1): case files start where their source does. */
  firstToken?: number;
  terms?: ScenarioTerms;
  /** What the scenario shows, in the lesson's terms (read after the run). */
  explanation?: string;
  /** The learner's own notes on the scenario, shown with it and kept by its share link. */
  notes?: string;
  /** A LeaseDesign id known to the engine (`TIMELINE_DESIGNS`); default 'fenced'. */
  design?: string;
  /**
   * The learner's own run-row conditions, picked from the rulebook's catalogue
   * (lib/lease/catalogue.ts): each list given replaces the design's for that statement.
   */
  conditions?: ScenarioConditions;
  /** Lease length in database seconds; default 5 as in the lesson. */
  leaseSeconds: number;
  /** Default 'database'. */
  timeSource?: TimeSource;
  workers: WorkerSpec[];
  targets: TargetsConfig;
  events: TimelineEvent[];
}

export * from './trace-types';
