import { COMMIT_CONDITIONS, type CommitCondition } from '@/lib/lease';
import type { LabRun } from './run-program';

// Each of the rulebook's conditions in the forms a learner may write it over the jobs table
// (`owner = $owner` or `$owner = owner`; the status is the `state` column).
const PRESENT: Record<CommitCondition, RegExp> = {
  owner: /\bowner\s*=|=\s*owner\b/i,
  fence: /\bfence\s*=|=\s*fence\b/i,
  lease: /\buntil\s*>|<\s*until\b/i,
  status: /\bstate\s*(=|\bIN\b)|=\s*state\b/i,
};

const SETS_DONE = /^\s*UPDATE\b[\s\S]*\bSET\b[\s\S]*\bstate\s*=\s*'done'/i;

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** The finish statement a run sent: the first UPDATE that sets state to 'done'. */
export function findFinishStatement(statements: readonly string[]): string | undefined {
  return statements.map(stripComments).find((sql) => SETS_DONE.test(sql));
}

/** The conditions missing from a finish statement's WHERE clause (all four when it has none). */
export function missingConditions(finishSql: string): CommitCondition[] {
  const sql = stripComments(finishSql);
  const at = sql.search(/\bWHERE\b/i);
  const where = at === -1 ? '' : sql.slice(at);
  return COMMIT_CONDITIONS.filter((c) => !PRESENT[c].test(where));
}

/** What deleting one condition did: let the stale finish through, or not. */
export type DeletionResult = 'let-through' | 'blocked';
export type DeletionFindings = Partial<Record<CommitCondition, DeletionResult>>;

/**
 * Records what a run of the drop-one-condition challenge showed: when exactly one condition is
 * missing from the finish and the run finished, whether the stale finish printed `old: 1`.
 * Other runs (nothing or several deleted, an error) leave the findings as they were.
 */
export function recordDeletion(
  findings: DeletionFindings,
  run: LabRun,
  staleLine = 'old: 1',
): DeletionFindings {
  if (run.error) return findings;
  const finish = findFinishStatement(run.statements);
  if (!finish) return findings;
  const missing = missingConditions(finish);
  if (missing.length !== 1) return findings;
  const result: DeletionResult = run.output.some((line) => line.trim() === staleLine)
    ? 'let-through'
    : 'blocked';
  return { ...findings, [missing[0]]: result };
}
