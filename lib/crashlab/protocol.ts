import type { RpcCall, RpcReply } from '@/lib/worker/rpc';
import type { HistoryEntry } from './history';
import type { LabOps } from './lab';
import type { Step, FaultPoint } from './types';
import type { WorkerEvent, WorkerSummary } from './worker';

/**
 * The lab operations a browser worker may call on the page that owns the databases, over
 * lib/worker's calls (an id per call, a value or an error per reply).
 */
export type LabOpName = keyof LabOps;

/** A pause inside one step (after starting it, before its effect or checkpoint): a stale worker. */
export interface WorkerStall {
  step: Step;
  ms: number;
}

/** Page → Web Worker. A gated worker pauses inside every step until the page sends `step`. */
export type HostMessage =
  | {
      type: 'start';
      owner: string;
      /** The worker's number on the page: its lane in the history, as a pid is in the CLI's. */
      pid: number;
      fault: FaultPoint | null;
      stall: WorkerStall | null;
      stepMs: number;
      pollMs: number;
      gated: boolean;
    }
  | RpcReply
  | { type: 'step' };

/** Web Worker → page. */
export type LabWorkerMessage =
  | RpcCall<LabOpName>
  | { type: 'event'; event: WorkerEvent }
  | { type: 'history'; entry: HistoryEntry }
  | { type: 'paused'; step: Step }
  | { type: 'died'; point: FaultPoint }
  | { type: 'done'; summary: WorkerSummary };
