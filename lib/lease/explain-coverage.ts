import { conditionSql, RUNS_TABLE, type CommitCondition, type RunTable } from './conditions';
import type { WriteDecision } from './decision';
import { explained, type Explained } from './explained';
import { list, WRITE_NOUNS } from './explain-words';

/*
 * What a commit's statement checks of the lesson's four conditions, read from its decision's
 * checks (the statement the learner wrote, as the rulebook judged it), and what each one left
 * out would have refused. The claim lab's verdict and hints say this; none writes its own.
 */

/** The writer each of the lesson's conditions refuses. */
export const CONDITION_REFUSES: Readonly<Record<CommitCondition, string>> = {
  owner: 'a different worker',
  fence: 'an older generation, even one running under the same name',
  lease: 'a worker whose lease has run out',
  status: 'a second finish of a run that is already done',
};

/** A commit's coverage: the conditions its statement checks, and the lesson's it leaves out. */
export interface Coverage {
  checked: readonly CommitCondition[];
  missing: readonly CommitCondition[];
  text: Explained;
}

/**
 * "The finish checks owner, lease and state; it does not check fence (`fence = $token`), which
 * refuses an older generation, even one running under the same name."
 */
export function explainCoverage(
  d: WriteDecision,
  lesson: readonly CommitCondition[],
  table: RunTable = RUNS_TABLE,
): Coverage {
  const ran = new Set<string>(d.checks.map((c) => c.name));
  const checked = lesson.filter((c) => ran.has(c));
  const missing = lesson.filter((c) => !ran.has(c));
  const name = (c: CommitCondition) => (c === 'status' ? table.status : c);
  const noun = WRITE_NOUNS[d.kind];
  const checks = checked.length ? list(checked.map(name)) : 'none of the lesson’s conditions';
  const left = missing.map(
    (c) => `${name(c)} (\`${conditionSql(c, table)}\`), which refuses ${CONDITION_REFUSES[c]}`,
  );
  const text = missing.length
    ? `The ${noun} checks ${checks}; it does not check ${list(left, 'or')}.`
    : `The ${noun} checks ${checks} in the same statement that writes.`;
  return { checked, missing, text: explained(text) };
}
