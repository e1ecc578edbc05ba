import { applyCancel, applyClaim, applyRunWrite } from './apply-run';
import { registerAtGateway } from './apply-gateway';
import { applyTargetWrite } from './apply-targets';
import { decideFenceWrite, type WriteKind } from '@/lib/lease';
import { contextOf, note, ownerOf, statementNow, workerOf, write, type Ctx } from './effects';
import { targetOfEvent, tokenWord } from './describe';
import type { TimelineState } from './state';
import type { Effect, NoteEffect, TimelineEvent, WriteEffect, WriteEvent } from './types';
import { isWriteEvent } from './types';

export { clockOf, ownerOf, type Ctx } from './effects';

/** The rulebook's kind of each write event of a worker. */
const WRITE_KIND_OF: Readonly<Record<Exclude<WriteEvent['kind'], 'cancel'>, WriteKind>> = {
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
  const worker = workerOf(state, event.worker);
  if (worker.paused) {
    const target = targetOfEvent(event) ?? 'run';
    return write(
      ctx,
      event,
      target,
      decideFenceWrite(contextOf(ctx, event, worker, state.now), {
        kind: WRITE_KIND_OF[event.kind],
        target: target === 'run' ? 'run-row' : target,
        fence: { kind: 'none' },
        token: worker.token,
        paused: true,
        changed: 0,
      }),
    );
  }
  const now = statementNow(state, worker);
  switch (event.kind) {
    case 'claim':
      return applyClaim(ctx, event, worker);
    case 'renew':
    case 'finish':
    case 'draft':
      return applyRunWrite(ctx, event, worker, now);
    default:
      return applyTargetWrite(ctx, event, worker, now);
  }
}

/** A read a worker makes before a write: the claim's lock-free read, or its own token check. */
function applyRead(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'claim-read' | 'report-check' }>,
): NoteEffect {
  const { state, model } = ctx;
  const worker = workerOf(state, event.worker);
  if (worker.paused) return note(ctx, event, `${worker.id} is paused: it reads nothing.`);
  const owner = ownerOf(worker);
  if (event.kind === 'claim-read') {
    const seen = model.claimRead(owner, state.now);
    if (seen === undefined) {
      return note(
        ctx,
        event,
        `This design claims in one statement: ${worker.id} has nothing to read first.`,
      );
    }
    worker.seen = seen;
    return note(
      ctx,
      event,
      seen
        ? `${worker.id} reads the row without a lock and sees the run as claimable (${Object.entries(
            seen,
          )
            .map(([c, v]) => `${c} = ${String(v)}`)
            .join(', ')}). Nothing stops another worker before its claim.`
        : `${worker.id} reads the row and sees nothing to claim.`,
    );
  }
  const ok = model.workerCheck(owner, worker.token, statementNow(state, worker));
  if (ok === undefined) {
    return note(
      ctx,
      event,
      `This design's worker makes no check of its own before the report write.`,
    );
  }
  worker.reportCheck = ok;
  worker.reportCheckSaw = model.read()?.fence;
  return note(
    ctx,
    event,
    ok
      ? `${worker.id} reads the run row itself: it still shows ${tokenWord(state.vocabulary)} ${worker.token}, so ${worker.id} will write. Nothing stops a takeover before the write.`
      : `${worker.id} reads the run row itself: it no longer shows ${tokenWord(state.vocabulary)} ${worker.token}, so ${worker.id} will not write.`,
  );
}

/** The registration event: the worker tells a target its generation, after its claim. */
function applyRegister(ctx: Ctx, event: Extract<TimelineEvent, { kind: 'register' }>): NoteEffect {
  const { state, model } = ctx;
  const worker = workerOf(state, event.worker);
  if (worker.paused) return note(ctx, event, `${worker.id} is paused: it registers nothing.`);
  if (worker.token === 0)
    return note(ctx, event, `${worker.id} holds no generation yet: there is nothing to register.`);
  if (event.resource !== undefined) {
    return registerAtGateway(ctx, { ...event, resource: event.resource }, worker);
  }
  const told = model.register(worker.token);
  return note(
    ctx,
    event,
    told.length
      ? `${worker.id} registers generation ${worker.token} at the ${told.join(' and ')}; from now on they refuse older generations of this run.`
      : `This design registers nowhere: no target learns generation ${worker.token} before it writes.`,
  );
}

/** The cancel's end: the effects already done are listed for reconciliation. */
function applyCancelComplete(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'cancel-complete' }>,
): NoteEffect {
  const done = ctx.model.completeCancel(ctx.state.now);
  const effects = [
    ...done.outputs.map(
      (o) => `${o.name} by ${o.owner} (${tokenWord(ctx.state.vocabulary)} ${o.fence})`,
    ),
    ...done.effects.map((e) => `${e.resource} by ${e.holder} (generation ${e.generation})`),
  ];
  if (!done.ok)
    return note(
      ctx,
      event,
      `Nothing to complete: the run is ${done.row?.status ?? 'missing'}, not canceling.`,
    );
  return note(
    ctx,
    event,
    `The run is canceled. ${effects.length ? `Effects done before the cancel, to reconcile: ${effects.join('; ')}.` : 'No effect had landed: nothing to reconcile.'}`,
  );
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
  } else if (event.kind === 'cancel-complete') {
    effects.push(applyCancelComplete(ctx, event));
  } else if (event.kind === 'advance') {
    state.now += Math.max(0, event.seconds);
    effects.push(
      note(ctx, event, `Database time moves ${event.seconds} s forward, to ${state.now}.`),
    );
  } else {
    const worker = workerOf(state, event.worker);
    const pausing = event.kind === 'pause';
    const text =
      worker.paused === pausing
        ? `${worker.id} is already ${pausing ? 'paused' : 'running'}: nothing changes.`
        : pausing
          ? `${worker.id} stops (a long GC pause, a partition). It keeps ${tokenWord(state.vocabulary)} ${worker.token} and believes it holds the run.`
          : `${worker.id} resumes and carries on as if no time had passed, still with ${tokenWord(state.vocabulary)} ${worker.token}.`;
    worker.paused = pausing;
    effects.push(note(ctx, event, text));
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
