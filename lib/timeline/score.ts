import type { Trace, Verdict, WriteEffect } from './types';

/** The learner's marks: event id → the verdict they expect. */
export type Predictions = Readonly<Record<string, Verdict>>;

export interface Mistake {
  eventId: string;
  /** undefined when the learner left this write unmarked. */
  predicted: Verdict | undefined;
  effect: WriteEffect;
}

export interface Score {
  score: number;
  total: number;
  mistakes: Mistake[];
}

/** Grades predictions against the trace: one point per write whose verdict was foreseen. */
export function scorePredictions(trace: Trace, predictions: Predictions): Score {
  const mistakes: Mistake[] = [];
  for (const effect of trace.writes) {
    const predicted = predictions[effect.eventId];
    if (predicted !== effect.verdict) mistakes.push({ eventId: effect.eventId, predicted, effect });
  }
  return { score: trace.writes.length - mistakes.length, total: trace.writes.length, mistakes };
}

/** Keeps only the predictions for write events that still exist (after the builder changes them). */
export function prunePredictions(predictions: Predictions, writeIds: readonly string[]): Record<string, Verdict> {
  const kept: Record<string, Verdict> = {};
  for (const id of writeIds) if (predictions[id]) kept[id] = predictions[id];
  return kept;
}
