import type { RunRow } from '@/lib/lease';
import type { AttemptRow, CheckpointRow, ReceiptRow, Step } from '@/lib/crashlab/types';

/** What the publisher decided about one publish request (the database's view). */
export type PublishDecision =
  | { outcome: 'applied' | 'duplicate'; receipt: ReceiptRow; highestGeneration: number }
  | { outcome: 'refused'; highestGeneration: number; explanation: string };

/** A publish request as the publisher logged it, with its decision in the rulebook's words. */
export interface QueueRequestRow {
  requestId: number;
  operationId: string;
  runId: string;
  generation: number;
  outcome: 'applied' | 'duplicate' | 'refused';
  at: number;
}

export interface QueueClaimRow {
  runId: string;
  generation: number;
  owner: string;
  claimedAt: number;
  leaseUntil: number;
}

/** Everything both databases of a queue hold: what inspect prints and evaluate judges. */
export interface QueueSnapshot {
  runs: RunRow[];
  operations: Record<string, string>;
  claims: QueueClaimRow[];
  attempts: (AttemptRow & { runId: string })[];
  checkpoints: (CheckpointRow & { runId: string })[];
  publisher: {
    register: Record<string, number>;
    receipts: ReceiptRow[];
    requests: QueueRequestRow[];
  };
  removedFence: string | null;
}

/** A claim of the next claimable run, with what earlier generations of it checkpointed. */
export type QueueClaim =
  | {
      ok: true;
      runId: string;
      generation: number;
      operationId: string;
      leaseUntil: number;
      done: Partial<Record<Step, string>>;
    }
  | { ok: false; reason: 'none-claimable' | 'all-final'; explanation: string };
