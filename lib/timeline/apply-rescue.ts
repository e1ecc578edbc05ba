import { decideRescue, readStuck, RESCUER, RUNS_TABLE, rescueRun } from '@/lib/lease';
import { rowState } from './apply-run';
import { stepNote, write, type Ctx } from './effects';
import { RUN_ID } from './state';
import type { NoteEffect, TimelineEvent, WriteEffect } from './types';

/*
 * The rescuer's lane: a third party, not a holder, that reads the run row at one step and
 * re-queues it at a later one (lib/lease/rescue.ts decides; the explainer words it).
 */

/** The rescuer reads the run row and remembers it, with the time, for its next re-queue. */
export function applyRescueRead(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'rescue-read' }>,
): NoteEffect {
  const { state, model } = ctx;
  const read = { row: rowState(model.read()), at: state.now };
  state.rescuerRead = read;
  return stepNote(ctx, event, {
    kind: 'rescue-read',
    reader: RESCUER,
    row: read.row,
    now: state.now,
    stuck: readStuck(read),
  });
}

/** The rescuer's re-queue: sent only after a read that showed a stuck run. */
export function applyRescue(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'rescue' }>,
): WriteEffect {
  const { state, model, db } = ctx;
  const read = state.rescuerRead ?? null;
  const compare = event.compare ?? [];
  const before = rowState(model.read());
  const changed =
    read && readStuck(read)
      ? rescueRun(db, {
          runId: RUN_ID,
          read: read.row,
          compare,
          table: model.design.rules?.table ?? RUNS_TABLE,
        })
      : 0;
  const decision = decideRescue(
    {
      writer: RESCUER,
      at: state.now,
      authority: state.authority,
      ...(event.ackLost ? { lost: 'ack-lost' as const } : {}),
    },
    { read, compare, before, after: rowState(model.read()), changed },
  );
  return write(ctx, event, 'run', decision);
}
