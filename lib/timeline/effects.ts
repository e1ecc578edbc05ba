import {
  authorityAfter,
  explain,
  explainStep,
  leaseClockReading,
  type DecisionContext,
  type Explained,
  type StepFact,
  type HeldToken,
  type LeaseClock,
  type LeaseModel,
  type WriteDecision,
} from '@/lib/lease';
import type { SqlDriver } from '@/lib/sqlite';
import type { TimelineState, LaneState } from './state';
import type {
  NoteEffect,
  TargetId,
  TimelineEvent,
  WorkerId,
  WriteEffect,
  WriteEvent,
} from './types';
import { DATABASE_WRITE_KINDS } from './types';

/** What applying an event works on: the open database, the lease model, a state it may change. */
export interface Ctx {
  db: SqlDriver;
  model: LeaseModel;
  state: TimelineState;
  index: number;
}

export function workerOf(state: TimelineState, id: WorkerId): LaneState {
  const worker = state.workers.find((w) => w.id === id);
  if (!worker)
    throw new Error(
      `Unknown worker "${id}": the scenario lists ${state.workers.map((w) => w.id).join(', ')}.`,
    );
  return worker;
}

/** The owner name a worker writes into the run row: its own, or that of the worker it restarts. */
export function ownerOf(worker: LaneState): string {
  return worker.restartOf ?? worker.id;
}

/** What a worker's own clock reads now. */
export function clockOf(state: TimelineState, worker: LaneState): number {
  return state.now + worker.clockOffset;
}

/**
 * The clock a worker's lease statement reads at this step: the rulebook's rule
 * (leaseClockReading) given the scenario's time source, the worker's offset and its open
 * transaction.
 */
export function leaseTime(
  state: Pick<TimelineState, 'now' | 'timeSource'>,
  worker: Pick<LaneState, 'id' | 'clockOffset' | 'txBegan'>,
  claim: boolean,
): { now: number; clock: LeaseClock } {
  return leaseClockReading({
    source: state.timeSource,
    statementNow: state.now,
    holder: worker.id,
    offset: worker.clockOffset,
    ...(worker.txBegan !== undefined ? { txBegan: worker.txBegan } : {}),
    claim,
  });
}

/** The $now a worker's commit statements get (leaseTime: the scenario's time source). */
export function statementNow(state: TimelineState, worker: LaneState): number {
  return leaseTime(state, worker, false).now;
}

/**
 * What every decision of this step shares: the writer (the owner name it writes under), the
 * statement's time, who holds the run, and a lost acknowledgement.
 */
export function contextOf(
  ctx: Ctx,
  event: WriteEvent,
  worker: LaneState | null,
  now: number,
): DecisionContext {
  const { state } = ctx;
  // A scenario that sets clocks (a time source, an offset, a long transaction) names the clock
  // that judged a lease: a store or an API beyond the database reads the statement clock.
  const atDatabase = (DATABASE_WRITE_KINDS as readonly string[]).includes(event.kind);
  const clock: LeaseClock | undefined =
    !worker || !state.clocksNamed
      ? undefined
      : atDatabase
        ? leaseTime(state, worker, event.kind === 'claim').clock
        : { kind: 'database' };
  return {
    writer: worker ? ownerOf(worker) : 'the user',
    at: now,
    authority: ctx.state.authority,
    ...(clock ? { clock } : {}),
    ...(worker ? { holds: worker.token } : {}),
    ...(event.ackLost ? { lost: 'ack-lost' as const } : {}),
  };
}

/** The other holders' tokens, for the shared-token property of a claim. */
export function heldTokens(state: TimelineState): HeldToken[] {
  return state.workers
    .filter((w) => w.token > 0)
    .map((w) => ({ holder: ownerOf(w), token: w.token, lane: w.id }));
}

/**
 * A write effect from the target's decision: the words are the explainer's, in the scenario's
 * vocabulary, and who holds the run moves on with an applied claim or cancel.
 */
export function write(
  ctx: Ctx,
  event: WriteEvent | Extract<TimelineEvent, { kind: 'register' }>,
  target: TargetId,
  decision: WriteDecision,
): WriteEffect {
  const words = explain(decision, ctx.state.vocabulary);
  ctx.state.authority = authorityAfter(ctx.state.authority, decision);
  return {
    kind: 'write',
    eventId: event.id,
    eventIndex: ctx.index,
    worker: 'worker' in event ? event.worker : null,
    target,
    at: ctx.state.now,
    decision,
    outcome: decision.outcome.caller,
    database: decision.outcome.database,
    failed: decision.failed,
    rowsChanged: decision.outcome.rowsChanged,
    token: decision.token,
    explanation: words.sentence,
    verdictLine: words.verdict,
    rules: words.rules,
  };
}

/** A step that writes nothing: its words are the explainer's, from what happened. */
export function stepNote(ctx: Ctx, event: TimelineEvent, fact: StepFact): NoteEffect {
  return note(ctx, event, explainStep(fact, ctx.state.vocabulary));
}

/** A note whose text the explainer wrote (a registration's decision, a step's fact). */
export function note(ctx: Ctx, event: TimelineEvent, text: Explained): NoteEffect {
  return { kind: 'note', eventId: event.id, eventIndex: ctx.index, text };
}

export function closeWindow(state: TimelineState, at: number): void {
  const last = state.windows[state.windows.length - 1];
  if (last && last.until > at) last.until = at;
}

/** "seen_fence = 0" for what a claim read returned. */
export function describeSeen(seen: Readonly<Record<string, unknown>>): string {
  return Object.entries(seen)
    .map(([column, value]) => `${column} = ${String(value)}`)
    .join(', ');
}
