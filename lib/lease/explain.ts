import {
  COMMIT_CONDITIONS,
  conditionHolds,
  describeCondition,
  type CommitCondition,
  type ConditionRow,
} from './conditions';

/** "owner, fence and status" */
function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The conditions of a run-row statement as words: "checks only the status". */
export function describeChecked(conditions: readonly CommitCondition[]): string {
  if (conditions.length === 0) return 'checks nothing but the run id';
  const words = conditions.map((c) => `the ${c}`);
  return conditions.length === COMMIT_CONDITIONS.length
    ? `checks ${list(words)}`
    : `checks only ${list(words)}`;
}

/**
 * The sentence for a run-row commit, built from the conditions the design checked and the row
 * it judged: what held or failed, and, when a write landed for a holder who no longer holds the
 * run, who holds it now ("landed: this design checks only the status, and the status was
 * running; the run now belongs to B (fence 2)").
 */
export function explainCommit(args: {
  applied: boolean;
  changed: number;
  conditions: readonly CommitCondition[];
  /** The row the statement judged (before it changed anything). */
  judged: ConditionRow;
  /** The row after the statement. */
  after: ConditionRow;
  owner: string;
  token: number;
  now: number;
}): string {
  const { applied, conditions, judged, after, owner, token, now } = args;
  const say = (c: CommitCondition) => describeCondition(c, judged, owner, token, now);
  if (!applied) {
    const failed = conditions.filter((c) => !conditionHolds(c, judged, owner, token, now));
    return failed.length > 0
      ? `0 rows changed: ${owner} lost the right to commit (${failed.map(say).join('; ')}).`
      : `0 rows changed: the statement matched no row for ${owner} with token ${token}.`;
  }
  const facts = conditions.map(say);
  const checked = `this design ${describeChecked(conditions)}${facts.length ? `, and ${list(facts)}` : ''}`;
  const stale = after.owner !== owner || after.fence !== token;
  return stale
    ? `landed: ${checked}; the run now belongs to ${after.owner || '(nobody)'} (fence ${after.fence}).`
    : `${args.changed} row changed: ${checked}.`;
}
