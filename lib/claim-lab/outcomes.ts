import {
  COMMIT_CONDITIONS,
  explainCoverage,
  type Coverage,
  decideClaim,
  decideFinish,
  decideRenew,
  explain,
  finishLanded,
  JOBS_TABLE,
  LESSON_VOCABULARY,
  readTableRow,
  rowState,
  RUNS_TABLE,
  type Explained,
  type RowState,
  type WriteDecision,
} from '@/lib/lease';
import type { SqlValue } from '@/lib/sqlite';
import { missingConditions } from './conditions';
import type { LabStep } from './run-program';

/** Which of the lesson's writes a statement is: the claim, a renewal or the finish. */
export type LabWriteKind = 'claim' | 'renew' | 'finish';

/** One write to the run row, decided by the rulebook, with the words the learner reads. */
export interface StepOutcome {
  write: LabWriteKind;
  /** The rulebook's decision: the checks the statement ran, the outcome, a property broken. */
  decision: WriteDecision;
  /** explain()'s sentence of it. */
  sentence: Explained;
}

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** The kind of write a statement is, from what its SET list assigns (null: not a run-row write). */
export function writeKind(sql: string): LabWriteKind | null {
  const match =
    /^\s*UPDATE\s+"?(?:runs|jobs)"?\b[\s\S]*?\bSET\b([\s\S]*?)(?:\bWHERE\b|\bRETURNING\b|$)/i.exec(
      stripComments(sql),
    );
  if (!match) return null;
  const set = match[1];
  if (/\b(?:status|state)\s*=\s*'done'/i.test(set)) return 'finish';
  if (/\bowner\s*=/i.test(set)) return 'claim';
  if (/\b(?:lease_)?until\s*=/i.test(set)) return 'renew';
  return null;
}

/**
 * The run row a write judged, under the rulebook's names. The lab's programs use the runs
 * table; a program saved before they did uses the old jobs table's names.
 */
function rowOf(table: LabStep['table'], id: SqlValue | undefined): RowState | null {
  if (!table) return null;
  const names = table.columns as readonly string[];
  const t = names.includes(RUNS_TABLE.id) ? RUNS_TABLE : JOBS_TABLE;
  const col = (name: string) => names.indexOf(name);
  const row =
    table.rows.find((r) => id !== undefined && r[col(t.id)] === id) ??
    (table.rows.length === 1 ? table.rows[0] : undefined);
  if (!row) return null;
  const read = readTableRow(t, Object.fromEntries(names.map((name, i) => [name, row[i]])));
  return read ? rowState(read) : null;
}

/**
 * The rulebook's decision on each step's write to the run row (null for a step that is not a
 * claim, renewal or finish, or whose row cannot be read). This only finds the row before and
 * after the write, the values the program bound and the conditions the learner's statement
 * checks; lib/lease decides and words it. The run row stands for who holds the run (the lab
 * knows no claims beyond it). Every db call returns its answer to the program, so no write here
 * is `unknown` to its caller.
 */
export function stepOutcomes(steps: readonly LabStep[]): (StepOutcome | null)[] {
  return steps.map((step, i) => {
    const write = writeKind(step.sql);
    if (!write || i === 0) return null;
    const params = step.params ?? {};
    const before = rowOf(steps[i - 1].table, params.run);
    const after = rowOf(step.table, params.run);
    if (!before || !after) return null;
    const owner = String(params.owner ?? '');
    const ctx = {
      writer: owner,
      at: Number(params.now),
      authority: { holder: before.owner || null, token: before.fence },
    };
    const changed = step.changed;
    let decision: WriteDecision;
    if (write === 'claim') {
      decision = decideClaim(ctx, { before, after, changed, checked: true });
    } else {
      const token = Number(params.token);
      // The conditions the learner's own statement checks.
      const missing = missingConditions(step.sql);
      const conditions = COMMIT_CONDITIONS.filter((c) => !missing.includes(c));
      const w = { conditions, before, after, token, changed };
      decision =
        write === 'renew'
          ? decideRenew(ctx, w)
          : decideFinish(ctx, {
              ...w,
              ...(changed === 0 && finishLanded(conditions, before, owner, token)
                ? { duplicate: { opId: `${owner}@${token}` } }
                : {}),
            });
    }
    return { write, decision, sentence: explain(decision, LESSON_VOCABULARY).sentence };
  });
}

/**
 * What the program's last finish checked of the lesson's four conditions, from the rulebook's
 * decision on the statement the learner wrote (null: no finish reached the job row).
 */
export function finishCoverage(steps: readonly LabStep[]): Coverage | null {
  const finish = stepOutcomes(steps)
    .filter((o): o is StepOutcome => o !== null && o.write === 'finish')
    .at(-1);
  if (!finish) return null;
  // The table the program wrote: the runs table, or a program saved before it used the jobs table.
  const step = steps.findLast((x) => x.table !== null);
  const names = (step?.table?.columns ?? []) as readonly string[];
  const table = names.includes(RUNS_TABLE.id) || names.length === 0 ? RUNS_TABLE : JOBS_TABLE;
  return explainCoverage(finish.decision, COMMIT_CONDITIONS, table);
}
