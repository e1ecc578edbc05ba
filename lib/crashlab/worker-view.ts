import type { Explained } from '@/lib/lease';
import type { WorkerStall } from './protocol';
import type { FaultPoint, Step } from './types';
import type { WorkerEvent } from './worker';
import { describeWorkerEvent } from './worker-log';

/*
 * A browser worker as the page shows it, and how each event it reports changes that view.
 */

export type WorkerState = 'starting' | 'waiting' | 'working' | 'died' | 'killed' | 'finished';

export interface LabWorkerView {
  id: number;
  owner: string;
  fault: FaultPoint | null;
  stall: WorkerStall | null;
  state: WorkerState;
  /** The run it holds and its generation there, while it holds one. */
  run: string | null;
  generation: number | null;
  /** The step the worker is inside, between starting it and saving its checkpoint. */
  step: Step | null;
  /** Started step by step: it pauses inside every step until `step(id)` lets it go on. */
  gated: boolean;
  /** The step a gated worker is paused in, waiting for Step; null while it runs. */
  paused: Step | null;
  /** Paused from the page: its next call to the databases waits until it is resumed. */
  held: boolean;
  /** The explainer's lines (lib/lease). */
  log: Explained[];
}

/** The states in which a worker still runs (and can be killed, paused or stepped). */
export const LIVE: readonly WorkerState[] = ['starting', 'waiting', 'working'];

/** A worker just started, before it has said anything. */
export function newWorkerView(
  id: number,
  owner: string,
  fault: FaultPoint | null,
  stall: WorkerStall | null,
  gated: boolean,
): LabWorkerView {
  return {
    ...{ id, owner, fault, stall, gated, state: 'starting' },
    ...{ run: null, generation: null, step: null, paused: null, held: false, log: [] },
  };
}

/** What an event changes in a worker's view, and the line its log gains. */
export function afterEvent(
  view: LabWorkerView,
  e: WorkerEvent,
): { patch: Partial<LabWorkerView>; line: Explained } {
  const patch: Partial<LabWorkerView> = { state: e.type === 'waiting' ? 'waiting' : 'working' };
  if (e.type === 'claimed') Object.assign(patch, { run: e.run, generation: e.generation });
  if (e.type === 'started') patch.step = e.step;
  if (e.type === 'checkpointed') patch.step = null;
  if (e.type === 'succeeded' || e.type === 'fenced-out')
    Object.assign(patch, { run: null, step: null, paused: null });
  const stalls = e.type === 'started' && view.stall?.step === e.step;
  const line = describeWorkerEvent(e, stalls ? view.stall!.ms / 1000 : undefined);
  return { patch, line };
}
