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
 * (`WRITE_KINDS`: claim, renew, finish, cancel, draft, object put/commit, ticket call, gateway
 * write, report write, gateway send) produce exactly one `WriteEffect` each, with an outcome
 * (lib/lease/outcome.ts) as the writer learns it, and the database's own view beside it:
 *   - 'applied': the write took effect;
 *   - 'refused': the target's conditions did not hold; `failed` names them;
 *   - 'duplicate': the same operation id or idempotency key already took effect;
 *   - 'unknown': the acknowledgement was lost (`ackLost` on the event): the writer cannot tell,
 *     while `database` says what really happened.
 * `verdict` (accept / reject) is kept for older readers: accept exactly when the database applied it.
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

import type { ConditionCheck, OutcomeKind } from '@/lib/lease';
import type { FingerprintKind, GatewayCheck } from '@/lib/lease/replicated-fence';

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
  | 'versioned';

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
}

/** Where a write lands; each target is one lane of the timeline. */
export type TargetId = 'run' | 'objects' | 'tickets' | 'gateway' | 'report';

export type Verdict = 'accept' | 'reject';

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
  | (EventBase & { kind: 'advance'; seconds: number });

export type EventKind = TimelineEvent['kind'];

export const WRITE_KINDS = [
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
] as const satisfies readonly EventKind[];

export type WriteKind = (typeof WRITE_KINDS)[number];
export type WriteEvent = Extract<TimelineEvent, { kind: WriteKind }>;

/** True for events that produce a verdict. */
export function isWriteEvent(event: TimelineEvent): event is WriteEvent {
  return (WRITE_KINDS as readonly string[]).includes(event.kind);
}

/** Which clock the commit statements (renew, finish, draft, reference switch) get as $now. Claims always use database time. */
export type TimeSource =
  /** Database time (the lesson's rule). */
  | 'database'
  /** The writing worker's own clock (a broken design: the worker compares lease_until with its own clock). */
  | 'worker';

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
  /** What the scenario shows, in the lesson's terms. */
  explanation?: string;
  /** A LeaseDesign id known to the engine (`TIMELINE_DESIGNS`); default 'fenced'. */
  design?: string;
  /** Lease length in database seconds; default 5 as in the lesson. */
  leaseSeconds: number;
  /** Default 'database'. */
  timeSource?: TimeSource;
  workers: WorkerSpec[];
  targets: TargetsConfig;
  events: TimelineEvent[];
}

/** Why a write was accepted or rejected; one code per effect. */
export type WriteReason =
  /** Accepted: every condition held. */
  | 'ok'
  /** Accepted without any check (unconditional overwrite, ticket with a new key). */
  | 'unchecked'
  /** Rejected: the same operation id / idempotency key already landed. */
  | 'duplicate'
  /** Rejected by the run row's commit conditions: see `failed`. */
  | 'conditions'
  /** Claim rejected: another owner's lease is still valid. */
  | 'lease-held'
  /** Claim or cancel rejected: the run is in a final state. */
  | 'final-state'
  /** Rejected by the gateway: a higher fence token was already seen for this resource. */
  | 'stale-token'
  /** Rejected: the worker has nothing to commit (no version put yet, or no references). */
  | 'nothing-to-commit'
  /** Rejected: the worker is paused, so it sends nothing (a builder scenario may ask for it). */
  | 'paused'
  /**
   * Accepted although a newer generation holds the run (a broken design): the writer's token is
   * not the run row's fence, and nothing where the write landed compared the two.
   */
  | 'stale-accepted'
  /** Rejected before sending: the worker's own check saw that it lost the run. */
  | 'worker-check';

/** A condition that did not hold; the run row's conditions come from lib/lease. */
export type FailedCondition =
  | 'owner'
  | 'fence'
  | 'lease'
  | 'status'
  | 'token'
  | 'key'
  | 'operation'
  | 'generation'
  | 'run'
  | 'quorum';

export interface WriteEffect {
  kind: 'write';
  /** What the writer learned: the outcome a learner predicts. */
  outcome: OutcomeKind;
  /** What the target decided (differs from `outcome` only when the acknowledgement was lost). */
  database: Exclude<OutcomeKind, 'unknown'>;
  /** The conditions the target checked, and whether each held. */
  checked: ConditionCheck[];
  eventId: string;
  eventIndex: number;
  worker: WorkerId | null;
  target: TargetId;
  /** What was attempted, in the lesson's words ("A finishes with token 1"). */
  action: string;
  verdict: Verdict;
  reason: WriteReason;
  failed: FailedCondition[];
  /** Rows the statement changed at the target (0 for a rejected write). */
  rowsChanged: number;
  /** The fence token the write carried, when it carried one. */
  token: number | null;
  /** Database time of the write. */
  at: number;
  /** One sentence: why this verdict, naming the failed condition. */
  explanation: string;
}

/** Something that happened without a verdict (pause, resume, time moving, an ignored event). */
export interface NoteEffect {
  kind: 'note';
  eventId: string;
  eventIndex: number;
  text: string;
}

export type Effect = WriteEffect | NoteEffect;

/** The run row as the trace shows it (same fields as lib/lease's RunRow). */
export interface RunRowView {
  owner: string;
  leaseUntil: number;
  fence: number;
  status: string;
}

export interface WorkerView {
  id: WorkerId;
  /** The owner name it claims under, when it is a restarted process of another worker. */
  restartOf?: WorkerId;
  paused: boolean;
  /** The fence token from this worker's last successful claim (0 if it never claimed). */
  token: number;
  /**
   * The lease end the worker read at its last claim or renewal. It compares this with its own
   * clock, so a worker whose clock is behind believes its lease is still valid.
   */
  believedLeaseUntil: number;
  /** What the worker's own clock reads now. */
  clock: number;
}

export interface TargetsView {
  /** The database's draft of the run, if any. */
  draft: { owner: string; fence: number; opId: string; body: string } | null;
  /** The official report file: its content and who wrote it. */
  officialReport: { body: string; writer: string; version: number } | null;
  /** Every stored version (versioned mode) or write (overwrite mode), oldest first. */
  reportVersions: { version: number; writer: string; fence: number; body: string }[];
  tickets: { key: string; action: string; worker: string }[];
  /** Highest fence token seen per gateway resource. */
  gatewayHighest: Record<string, number>;
  /** Per resource of a replicated gateway, the generation each acceptor promised. */
  gatewayPromises?: Record<string, number[]>;
  gatewayWrites: {
    resource: string;
    worker: string;
    token: number;
    body: string;
    /** A replicated gateway: how many acceptors took it, and whether that was a majority. */
    acks?: number;
    committed?: boolean;
  }[];
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
  initial: TimelineSnapshot;
  steps: TraceStep[];
  /** Every write effect in order (one per write event). */
  writes: WriteEffect[];
  /** The lease window of each generation, for drawing. */
  windows: LeaseWindow[];
  /** The last database time reached. */
  end: number;
}
