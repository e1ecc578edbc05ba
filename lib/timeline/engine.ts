import type { SqlJsStatic } from 'sql.js';
import {
  comparedDesigns,
  createLeaseModel,
  fencedDesign,
  ttlOnlyDesign,
  type CommitResult,
  type LeaseDesign,
  type LeaseModel,
  type OutputResult,
} from '@/lib/lease';
import { loadSqlJs, wrapSqlJs, type SqlDriver } from '@/lib/sqlite';
import {
  REPORT_NAME,
  TARGETS_SCHEMA,
  callTicketApi,
  gatewayRegister,
  gatewayWrite,
  pointReportAt,
  putReportVersion,
  readTargets,
} from './targets';
import type {
  Effect,
  FailedCondition,
  LeaseWindow,
  NoteEffect,
  Scenario,
  TargetId,
  TargetsConfig,
  TimeSource,
  TimelineEvent,
  TimelineSnapshot,
  Trace,
  TraceStep,
  WorkerId,
  WriteEffect,
  WriteEvent,
} from './types';
import { isWriteEvent } from './types';

/** The lease designs a scenario may name. Others can be passed to createTimelineEngine. */
export const TIMELINE_DESIGNS: Readonly<Record<string, LeaseDesign>> = {
  [fencedDesign.id]: fencedDesign,
  [ttlOnlyDesign.id]: ttlOnlyDesign,
  // The schedule checker's designs (issue 6), so its counterexamples open in the timeline.
  ...Object.fromEntries(comparedDesigns().map((d) => [d.id, d])),
};

const RUN_ID = 'r';
const DRAFT_OUTPUT = 'draft';

export interface WorkerState {
  id: WorkerId;
  clockOffset: number;
  paused: boolean;
  token: number;
  /** The lease end the worker last read from the row; it compares it with its own clock. */
  believedLeaseUntil: number;
  /** The report version this worker put last (versioned object store). */
  lastVersion: number | null;
}

/** Everything the simulation needs between steps; plain data, never mutated by step. */
export interface TimelineState {
  design: string;
  leaseSeconds: number;
  timeSource: TimeSource;
  targets: TargetsConfig;
  /** Gateway resources named by the scenario: a takeover registers the new fence for each. */
  gatewayResources: string[];
  now: number;
  /** Index of the next event. */
  nextIndex: number;
  workers: WorkerState[];
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

interface Ctx {
  db: SqlDriver;
  model: LeaseModel;
  state: TimelineState;
  index: number;
}

function workerOf(state: TimelineState, id: WorkerId): WorkerState {
  const worker = state.workers.find((w) => w.id === id);
  if (!worker) throw new Error(`Unknown worker "${id}": the scenario lists ${state.workers.map((w) => w.id).join(', ')}.`);
  return worker;
}

function clockOf(state: TimelineState, worker: WorkerState): number {
  return state.now + worker.clockOffset;
}

/** The $now the lease statements get: database time, or (broken design) the worker's clock. */
function statementNow(state: TimelineState, worker: WorkerState): number {
  return state.timeSource === 'worker' ? clockOf(state, worker) : state.now;
}

function leaseFailures(result: CommitResult | OutputResult): FailedCondition[] {
  return result.ok ? [] : [...result.failed];
}

function write(
  ctx: Ctx,
  event: WriteEvent,
  target: TargetId,
  fields: Pick<WriteEffect, 'action' | 'verdict' | 'reason' | 'explanation'> &
    Partial<Pick<WriteEffect, 'failed' | 'rowsChanged' | 'token'>>,
): WriteEffect {
  return {
    kind: 'write',
    eventId: event.id,
    eventIndex: ctx.index,
    worker: 'worker' in event ? event.worker : null,
    target,
    at: ctx.state.now,
    failed: [],
    rowsChanged: 0,
    token: null,
    ...fields,
  };
}

function note(ctx: Ctx, event: TimelineEvent, text: string): NoteEffect {
  return { kind: 'note', eventId: event.id, eventIndex: ctx.index, text };
}

function closeWindow(state: TimelineState, at: number): void {
  const last = state.windows[state.windows.length - 1];
  if (last && last.until > at) last.until = at;
}

function applyClaim(ctx: Ctx, event: Extract<TimelineEvent, { kind: 'claim' }>, worker: WorkerState): WriteEffect {
  const { state, model, db } = ctx;
  // The claim always sets lease_until in database time; only commits may be handed a worker's clock.
  const now = state.now;
  const result = model.claim(worker.id, now);
  const action = `${worker.id} claims the run`;
  if (!result.ok) {
    return write(ctx, event, 'run', {
      action,
      verdict: 'reject',
      reason: result.reason === 'final-state' ? 'final-state' : 'lease-held',
      failed: result.reason === 'final-state' ? ['status'] : ['lease'],
      explanation: `0 rows changed: ${result.explanation}`,
    });
  }
  closeWindow(state, state.now);
  worker.token = result.fenceToken;
  worker.believedLeaseUntil = result.leaseUntil;
  state.windows.push({ worker: worker.id, fence: result.fenceToken, from: state.now, until: result.leaseUntil });
  if (state.targets.gateway === 'at-takeover') {
    for (const resource of state.gatewayResources) gatewayRegister(db, resource, result.fenceToken);
  }
  const registered =
    state.targets.gateway === 'at-takeover' && state.gatewayResources.length > 0
      ? ` The gateway now knows generation ${result.fenceToken}.`
      : '';
  return write(ctx, event, 'run', {
    action,
    verdict: 'accept',
    reason: 'ok',
    rowsChanged: 1,
    token: result.fenceToken,
    explanation: `1 row changed: ${worker.id} owns the run with fence ${result.fenceToken}, lease until ${result.leaseUntil}.${registered}`,
  });
}

function commitEffect(
  ctx: Ctx,
  event: WriteEvent,
  worker: WorkerState,
  action: string,
  result: CommitResult | OutputResult,
  success: string,
): WriteEffect {
  if (result.ok) {
    return write(ctx, event, 'run', {
      action,
      verdict: 'accept',
      reason: 'ok',
      rowsChanged: result.changed,
      token: worker.token,
      explanation: `${result.changed} row changed: ${success}`,
    });
  }
  const duplicate = 'duplicate' in result && result.duplicate;
  return write(ctx, event, 'run', {
    action,
    verdict: 'reject',
    reason: duplicate ? 'duplicate' : 'conditions',
    failed: duplicate ? ['operation'] : leaseFailures(result),
    token: worker.token,
    explanation: result.explanation,
  });
}

function applyWrite(ctx: Ctx, event: WriteEvent): WriteEffect {
  const { state, model, db } = ctx;
  if (event.kind === 'cancel') {
    const result = model.cancel(state.now);
    if (result.ok) closeWindow(state, state.now);
    return write(ctx, event, 'run', {
      action: 'The user cancels the run',
      verdict: result.ok ? 'accept' : 'reject',
      reason: result.ok ? 'ok' : 'final-state',
      failed: result.ok ? [] : ['status'],
      rowsChanged: result.changed,
      explanation: result.ok
        ? `1 row changed: the run is canceled (cancel epoch ${result.row.cancelEpoch}); no commit of any generation may land now.`
        : `0 rows changed: ${result.explanation}`,
    });
  }
  const worker = workerOf(state, event.worker);
  if (worker.paused) {
    return write(ctx, event, 'run', {
      action: `${worker.id} (paused) would ${event.kind}`,
      verdict: 'reject',
      reason: 'paused',
      explanation: `${worker.id} is paused: a paused worker sends nothing until it resumes.`,
    });
  }
  const now = statementNow(state, worker);
  const token = worker.token;
  switch (event.kind) {
    case 'claim':
      return applyClaim(ctx, event, worker);
    case 'renew': {
      const result = model.renew(worker.id, token, now);
      if (result.ok) {
        worker.believedLeaseUntil = result.row.leaseUntil;
        const last = state.windows[state.windows.length - 1];
        if (last && last.fence === token) last.until = result.row.leaseUntil;
      }
      return commitEffect(ctx, event, worker, `${worker.id} renews with token ${token}`, result,
        `${worker.id}'s lease now runs until ${result.row?.leaseUntil}.`);
    }
    case 'finish': {
      const result = model.finish(worker.id, token, now);
      if (result.ok) closeWindow(state, state.now);
      return commitEffect(ctx, event, worker, `${worker.id} submits (finishes) with token ${token}`, result,
        `${worker.id} held owner, fence ${token}, a valid lease and the running state; the run is done.`);
    }
    case 'draft': {
      const body = event.body ?? `draft by ${worker.id}`;
      const result = model.writeOutput(worker.id, token, now, { name: DRAFT_OUTPUT, opId: event.opId, body });
      return commitEffect(ctx, event, worker, `${worker.id} saves the draft (operation ${event.opId}) with token ${token}`,
        result, `the draft is ${worker.id}'s (generation ${token}).`);
    }
    case 'object-put': {
      const body = event.body ?? `report by ${worker.id}`;
      const version = putReportVersion(db, worker.id, token, body);
      worker.lastVersion = version;
      if (state.targets.objectStore === 'overwrite') {
        pointReportAt(db, version);
        return write(ctx, event, 'objects', {
          action: `${worker.id} uploads ${REPORT_NAME}`,
          verdict: 'accept',
          reason: 'unchecked',
          rowsChanged: 1,
          token,
          explanation: `The object store overwrote ${REPORT_NAME} with ${worker.id}'s file: it checks no token, so any worker that still runs can replace it.`,
        });
      }
      return write(ctx, event, 'objects', {
        action: `${worker.id} uploads ${REPORT_NAME} as a new version`,
        verdict: 'accept',
        reason: 'unchecked',
        rowsChanged: 1,
        token,
        explanation: `Version ${version} stored. It is not official: only a fenced commit can point ${REPORT_NAME} at it; otherwise it stays an orphan for garbage collection.`,
      });
    }
    case 'object-commit': {
      const action = `${worker.id} switches ${REPORT_NAME} to its version (operation ${event.opId})`;
      if (state.targets.objectStore === 'overwrite' || worker.lastVersion === null) {
        return write(ctx, event, 'objects', {
          action,
          verdict: 'reject',
          reason: 'nothing-to-commit',
          token,
          explanation:
            state.targets.objectStore === 'overwrite'
              ? 'This object store has no references to switch: every upload is already the official file.'
              : `${worker.id} has not uploaded a version yet: there is nothing to point at.`,
        });
      }
      const version = worker.lastVersion;
      const result = db.transaction(() => {
        const fenced = model.writeOutput(worker.id, token, now, { name: REPORT_NAME, opId: event.opId, body: `v${version}` });
        if (fenced.ok) pointReportAt(db, version);
        return fenced;
      });
      const effect = commitEffect(ctx, event, worker, action, result,
        `the run row still names ${worker.id} with fence ${token}, so ${REPORT_NAME} now points at version ${version}.`);
      return { ...effect, target: 'objects' };
    }
    case 'ticket': {
      const changed = callTicketApi(db, event.key, event.action, worker.id, state.now);
      return write(ctx, event, 'tickets', {
        action: `${worker.id} asks the ticket API to ${event.action} (key ${event.key})`,
        verdict: changed ? 'accept' : 'reject',
        reason: changed ? 'unchecked' : 'duplicate',
        failed: changed ? [] : ['key'],
        rowsChanged: changed,
        token,
        explanation: changed
          ? `A ticket was created: the API knows no tokens, so it cannot tell that generation ${token} may be stale.`
          : `No new ticket: key ${event.key} was already used, so this repeat of the same action is dropped.`,
      });
    }
    case 'gateway-write': {
      const body = event.body ?? `write by ${worker.id}`;
      const { accepted, highestBefore } = gatewayWrite(db, event.resource, worker.id, token, body);
      return write(ctx, event, 'gateway', {
        action: `${worker.id} writes ${event.resource} through the gateway with token ${token}`,
        verdict: accepted ? 'accept' : 'reject',
        reason: accepted ? 'ok' : 'stale-token',
        failed: accepted ? [] : ['token'],
        rowsChanged: accepted ? 1 : 0,
        token,
        explanation: accepted
          ? highestBefore === 0
            ? `Accepted: the gateway had seen no token for ${event.resource}; it now remembers ${token}.`
            : `Accepted: token ${token} is not below the highest seen (${highestBefore}).`
          : `Rejected: the gateway has seen token ${highestBefore} for ${event.resource}, higher than ${token}.`,
      });
    }
  }
}

/** Applies one event to an open database and a state the caller owns (mutated in place). */
function applyEvent(ctx: Ctx, event: TimelineEvent): Effect[] {
  const { state } = ctx;
  const effects: Effect[] = [];
  if (isWriteEvent(event)) {
    effects.push(applyWrite(ctx, event));
  } else if (event.kind === 'advance') {
    state.now += Math.max(0, event.seconds);
    effects.push(note(ctx, event, `Database time moves ${event.seconds} s forward, to ${state.now}.`));
  } else {
    const worker = workerOf(state, event.worker);
    const pausing = event.kind === 'pause';
    const text =
      worker.paused === pausing
        ? `${worker.id} is already ${pausing ? 'paused' : 'running'}: nothing changes.`
        : pausing
          ? `${worker.id} stops (a long GC pause, a partition). It keeps token ${worker.token} and believes it holds the run.`
          : `${worker.id} resumes and carries on as if no time had passed, still with token ${worker.token}.`;
    worker.paused = pausing;
    effects.push(note(ctx, event, text));
  }
  state.nextIndex = ctx.index + 1;
  return effects;
}

function cloneState(state: TimelineState): TimelineState {
  return {
    ...state,
    targets: { ...state.targets },
    gatewayResources: [...state.gatewayResources],
    workers: state.workers.map((w) => ({ ...w })),
    windows: state.windows.map((w) => ({ ...w })),
  };
}

/** The timeline engine over a loaded sql.js; synchronous and deterministic. */
export function createTimelineEngine(
  SQL: SqlJsStatic,
  options: { designs?: Readonly<Record<string, LeaseDesign>> } = {},
): TimelineEngine {
  const designs = { ...TIMELINE_DESIGNS, ...options.designs };

  const designOf = (id: string): LeaseDesign => {
    const design = designs[id];
    if (!design) throw new Error(`Unknown lease design "${id}" (known: ${Object.keys(designs).join(', ')}).`);
    return design;
  };

  const open = (state: TimelineState | null, scenario?: Scenario) => {
    const db = wrapSqlJs(new SQL.Database(state?.db));
    const model = createLeaseModel(db, {
      design: designOf(state?.design ?? scenario?.design ?? 'fenced'),
      leaseSeconds: state?.leaseSeconds ?? scenario?.leaseSeconds,
      runId: RUN_ID,
    });
    return { db, model };
  };

  const snapshotOf = (state: TimelineState, db: SqlDriver, model: LeaseModel): TimelineSnapshot => {
    const row = model.read();
    const draft = model.readOutput(DRAFT_OUTPUT);
    return {
      now: state.now,
      run: {
        owner: row?.owner ?? '',
        leaseUntil: row?.leaseUntil ?? 0,
        fence: row?.fence ?? 0,
        status: row?.status ?? 'missing',
        cancelEpoch: row?.cancelEpoch ?? 0,
      },
      workers: state.workers.map((w) => ({
        id: w.id,
        paused: w.paused,
        token: w.token,
        believedLeaseUntil: w.believedLeaseUntil,
        clock: clockOf(state, w),
      })),
      targets: {
        draft: draft ? { owner: draft.owner, fence: draft.fence, opId: draft.opId, body: draft.body } : null,
        ...readTargets(db),
      },
      windows: state.windows.map((w) => ({ ...w })),
    };
  };

  const engine: TimelineEngine = {
    init(scenario) {
      const { db, model } = open(null, scenario);
      try {
        model.setup();
        model.setupOutputs();
        db.exec(TARGETS_SCHEMA);
        const gatewayResources = [
          ...new Set(scenario.events.flatMap((e) => (e.kind === 'gateway-write' ? [e.resource] : []))),
        ].sort();
        return {
          design: scenario.design ?? 'fenced',
          leaseSeconds: scenario.leaseSeconds,
          timeSource: scenario.timeSource ?? 'database',
          targets: { ...scenario.targets },
          gatewayResources,
          now: 0,
          nextIndex: 0,
          workers: scenario.workers.map((w) => ({
            id: w.id,
            clockOffset: w.clockOffset ?? 0,
            paused: false,
            token: 0,
            believedLeaseUntil: 0,
            lastVersion: null,
          })),
          windows: [],
          db: db.export(),
        };
      } finally {
        db.close();
      }
    },

    step(previous, event) {
      const state = cloneState(previous);
      const { db, model } = open(state);
      try {
        const effects = applyEvent({ db, model, state, index: previous.nextIndex }, event);
        state.db = db.export();
        return { state, effects };
      } finally {
        db.close();
      }
    },

    snapshot(state) {
      const { db, model } = open(state);
      try {
        return snapshotOf(state, db, model);
      } finally {
        db.close();
      }
    },

    run(scenario) {
      // The same applyEvent as step, on one open database instead of bytes between events.
      const start = engine.init(scenario);
      const { db, model } = open(start);
      try {
        let state = start;
        const initial = snapshotOf(state, db, model);
        const steps: TraceStep[] = [];
        for (const event of scenario.events) {
          const at = state.now;
          state = cloneState(state);
          const effects = applyEvent({ db, model, state, index: state.nextIndex }, event);
          steps.push({ index: steps.length, event, at, effects, after: snapshotOf(state, db, model) });
        }
        return {
          scenarioId: scenario.id,
          initial,
          steps,
          writes: steps.flatMap((s) => s.effects.filter((e): e is WriteEffect => e.kind === 'write')),
          windows: state.windows,
          end: state.now,
        };
      } finally {
        db.close();
      }
    },
  };
  return engine;
}

/** Loads sql.js (once per realm) and returns the timeline engine. */
export async function loadTimelineEngine(): Promise<TimelineEngine> {
  return createTimelineEngine(await loadSqlJs());
}

/** Runs a whole scenario on real SQLite and returns its trace. Same scenario, same trace. */
export async function runScenario(scenario: Scenario): Promise<Trace> {
  return (await loadTimelineEngine()).run(scenario);
}
