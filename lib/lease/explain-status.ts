import { FINAL_STATUSES, type RunStatus } from './types';

/* Where a run's status sits in its life, for the explainer's "already". */

/** queued 0, running 1, canceling 2, a final status 3 (-1: not a run status). */
function lifeStage(status: string): number {
  if (FINAL_STATUSES.includes(status as RunStatus)) return 3;
  return ['queued', 'running', 'canceling'].indexOf(status);
}

/**
 * Whether the run has moved past every status in a set: then a refusal says "already" ("the
 * run is already running" to a claim that wants it queued), else it names the two statuses.
 */
export function pastEveryStatus(actual: string, set: readonly string[]): boolean {
  return set.every((s) => lifeStage(actual) > lifeStage(s));
}
