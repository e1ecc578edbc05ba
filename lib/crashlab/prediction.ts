import { STEPS, type FaultPoint, type LabSnapshot, type Step } from './types';
import { LIVE, type LabWorkerView } from './worker-view';

/**
 * What a learner predicts before starting a worker that dies at a fault point: once a worker
 * with no fault has taken the run over and finished it, which steps were started twice (by both
 * holders) and how many receipts the publisher holds for the run.
 */
export interface CrashPrediction {
  again: readonly Step[];
  receipts: number;
}

/**
 * The fault points a prediction is asked for: inside a step, before its checkpoint (the receipt
 * of after_effect is the publish step's effect, before its checkpoint). There the question of
 * what the next worker does again has an answer to work out; after a checkpoint nothing is.
 */
export function isPredictedFault(fault: FaultPoint): boolean {
  return fault.startsWith('before_checkpoint:') || fault === 'after_effect';
}

/** How a prediction stands when the experiment is evaluated. */
export type PredictionGrade =
  /** Not yet gradeable (the worker still runs, the run is not done): kept for a later evaluation. */
  | { kind: 'waiting'; why: string }
  /** Can never be graded (the worker did not die at its fault point, or more than one takeover). */
  | { kind: 'void'; why: string }
  | { kind: 'graded'; right: boolean; actual: CrashPrediction };

/** What the run shows, from the databases: the steps two holders started, the run's receipts. */
export function runAfterTakeover(snapshot: LabSnapshot, runId: string): CrashPrediction {
  const generations = (step: Step) =>
    new Set(
      snapshot.attempts
        .filter((a) => a.runId === runId && a.step === step)
        .map((a) => a.generation),
    ).size;
  const operation = snapshot.operations[runId];
  return {
    again: STEPS.filter((step) => generations(step) > 1),
    receipts: snapshot.publisher.receipts.filter(
      (r) => r.runId === runId || r.operationId === operation,
    ).length,
  };
}

/**
 * Grades a prediction against what the databases hold: only a worker that died at its fault
 * point, on a run that is done after exactly one takeover (the situation the prediction was
 * about), is graded; right means the same steps started twice and the same receipts.
 */
export function gradePrediction(
  view: LabWorkerView | undefined,
  snapshot: LabSnapshot | null,
  prediction: CrashPrediction,
): PredictionGrade {
  if (!view || !snapshot) return { kind: 'void', why: 'its experiment is gone' };
  if (LIVE.includes(view.state))
    return { kind: 'waiting', why: `${view.owner} has not reached its fault point yet` };
  if (view.state !== 'died' || view.run === null)
    return { kind: 'void', why: `${view.owner} was ${view.state} before its fault point` };
  const runId = view.run;
  const run = snapshot.runs.find((r) => r.runId === runId);
  if (!run || run.status !== 'done')
    return {
      kind: 'waiting',
      why: `${runId} is not done yet: once its lease has run out, start a worker with no fault`,
    };
  const claims = snapshot.claims.filter((c) => c.runId === runId).length;
  if (claims !== 2)
    return {
      kind: 'void',
      why: `${runId} was claimed ${claims} times; the prediction was about one takeover by a worker with no fault`,
    };
  const actual = runAfterTakeover(snapshot, runId);
  const same = (a: readonly Step[], b: readonly Step[]) =>
    a.length === b.length && a.every((step) => b.includes(step));
  return {
    kind: 'graded',
    right: same(actual.again, prediction.again) && actual.receipts === prediction.receipts,
    actual,
  };
}
