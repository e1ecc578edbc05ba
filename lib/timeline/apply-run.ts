import {
  claimValuesOf,
  rowState,
  step,
  type LeaseRun,
  type LeaseStepResult,
  type Write,
} from '@/lib/lease';
import { DRAFT_OUTPUT, type LaneState } from './state';
import { registerAtEveryTarget } from './targets';
import { clockOf, closeWindow, contextOf, heldTokens, leaseTime, write, type Ctx } from './effects';
import type { TimelineEvent, WriteEffect, WriteEvent } from './types';

/*
 * The run-row writes of the timeline: each event becomes a lib/lease Write, and lib/lease's one
 * step runs it and decides it. What is left here is the timeline's own bookkeeping: the lease
 * windows of the drawing and what each worker believes.
 */

export { rowState };

/** The design the timeline's model runs, bound to its run. */
function leaseRun(ctx: Ctx): LeaseRun {
  const { design, runId, leaseSeconds } = ctx.model;
  return { design, runId, leaseSeconds };
}

/** Runs one Write through lib/lease's step: who holds the run moves on with its decision. */
export function stepWrite(
  ctx: Ctx,
  event: WriteEvent,
  worker: LaneState | null,
  write: Write,
): LeaseStepResult {
  const lease = { authority: ctx.state.authority, held: heldTokens(ctx.state) };
  const done = step(leaseRun(ctx), lease, write, ctx.db);
  ctx.state.authority = done.state.authority;
  return done;
}

/** The fields every Write of a worker's event shares (lib/lease's DecisionContext). */
function writeOf(ctx: Ctx, event: WriteEvent, worker: LaneState | null, now: number) {
  const { writer, at, clock, holds, lost } = contextOf(ctx, event, worker, now);
  return {
    writer,
    now: at,
    ...(clock ? { clock } : {}),
    ...(holds !== undefined ? { holds } : {}),
    ...(lost ? { lost } : {}),
  };
}

/** A claim: lib/lease decides; on success the worker remembers its new token. */
export function applyClaim(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'claim' }>,
  worker: LaneState,
): WriteEffect {
  const { state } = ctx;
  // A claim reads the statement clock, or the transaction clock; never a worker's own (lib/lease).
  const now = leaseTime(state, worker, true).now;
  // After a claim-read event, only the claim's write runs, with what that read saw.
  const seen = worker.seen;
  worker.seen = undefined;
  const done = stepWrite(ctx, event, worker, {
    kind: 'claim',
    ...writeOf(ctx, event, worker, now),
    // The worker's own clock: a design that compares claimed_at records it.
    ownClock: clockOf(state, worker),
    // A restarted worker writes under the old one's name, but is a process of its own.
    lane: worker.id,
    ...(seen !== undefined ? { seen } : {}),
  });
  const { decision, row } = done;
  if (decision.outcome.database !== 'applied' || !row) return write(ctx, event, 'run', decision);
  closeWindow(state, state.now);
  const token = done.token ?? row.fence;
  // A lost acknowledgement: the claim took effect, but the worker never learns its token.
  if (!event.ackLost) {
    worker.token = token;
    worker.believedLeaseUntil = row.leaseUntil;
    worker.claimedAt = clockOf(state, worker);
    worker.claimed = claimValuesOf(row);
  }
  state.windows.push({ worker: worker.id, fence: token, from: state.now, until: row.leaseUntil });
  return write(ctx, event, 'run', decision);
}

/** The user's cancel: canceling under a new generation that the fenced targets learn at once. */
export function applyCancel(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'cancel' }>,
): WriteEffect {
  const { state } = ctx;
  const { decision } = stepWrite(ctx, event, null, {
    kind: 'cancel',
    ...writeOf(ctx, event, null, state.now),
  });
  const applied = decision.outcome.database === 'applied';
  if (applied) closeWindow(state, state.now);
  // A fenced cancel is a new generation: the scenario's own targets learn it too.
  if (applied && decision.after && decision.before && decision.after.fence > decision.before.fence)
    registerAtEveryTarget(ctx.db, state.targets, state.resources, decision.after.fence);
  return write(ctx, event, 'run', decision);
}

/**
 * A named output of the run (the draft, the versioned object's reference switch) through
 * lib/lease's step; `landed` runs inside the same transaction when it applied.
 */
export function applyOutput(
  ctx: Ctx,
  event: WriteEvent,
  worker: LaneState,
  now: number,
  output: { name: string; opId: string; body: string },
  landed?: () => void,
): WriteEffect {
  const done = ctx.db.transaction(() => {
    const result = stepWrite(ctx, event, worker, {
      kind: 'output',
      ...writeOf(ctx, event, worker, now),
      token: worker.token,
      memory: { claim: worker.claimed ?? {} },
      output,
    });
    if (result.decision.outcome.database === 'applied') landed?.();
    return result;
  });
  return write(ctx, event, 'run', done.decision);
}

/** Renew, finish or draft: commits at the run row under the design's conditions. */
export function applyRunWrite(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'renew' | 'finish' | 'draft' }>,
  worker: LaneState,
  now: number,
): WriteEffect {
  const { state } = ctx;
  const token = worker.token;
  if (event.kind === 'draft')
    return applyOutput(ctx, event, worker, now, {
      name: DRAFT_OUTPUT,
      opId: event.opId,
      body: event.body ?? `draft by ${worker.id}`,
    });
  const { decision, row } = stepWrite(ctx, event, worker, {
    kind: event.kind,
    ...writeOf(ctx, event, worker, now),
    token,
    memory: { claim: worker.claimed ?? {} },
  });
  const applied = decision.outcome.database === 'applied';
  if (event.kind === 'renew' && applied && row && !event.ackLost) {
    worker.believedLeaseUntil = row.leaseUntil;
    const last = state.windows[state.windows.length - 1];
    if (last && last.fence === token) last.until = row.leaseUntil;
  }
  if (event.kind === 'finish' && applied) closeWindow(state, state.now);
  return write(ctx, event, 'run', decision);
}
