import type { RunCondition } from './catalogue';
import { COMMIT_CONDITIONS } from './conditions';
import { list } from './explain-words';
import { kindOf } from './kinds/conditions';

/* The words for what a run-row statement's condition list checks (the conditions pickers). */

/** The conditions of a run-row statement as words: "checks only the status". */
export function describeChecked(conditions: readonly RunCondition[]): string {
  if (conditions.length === 0) return 'checks nothing but the run id';
  const words = conditions.map((c) => `the ${conditionWords(c)}`);
  const all = COMMIT_CONDITIONS.every((c) => conditions.includes(c));
  return all ? `checks ${list(words)}` : `checks only ${list(words)}`;
}

/** A condition as a noun: "owner", "status (running or canceling)", "(attempt, claimed_at)". */
export function conditionWords(c: RunCondition): string {
  return typeof c === 'string' ? c : kindOf(c).noun(c);
}
