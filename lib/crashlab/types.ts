import type { RunRow, WriteDecision } from '@/lib/lease';

/** The fixed workflow of every run, in order. */
export const STEPS = ['collect', 'draft', 'verify', 'publish'] as const;
export type Step = (typeof STEPS)[number];

/**
 * Where a worker can be made to die. Each step does its work, then reaches
 * `before_checkpoint:<step>`, saves its checkpoint, then reaches `after_<step>`. The publish
 * step's work is the effect on the publisher, so its before-checkpoint point is `after_effect`
 * (the publisher holds the receipt, the task database does not know yet); a separate
 * `before_checkpoint:publish` would be the same moment, so it is not listed twice.
 */
export const FAULT_POINTS = [
  'before_checkpoint:collect',
  'after_collect',
  'before_checkpoint:draft',
  'after_draft',
  'before_checkpoint:verify',
  'after_verify',
  'after_effect',
  'after_publish',
] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

/** True when `name` is one of the lab's fault points. */
export function isFaultPoint(name: string): name is FaultPoint {
  return (FAULT_POINTS as readonly string[]).includes(name);
}

/** The exit code of a worker process that dies at a fault point (EX_TEMPFAIL). */
export const FAULT_EXIT_CODE = 75;

/** A fence a lab can be set up without, to show what chaos finds when it is missing. */
export const REMOVABLE_FENCES = ['publisher', 'checkpoint'] as const;
export type RemovableFence = (typeof REMOVABLE_FENCES)[number];

export interface CheckpointRow {
  runId: string;
  step: Step;
  generation: number;
  owner: string;
  attemptId: number;
  output: string;
  savedAt: number;
}

export interface AttemptRow {
  attemptId: number;
  runId: string;
  step: Step;
  generation: number;
  owner: string;
  startedAt: number;
}

export interface ClaimRow {
  runId: string;
  generation: number;
  owner: string;
  claimedAt: number;
  leaseUntil: number;
}

export interface ReceiptRow {
  receiptId: number;
  operationId: string;
  runId: string;
  generation: number;
  body: string;
  acceptedAt: number;
}

/** A publish request as the publisher logged it, with its decision in the rulebook's words. */
export interface PublishRequestRow {
  requestId: number;
  operationId: string;
  runId: string;
  generation: number;
  outcome: 'applied' | 'duplicate' | 'refused';
  at: number;
}

/**
 * What the publisher decided about one publish request (the database's view), with the
 * rulebook's decision record of it (every word about it is explain()'s).
 */
export type PublishDecision =
  | {
      outcome: 'applied' | 'duplicate';
      receipt: ReceiptRow;
      highestGeneration: number;
      decision: WriteDecision;
    }
  | { outcome: 'refused'; highestGeneration: number; decision: WriteDecision };

/** Everything both databases hold: what inspect prints, the page shows and evaluate judges. */
export interface LabSnapshot {
  runs: RunRow[];
  operations: Record<string, string>;
  claims: ClaimRow[];
  attempts: AttemptRow[];
  checkpoints: CheckpointRow[];
  publisher: {
    /** The highest generation the publisher has seen, per run (the rulebook's fence table). */
    register: Record<string, number>;
    receipts: ReceiptRow[];
    requests: PublishRequestRow[];
  };
  removedFence: RemovableFence | null;
}

/** A claim of the next claimable run, with what earlier generations of it checkpointed. */
export type LabClaim =
  | {
      ok: true;
      runId: string;
      generation: number;
      operationId: string;
      leaseUntil: number;
      done: Partial<Record<Step, string>>;
    }
  | { ok: false; reason: 'none-claimable' | 'all-final'; decision: WriteDecision };

/** A write of the lab that did not land carries the rulebook's decision on it. */
export type Refused = { ok: false; decision: WriteDecision };

export type StepStart = { ok: true; attemptId: number } | Refused;

export type CheckpointResult = { ok: true } | Refused;

/** The lesson's finish: landed, or refused (or a duplicate of this holder's own finish). */
export type FinishResult = { ok: true } | Refused;
