import { observe, type ObservedWrite } from '@/lib/lease';
import type { SqlDriver } from '@/lib/sqlite';
import type { LeaseModel } from '@/lib/lease';
import type { TimelineState, LaneState } from './state';
import type {
  FailedCondition,
  NoteEffect,
  TargetId,
  TimelineEvent,
  WorkerId,
  WriteEffect,
  WriteEvent,
} from './types';

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

/** The $now the lease statements get: database time, or (broken design) the worker's clock. */
export function statementNow(state: TimelineState, worker: LaneState): number {
  return state.timeSource === 'worker' ? clockOf(state, worker) : state.now;
}

/** A write the target decided by itself, with no lease condition (an unchecked put, a paused worker). */
export function decided(
  kind: 'applied' | 'refused',
  failed: FailedCondition[] = [],
): ObservedWrite {
  return observe(
    kind === 'applied'
      ? { kind, checked: [] }
      : { kind, failed, checked: failed.map((condition) => ({ condition, held: false })) },
  );
}

/**
 * A write effect from what the target decided. When the event drops the acknowledgement, the
 * writer learns `unknown` while the database keeps its own view; the sentence says both.
 */
export function write(
  ctx: Ctx,
  event: WriteEvent,
  target: TargetId,
  observed: ObservedWrite,
  fields: Pick<WriteEffect, 'action' | 'reason' | 'explanation'> &
    Partial<Pick<WriteEffect, 'failed' | 'rowsChanged' | 'token'>>,
): WriteEffect {
  const seen = observe(observed.database, event.ackLost && 'ack-lost');
  const database = seen.database.kind;
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
    outcome: seen.caller.kind,
    database,
    checked: 'checked' in seen.database ? [...seen.database.checked] : [],
    verdict: database === 'applied' ? 'accept' : 'reject',
    explanation: event.ackLost
      ? `The acknowledgement was lost: ${'worker' in event ? event.worker : 'the user'} cannot tell what happened (unknown). In the database: ${database}. ${fields.explanation}`
      : fields.explanation,
  };
}

export function note(ctx: Ctx, event: TimelineEvent, text: string): NoteEffect {
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
