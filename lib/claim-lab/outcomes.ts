import {
  COMMIT_CONDITIONS,
  claimOutcome,
  commitOutcome,
  finishLanded,
  JOBS_TABLE,
  type CommitCondition,
  type ConditionRow,
  type ObservedWrite,
  type OutcomeKind,
} from '@/lib/lease';
import type { SqlValue } from '@/lib/sqlite';
import { FINISH_CONDITIONS, missingConditions, type FinishCondition } from './conditions';
import type { LabStep } from './run-program';

/** Which of the lesson's writes a statement is: the claim, a renewal or the finish. */
export type LabWriteKind = 'claim' | 'renew' | 'finish';

/** What became of one write to the job row, in the rulebook's four outcomes. */
export interface StepOutcome {
  write: LabWriteKind;
  kind: OutcomeKind;
  /**
   * The lesson's conditions that did not hold for the writer (named by the rulebook): why a
   * refused write was refused, or what an applied write got past (a stale write landing).
   */
  notHeld: readonly string[];
}

// The lab's condition names beside the rulebook's (the lab says `state`, as the jobs table does).
const RULEBOOK: Record<FinishCondition, CommitCondition> = {
  owner: 'owner',
  fence: 'fence',
  lease: 'lease',
  state: 'status',
};

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** The kind of write a statement is, from what its SET list assigns (null: not a job-row write). */
export function writeKind(sql: string): LabWriteKind | null {
  const match =
    /^\s*UPDATE\s+"?jobs"?\b[\s\S]*?\bSET\b([\s\S]*?)(?:\bWHERE\b|\bRETURNING\b|$)/i.exec(
      stripComments(sql),
    );
  if (!match) return null;
  const set = match[1];
  if (/\bstate\s*=\s*'done'/i.test(set)) return 'finish';
  if (/\bowner\s*=/i.test(set)) return 'claim';
  if (/\buntil\s*=/i.test(set)) return 'renew';
  return null;
}

/** The job row a write judged, under the rulebook's names (the jobs table is an alias of runs). */
function rowOf(table: LabStep['table'], id: SqlValue | undefined): ConditionRow | null {
  if (!table) return null;
  const col = (name: string) => (table.columns as readonly string[]).indexOf(name);
  const row =
    table.rows.find((r) => id !== undefined && r[col(JOBS_TABLE.id)] === id) ??
    (table.rows.length === 1 ? table.rows[0] : undefined);
  if (!row) return null;
  return {
    owner: String(row[col(JOBS_TABLE.owner)] ?? ''),
    fence: Number(row[col(JOBS_TABLE.fence)]),
    leaseUntil: Number(row[col(JOBS_TABLE.leaseUntil)]),
    status: String(row[col(JOBS_TABLE.status)] ?? ''),
  };
}

/**
 * The outcome of each step's write to the job row (null for a step that is not a claim, renewal
 * or finish, or whose row cannot be read). The rulebook (lib/lease) decides: this only finds the
 * row before and after the write and the values the program bound. Every db call returns its
 * answer to the program, so no write here is `unknown` to its caller.
 */
export function stepOutcomes(steps: readonly LabStep[]): (StepOutcome | null)[] {
  return steps.map((step, i) => {
    const write = writeKind(step.sql);
    if (!write || i === 0) return null;
    const params = step.params ?? {};
    const judged = rowOf(steps[i - 1].table, params.run);
    const after = rowOf(step.table, params.run);
    if (!judged || !after) return null;
    if (write === 'claim') {
      const database = claimOutcome(step.changed, judged);
      return { write, kind: database.kind, notHeld: notHeld(database) };
    }
    const owner = String(params.owner ?? '');
    const token = Number(params.token);
    const now = Number(params.now);
    // The conditions the learner's own statement checks, for telling a retry from a refusal.
    const present = FINISH_CONDITIONS.filter((c) => !missingConditions(step.sql).includes(c)).map(
      (c) => RULEBOOK[c],
    );
    const database = commitOutcome({
      changed: step.changed,
      judged,
      after,
      conditions: COMMIT_CONDITIONS,
      owner,
      token,
      now,
      landed:
        write === 'finish' && step.changed === 0 && finishLanded(present, judged, owner, token),
    });
    return { write, kind: database.kind, notHeld: notHeld(database) };
  });
}

function notHeld(database: ObservedWrite['database']): readonly string[] {
  return 'checked' in database
    ? database.checked.filter((c) => !c.held).map((c) => c.condition)
    : [];
}
