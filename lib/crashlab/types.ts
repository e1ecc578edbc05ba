import type { RunRow } from '@/lib/lease';

/** The fixed workflow of the lab, in order. */
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

/** The run as the lab shows it: the lease row, with `done` called `succeeded` as in the lesson. */
export type LabStatus = 'queued' | 'running' | 'succeeded' | 'canceling' | 'canceled' | 'failed';

export function labStatus(row: RunRow): LabStatus {
  return row.status === 'done' ? 'succeeded' : row.status;
}

export interface CheckpointRow {
  step: Step;
  generation: number;
  owner: string;
  attemptId: number;
  output: string;
  savedAt: number;
}

export interface AttemptRow {
  attemptId: number;
  step: Step;
  generation: number;
  owner: string;
  startedAt: number;
}

export interface ClaimRow {
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

export type PublishOutcome = 'accepted' | 'duplicate' | 'stale';

export interface PublishRequestRow {
  requestId: number;
  operationId: string;
  generation: number;
  outcome: PublishOutcome;
  at: number;
}

export interface PublisherSnapshot {
  highestGeneration: number;
  receipts: ReceiptRow[];
  requests: PublishRequestRow[];
}

/** Everything both databases hold about the run: what inspect prints and evaluate judges. */
export interface LabSnapshot {
  runId: string;
  operationId: string;
  status: LabStatus;
  run: RunRow;
  checkpoints: CheckpointRow[];
  attempts: AttemptRow[];
  claims: ClaimRow[];
  publisher: PublisherSnapshot;
}
