import { applyCancel, applyClaim, applyRunWrite } from './apply-run';
import { registerAtGateway, registerAtReplica } from './apply-gateway';
import { registersAtReplica } from './target-list';
import { applyRescue, applyRescueRead } from './apply-rescue';
import { applyTargetWrite } from './apply-targets';
import {
  claimConditionsOf,
  comparedAsRead,
  decideFenceWrite,
  NO_CHECK,
  RUN_ROW,
  type WriteKind,
} from '@/lib/lease';
import { contextOf, ownerOf, statementNow, stepNote, workerOf, write, type Ctx } from './effects';
import { targetOfEvent } from './describe';
import type { TimelineState } from './state';
import type { Effect, NoteEffect, TimelineEvent, WriteEffect, WriteEvent } from './types';
import { DATABASE_WRITE_KINDS, isWriteEvent } from './types';

export { clockOf, ownerOf, type Ctx } from './effects';

/** The rulebook's kind of each write event of a worker. */
const WRITE_KIND_OF: Readonly<Record<Exclude<WriteEvent['kind'], 'cancel' | 'rescue'>, WriteKind>> =
  {
    claim: 'claim',
    renew: 'renew',
    finish: 'finish',
    draft: 'output',
    'object-put': 'resource',
    'object-commit': 'output',
    ticket: 'resource',
    'gateway-write': 'resource',
    'report-write': 'resource',
    'gateway-send': 'resource',
  };

function applyWrite(ctx: Ctx, event: WriteEvent): WriteEffect {
  const { state } = ctx;
  if (event.kind === 'cancel') return applyCancel(ctx, event);
  if (event.kind === 'rescue') return applyRescue(ctx, event);
  const worker = workerOf(state, event.worker);
  if (worker.paused) {
    const target = targetOfEvent(event) ?? 'run';
    return write(
      ctx,
      event,
      target,
      decideFenceWrite(contextOf(ctx, event, worker, state.now), {
        kind: WRITE_KIND_OF[event.kind],
        target: target === 'run' ? RUN_ROW.id : target,
        fence: NO_CHECK.fence(),
        token: worker.token,
        paused: true,
        changed: 0,
      }),
    );
  }
  const now = statementNow(state, worker);
  const effect =
    event.kind === 'claim'
      ? applyClaim(ctx, event, worker)
      : event.kind === 'renew' || event.kind === 'finish' || event.kind === 'draft'
        ? applyRunWrite(ctx, event, worker, now)
        : applyTargetWrite(ctx, event, worker, now);
  // A write to the database runs in the worker's open transaction and commits it.
  if ((DATABASE_WRITE_KINDS as readonly string[]).includes(event.kind)) worker.txBegan = undefined;
  return effect;
}

/** The worker opens a transaction and holds it open: now() in it stays at this time. */
function applyBegin(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'long-transaction' }>,
): NoteEffect {
  const { state } = ctx;
  const worker = workerOf(state, event.worker);
  if (worker.paused)
    return stepNote(ctx, event, { kind: 'paused', worker: worker.id, act: 'begin' });
  const already = worker.txBegan !== undefined;
  worker.txBegan ??= state.now;
  return stepNote(ctx, event, {
    kind: 'transaction-open',
    worker: worker.id,
    began: worker.txBegan,
    already,
    judgedBy: state.timeSource,
  });
}

/** A read a worker makes before a write: the claim's lock-free read, or its own token check. */
function applyRead(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'claim-read' | 'report-check' }>,
): NoteEffect {
  const { state, model } = ctx;
  const worker = workerOf(state, event.worker);
  if (worker.paused)
    return stepNote(ctx, event, { kind: 'paused', worker: worker.id, act: 'read' });
  const owner = ownerOf(worker);
  if (event.kind === 'claim-read') {
    const seen = model.claimRead(owner, state.now);
    if (seen === undefined)
      return stepNote(ctx, event, { kind: 'claim-one-statement', worker: worker.id });
    worker.seen = seen;
    const rules = model.design.rules;
    const compares = seen && rules ? comparedAsRead(claimConditionsOf(rules), seen) : [];
    return stepNote(ctx, event, {
      kind: 'claim-read',
      worker: worker.id,
      seen,
      ...(compares.length ? { compares } : {}),
    });
  }
  const ok = model.workerCheck(owner, worker.token, statementNow(state, worker));
  if (ok === undefined) return stepNote(ctx, event, { kind: 'no-own-check' });
  worker.reportCheck = ok;
  worker.reportCheckSaw = model.read()?.fence;
  return stepNote(ctx, event, {
    kind: 'own-check',
    worker: worker.id,
    token: worker.token,
    stillShows: ok,
  });
}

/** The registration event: the worker tells a target its generation, after its claim. */
function applyRegister(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'register' }>,
): NoteEffect | WriteEffect {
  const { state, model } = ctx;
  const worker = workerOf(state, event.worker);
  if (registersAtReplica(event, state.targets)) return registerAtReplica(ctx, event, worker);
  if (worker.paused)
    return stepNote(ctx, event, { kind: 'paused', worker: worker.id, act: 'register' });
  if (worker.token === 0) return stepNote(ctx, event, { kind: 'no-generation', worker: worker.id });
  if (event.resource !== undefined) {
    return registerAtGateway(ctx, { ...event, resource: event.resource }, worker);
  }
  const told = model.register(worker.token);
  return stepNote(ctx, event, { kind: 'register', worker: worker.id, token: worker.token, told });
}

/** The cancel's end: the effects already done are listed for reconciliation. */
function applyCancelComplete(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'cancel-complete' }>,
): NoteEffect {
  const done = ctx.model.completeCancel(ctx.state.now);
  return stepNote(ctx, event, {
    kind: 'cancel-complete',
    ok: done.ok,
    status: done.row?.status ?? null,
    reconcile: [
      ...done.outputs.map((o) => ({ name: o.name, holder: o.owner, token: o.fence })),
      ...done.effects.map((e) => ({ name: e.resource, holder: e.holder, token: e.generation })),
    ],
  });
}

/** Applies one event to an open database and a state the caller owns (mutated in place). */
export function applyEvent(ctx: Ctx, event: TimelineEvent): Effect[] {
  const { state } = ctx;
  const effects: Effect[] = [];
  if (isWriteEvent(event)) {
    effects.push(applyWrite(ctx, event));
  } else if (event.kind === 'claim-read' || event.kind === 'report-check') {
    effects.push(applyRead(ctx, event));
  } else if (event.kind === 'register') {
    effects.push(applyRegister(ctx, event));
  } else if (event.kind === 'rescue-read') {
    effects.push(applyRescueRead(ctx, event));
  } else if (event.kind === 'long-transaction') {
    effects.push(applyBegin(ctx, event));
  } else if (event.kind === 'cancel-complete') {
    effects.push(applyCancelComplete(ctx, event));
  } else if (event.kind === 'advance') {
    state.now += Math.max(0, event.seconds);
    effects.push(stepNote(ctx, event, { kind: 'advance', seconds: event.seconds, now: state.now }));
  } else {
    const worker = workerOf(state, event.worker);
    const pausing = event.kind === 'pause';
    const already = worker.paused === pausing;
    worker.paused = pausing;
    effects.push(
      stepNote(ctx, event, { kind: event.kind, worker: worker.id, token: worker.token, already }),
    );
  }
  state.nextIndex = ctx.index + 1;
  return effects;
}

/** A copy of the state that the next event may change without touching the original. */
export function cloneState(state: TimelineState): TimelineState {
  return {
    ...state,
    targets: { ...state.targets },
    workers: state.workers.map((w) => ({ ...w })),
    windows: state.windows.map((w) => ({ ...w })),
  };
}
