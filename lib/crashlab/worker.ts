import type { CommitResult } from '@/lib/lease';
import type { CheckpointResult, LabClaim, StepStart } from './lab';
import type { PublishResult } from './publisher';
import type { FaultPoint, Step } from './types';
import { STEPS } from './types';

type MaybePromise<T> = T | Promise<T>;

/**
 * What a worker may ask of the lab. In the CLI the lab itself serves these calls; in the browser
 * a Web Worker sends them as messages to the page that owns the databases.
 */
export interface LabOps {
  claim(owner: string): MaybePromise<LabClaim>;
  beginStep(owner: string, generation: number, step: Step): MaybePromise<StepStart>;
  publish(owner: string, generation: number, body: string): MaybePromise<PublishResult>;
  checkpoint(
    owner: string,
    generation: number,
    step: Step,
    attemptId: number,
    output: string,
  ): MaybePromise<CheckpointResult>;
  finish(owner: string, generation: number): MaybePromise<CommitResult>;
}

export type WorkerEvent =
  | { type: 'claimed'; generation: number; resumedFrom: Step[] }
  | { type: 'skipped'; step: Step; reason: 'checkpointed' }
  | { type: 'started'; step: Step; attemptId: number }
  | { type: 'published'; outcome: PublishResult['outcome']; receiptId: number | null }
  | { type: 'checkpointed'; step: Step }
  | { type: 'finished' };

export type WorkerOutcome =
  | { kind: 'succeeded'; generation: number }
  | { kind: 'not-claimed'; reason: string; explanation: string }
  | { kind: 'fenced-out'; generation: number; step: Step | 'finish'; explanation: string };

export interface WorkerOptions {
  owner: string;
  /** Where to die, if anywhere. */
  fault?: FaultPoint | null;
  /**
   * Ends the worker at once: process.exit(75) in the CLI, self.close() in a Web Worker. It must
   * not return; nothing after a fault point runs (no cleanup, no final write).
   */
  die: (point: FaultPoint) => never;
  /** Time spent on each step's work; a learner can kill the worker during it. */
  work?: (step: Step) => MaybePromise<void>;
  onEvent?: (event: WorkerEvent) => void;
}

/** The deterministic work of the three local steps; each reads what the step before saved. */
export function performStep(
  step: Exclude<Step, 'publish'>,
  done: Partial<Record<Step, string>>,
): string {
  switch (step) {
    case 'collect':
      return 'collected 3 sources: lease notes, fencing notes, publisher notes';
    case 'draft':
      return `draft (from: ${done.collect ?? '?'})`;
    case 'verify':
      return `verified: ${(done.draft ?? '').length} characters, cites 3 sources`;
  }
}

/**
 * One worker's life: claim the run, skip every step a previous generation checkpointed, do the
 * rest in order, and finish. A step whose checkpoint did not land is done again; one whose
 * checkpoint did is never redone. The publish step's effect carries the run's operation id,
 * which stays the same across takeovers, so the publisher deduplicates a retried publish.
 */
export async function runWorker(ops: LabOps, options: WorkerOptions): Promise<WorkerOutcome> {
  const { owner, fault, die, work, onEvent } = options;
  const at = (point: FaultPoint) => {
    if (fault === point) die(point);
  };
  const claim = await ops.claim(owner);
  if (!claim.ok)
    return { kind: 'not-claimed', reason: claim.reason, explanation: claim.explanation };
  const generation = claim.fenceToken;
  const done = { ...claim.done };
  onEvent?.({
    type: 'claimed',
    generation,
    resumedFrom: STEPS.filter((s) => done[s] !== undefined),
  });

  for (const step of STEPS) {
    if (done[step] !== undefined) {
      onEvent?.({ type: 'skipped', step, reason: 'checkpointed' });
      continue;
    }
    const started = await ops.beginStep(owner, generation, step);
    if (!started.ok)
      return { kind: 'fenced-out', generation, step, explanation: started.explanation };
    onEvent?.({ type: 'started', step, attemptId: started.attemptId });
    await work?.(step);

    let output: string;
    if (step === 'publish') {
      const published = await ops.publish(owner, generation, done.draft ?? '');
      if (!published.ok)
        return { kind: 'fenced-out', generation, step, explanation: published.explanation };
      onEvent?.({
        type: 'published',
        outcome: published.outcome,
        receiptId: published.receipt.receiptId,
      });
      at('after_effect');
      output = JSON.stringify({
        receiptId: published.receipt.receiptId,
        outcome: published.outcome,
      });
    } else {
      output = performStep(step, done);
      at(`before_checkpoint:${step}`);
    }

    const saved = await ops.checkpoint(owner, generation, step, started.attemptId, output);
    if (!saved.ok) return { kind: 'fenced-out', generation, step, explanation: saved.explanation };
    done[step] = output;
    onEvent?.({ type: 'checkpointed', step });
    at(`after_${step}`);
  }

  const finished = await ops.finish(owner, generation);
  if (!finished.ok)
    return { kind: 'fenced-out', generation, step: 'finish', explanation: finished.explanation };
  onEvent?.({ type: 'finished' });
  return { kind: 'succeeded', generation };
}
