import {
  COMMIT_CONDITIONS,
  columnComparison,
  JOBS_TABLE,
  RUNS_TABLE,
  statusIn,
  type ColumnComparison,
  type CommitCondition,
  type RunCondition,
} from '@/lib/lease';
import type { LabRun } from './run-program';

// The rulebook's catalogue says how each condition compares its column over the runs table
// (lib/lease/catalogue.ts); a learner may write it either way round (`owner = $owner` or
// `$owner = owner`), and the status as one value or a set (`status IN (...)`). A program saved
// before the lab moved to the runs table still uses the jobs table's names, so those count too.
const MIRRORED: Record<ColumnComparison['operator'], string | null> = {
  '=': '=',
  '>': '<',
  '<=': '>=',
  IN: null,
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The forms of one comparison a WHERE may hold, as one pattern. */
function comparisonPattern(c: ColumnComparison): string {
  const column = escape(c.column);
  const op = c.operator === 'IN' ? '\\bIN\\b' : escape(c.operator);
  const mirrored = MIRRORED[c.operator];
  return mirrored === null
    ? `\\b${column}\\s*${op}`
    : `\\b${column}\\s*${op}|${escape(mirrored)}\\s*${column}\\b`;
}

/** The catalogue entries that count as each of the lesson's four conditions in the lab. */
const FORMS: Record<CommitCondition, readonly RunCondition[]> = {
  owner: ['owner'],
  fence: ['fence'],
  lease: ['lease'],
  status: ['status', statusIn(['running', 'canceling'])],
};

const PRESENT = Object.fromEntries(
  COMMIT_CONDITIONS.map((c) => [
    c,
    new RegExp(
      FORMS[c]
        .flatMap((form) => [RUNS_TABLE, JOBS_TABLE].map((t) => columnComparison(form, t)))
        .filter((x): x is ColumnComparison => x !== null)
        .map(comparisonPattern)
        .join('|'),
      'i',
    ),
  ]),
) as Record<CommitCondition, RegExp>;

const SETS_DONE = /^\s*UPDATE\b[\s\S]*\bSET\b[\s\S]*\b(status|state)\s*=\s*'done'/i;

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** The finish statement a run sent: the first UPDATE that sets status (or the old `state`) to 'done'. */
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
