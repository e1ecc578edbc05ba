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

import type { ClaimCondition, RunCondition, TimeSource } from '@/lib/lease';
import type { VERSIONED } from '@/lib/lease';
import type { FingerprintKind } from '@/lib/lease/replicated-fence';
import type { GatewayCheck, TargetCheck } from '@/lib/lease/target-checks';
import type { TimelineEvent, WorkerId } from './event-types';

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
   * Checks chosen target by target, over the defaults above: `target` names a target of a lane
   * whose check a scenario chooses (lanes/: the object store, the ticket API, or a resource
   * behind the gateway, 'gateway:<resource>'). So one scenario can fence its completion and
   * leave its email unfenced.
   */
  checks?: TargetCheckSetting[];
}

/** One target's own check (its lane, lanes/, says which kinds it may make). */
export interface TargetCheckSetting {
  target: string;
  check: TargetCheck;
}

/** Where a write lands; each target is one lane of the timeline (lanes/, one object each). */
export type { LaneId as TargetId } from './lanes';

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

export * from './event-types';
export * from './trace-types';
