import type { OutcomeKind } from '@/lib/lease';
import type { Trace, WriteEffect } from './types';

/** The learner's marks: event id → the outcome they expect ("what happens to each write?"). */
export type Predictions = Readonly<Record<string, OutcomeKind>>;

export interface Mistake {
  eventId: string;
  /** undefined when the learner left this write unmarked. */
  predicted: OutcomeKind | undefined;
  effect: WriteEffect;
}

export interface Score {
  score: number;
  total: number;
  mistakes: Mistake[];
}

/** A prediction saved before the four outcomes (accept / reject), read in today's words. */
export function upgradePrediction(value: unknown): OutcomeKind | undefined {
  if (value === 'accept') return 'applied';
  if (value === 'reject') return 'refused';
  return value === 'applied' || value === 'refused' || value === 'duplicate' || value === 'unknown'
    ? value
    : undefined;
}

/**
 * Grades predictions against the trace: one point per write whose outcome, as the writer
 * learned it, was foreseen. A prediction is what happens, not what should happen: a stale write
 * that a broken design lets through is `applied`.
 */
export function scorePredictions(trace: Trace, predictions: Predictions): Score {
  const mistakes: Mistake[] = [];
  for (const effect of trace.writes) {
    const predicted = upgradePrediction(predictions[effect.eventId]);
    if (predicted !== effect.outcome) mistakes.push({ eventId: effect.eventId, predicted, effect });
  }
  return { score: trace.writes.length - mistakes.length, total: trace.writes.length, mistakes };
}

/** Keeps only the predictions for write events that still exist (after the builder changes them). */
export function prunePredictions(
  predictions: Predictions,
  writeIds: readonly string[],
): Record<string, OutcomeKind> {
  const kept: Record<string, OutcomeKind> = {};
  for (const id of writeIds) {
    const p = upgradePrediction(predictions[id]);
    if (p) kept[id] = p;
  }
  return kept;
}
