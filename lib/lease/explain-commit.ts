import type { RunCondition } from './catalogue';
import { COMMIT_CONDITIONS } from './conditions';
import { list } from './explain-words';

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
  if (typeof c === 'string') return c;
  switch (c.kind) {
    case 'status-in':
      return `status (${c.statuses.join(' or ')})`;
    case 'attempt':
      return 'attempt';
    case 'fingerprint':
      return c.columns.length === 1 ? c.columns[0] : `(${c.columns.join(', ')})`;
    case 'as-read':
      return `${c.column} as read`;
    case 'claimable':
      return 'claimable test (queued, or its lease run out)';
    case 'lease-expired':
      return 'lease run out';
  }
}
