import type { CheckValue } from './decision';

/* The explainer's words for a run's status outside the set a statement accepts. */

/** Where a status sits in a run's life: queued, then running, then canceling, then final. */
const LIFE_STAGE: Readonly<Record<string, number>> = {
  queued: 0,
  running: 1,
  canceling: 2,
  done: 3,
  canceled: 3,
  failed: 3,
};

/**
 * A status outside the set a statement accepts: "already" only when the run has moved past
 * every status in the set ("the run is already running" to a claim that wants it queued);
 * otherwise the two as they are ("the run is queued, not running").
 */
export function statusOutsideSet(actual: CheckValue, expected: CheckValue): string {
  const set = (Array.isArray(expected) ? expected : [expected]).map(String);
  const stage = (s: string) => LIFE_STAGE[s] ?? -1;
  const past = set.every((s) => stage(String(actual)) > stage(s));
  return past
    ? `the run is already ${actual}`
    : `the run is ${actual}, not ${set.length > 1 ? `${set.slice(0, -1).join(', ')} or ${set[set.length - 1]}` : set[0]}`;
}
