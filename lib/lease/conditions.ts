/**
 * The commit conditions of the lesson, as named fragments. Every WHERE clause of a design is
 * built from these (lib/lease/build.ts), so "drop one condition" and the broken-design catalog
 * are data, and an explanation can name exactly the conditions a design checked.
 */

import { RUNS_TABLE, type RunTable } from './run-columns';

export { JOBS_TABLE, RUNS_TABLE, type RunTable } from './run-columns';

/** The four conditions of a fenced commit; a refusal names the ones that did not hold. */
export const COMMIT_CONDITIONS = ['owner', 'fence', 'lease', 'status'] as const;
export type CommitCondition = (typeof COMMIT_CONDITIONS)[number];

/** One condition as SQL over a run table. */
export function conditionSql(condition: CommitCondition, t: RunTable = RUNS_TABLE): string {
  switch (condition) {
    case 'owner':
      return `${t.owner} = $owner`;
    case 'fence':
      return `${t.fence} = $token`;
    case 'lease':
      return `${t.leaseUntil} > $now`;
    case 'status':
      return `${t.status} = 'running'`;
  }
}

/** The WHERE clause of a commit: the run id, then each condition, in the lesson's order. */
export function commitWhere(
  conditions: readonly CommitCondition[],
  t: RunTable = RUNS_TABLE,
): string {
  const ordered = COMMIT_CONDITIONS.filter((c) => conditions.includes(c));
  return [`${t.id} = $run`, ...ordered.map((c) => conditionSql(c, t))].join(' AND ');
}

/** The claim's condition: a queued run, or a running one whose lease has run out. */
export function claimableSql(t: RunTable = RUNS_TABLE): string {
  return `(${t.status} = '${t.queued}' OR (${t.status} = 'running' AND ${t.leaseUntil} <= $now))`;
}

/** The fields of a run row a condition looks at. */
export interface ConditionRow {
  owner: string;
  fence: number;
  leaseUntil: number;
  status: string;
}

/** Whether a condition holds for a writer, judged on a row (the same rule as its SQL). */
export function conditionHolds(
  condition: CommitCondition,
  row: ConditionRow,
  owner: string,
  token: number,
  now: number,
): boolean {
  switch (condition) {
    case 'owner':
      return row.owner === owner;
    case 'fence':
      return row.fence === token;
    case 'lease':
      return row.leaseUntil > now;
    case 'status':
      return row.status === 'running';
  }
}

/**
 * The claimable condition over the lesson's run table, as one text: the lesson's claim and the
 * queue's pick (lib/lease/queue.ts) both check it.
 */
export const CLAIMABLE_CONDITION = claimableSql();
