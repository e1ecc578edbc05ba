import type { FaultPoint, Step } from './types';
import type { WorkerEvent, WorkerOutcome } from './worker';

/** The lab operations a browser worker may call on the page that owns the databases. */
export const LAB_OPS = ['claim', 'beginStep', 'publish', 'checkpoint', 'finish'] as const;
export type LabOpName = (typeof LAB_OPS)[number];

/** A pause inside one step (after starting it, before its effect or checkpoint): a stale worker. */
export interface WorkerStall {
  step: Step;
  ms: number;
}

/** Page → worker. */
export type HostMessage =
  | {
      type: 'start';
      owner: string;
      fault: FaultPoint | null;
      stall: WorkerStall | null;
      stepMs: number;
      pollMs: number;
    }
  | { type: 'reply'; id: number; result: unknown };

/** Worker → page. */
export type WorkerMessage =
  | { type: 'call'; id: number; op: LabOpName; args: unknown[] }
  | { type: 'event'; event: WorkerEvent }
  | { type: 'waiting'; explanation: string }
  | { type: 'died'; point: FaultPoint }
  | { type: 'done'; outcome: WorkerOutcome };
