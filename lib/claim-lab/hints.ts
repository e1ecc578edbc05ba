import type { OutputVerdict } from './check';
import {
  COMMIT_CONDITIONS,
  CONDITION_REFUSES as REFUSES,
  conditionSql,
  RUNS_TABLE,
  type CommitCondition,
} from '@/lib/lease';
import { findFinishStatement, missingConditions, type DeletionFindings } from './conditions';
import { finishCoverage, stepOutcomes, type StepOutcome } from './outcomes';
import type { LabRun } from './run-program';

/**
 * Which of the program's statements an exercise's hints analyse. The hint itself is computed
 * from what the run sent, never written per challenge.
 */
export type LabAnalysis =
  /** The finish must carry these conditions in its WHERE. */
  | { kind: 'finish'; required: readonly CommitCondition[] }
  /** Exactly one finish condition must be deleted, and it must be the one that lets the stale finish through. */
  | { kind: 'drop-one' }
  /** The renewal (an UPDATE that sets `lease_until` and not the owner) must carry these conditions. */
  | { kind: 'renew'; required: readonly CommitCondition[] }
  /** A read decides, a later write acts: every read must come before any write. */
  | { kind: 'read-then-write' };

/** A hint after a failed attempt: what to look at, and the program line when known. */
export interface LabHint {
  text: string;
  line: number | null;
  /** The condition the hint is about, when it is about one. */
  condition?: CommitCondition;
}

/** A condition as the program writes it: the rulebook's SQL over the runs table. */
const sqlOf = (c: CommitCondition) => conditionSql(c, RUNS_TABLE);

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** The SET list of an UPDATE (between SET and WHERE/RETURNING), or null for other statements. */
function setClause(sql: string): string | null {
  const match = /^\s*UPDATE\b[\s\S]*?\bSET\b([\s\S]*?)(?:\bWHERE\b|\bRETURNING\b|$)/i.exec(
    stripComments(sql),
  );
  return match ? match[1] : null;
}

/**
 * The program line where a statement is written: the line holding its WHERE (or its first line)
 * when the program spells the SQL out, else the line of the db call that sent it.
 */
function lineOf(source: string, run: LabRun, sql: string): number | null {
  const lines = sql.split('\n').map((l) => l.trim());
  const probe = lines.find((l) => /\bWHERE\b/i.test(l)) ?? lines[0];
  if (probe) {
    const at = source.split('\n').findIndex((l) => l.includes(probe));
    if (at !== -1) return at + 1;
  }
  return run.steps.find((s) => s.sql === sql)?.line ?? null;
}

const list = (conditions: readonly CommitCondition[]) =>
  conditions.map((c) => `\`${sqlOf(c)}\``).join(' and ');

/**
 * `SET a = $a AND b = $b` is valid SQL that assigns one boolean: the commonest
 * silent slip. The hint names the column that gets 0 or 1 and the ones never set.
 */
function setWithAnd(source: string, run: LabRun): LabHint | null {
  for (const sql of run.statements) {
    const set = setClause(sql);
    if (!set) continue;
    // The assignment holding the AND: `col = expr AND other = value`.
    const slip = set
      .split(',')
      .map((part) => /^\s*(\w+)\s*=\s*([\s\S]*?\bAND\b[\s\S]*?)\s*$/i.exec(part))
      .find((m) => m !== null);
    if (!slip) continue;
    const [, column, expr] = slip;
    const flat = expr.replace(/\s+/g, ' ');
    const unset = [...flat.matchAll(/\bAND\s+(\w+)\s*=/gi)].map((m) => `\`${m[1]}\``);
    const never = unset.length
      ? `, and ${unset.join(' and ')} ${unset.length === 1 ? 'is' : 'are'} not set at all`
      : '';
    return {
      line: lineOf(source, run, sql),
      text: `The SET list joins assignments with AND. That is valid SQL, so it runs, but SQLite reads it as one assignment, \`${column} = (${flat})\`: ${column} gets the true/false value 0 or 1${never}. Separate assignments with commas (\`SET a = 1, b = 2\`); conditions belong in the WHERE.`,
    };
  }
  return null;
}

function findRenew(statements: readonly string[]): string | undefined {
  return statements.find((sql) => {
    const set = setClause(sql);
    return set !== null && /\b(lease_)?until\s*=/i.test(set) && !/\bowner\s*=/i.test(set);
  });
}

function conditionsHint(
  source: string,
  run: LabRun,
  sql: string,
  required: readonly CommitCondition[],
  what: string,
): LabHint | null {
  const missing = missingConditions(sql).filter((c) => required.includes(c));
  const line = lineOf(source, run, sql);
  if (missing.length === 0) return null;
  const first = missing[0];
  return {
    line,
    condition: first,
    text: `Look at ${what}'s WHERE${line ? ` (line ${line})` : ''}: it has no ${list(missing)}. \`${sqlOf(first)}\` is what refuses ${REFUSES[first]}.`,
  };
}

/**
 * The rulebook's sentence on the stale finish: the first finish by a writer whose token is no
 * longer the run's (explain() on the decision; null when no such finish reached the row).
 */
function staleFinishSentence(run: LabRun): string | null {
  const stale = stepOutcomes(run.steps).find(
    (o): o is StepOutcome =>
      o !== null && o.write === 'finish' && o.decision.token !== o.decision.authority.token,
  );
  return stale ? stale.sentence : null;
}

function dropOneHint(source: string, run: LabRun, findings: DeletionFindings): LabHint {
  const finish = findFinishStatement(run.statements);
  if (!finish)
    return {
      line: null,
      text: "No finish reached the database: keep the UPDATE that sets status = 'done' and delete only one condition from its WHERE.",
    };
  const line = lineOf(source, run, finish);
  const missing = missingConditions(finish);
  const where = line ? ` (line ${line})` : '';
  // What became of the old process's finish, and which check decided it, in the rulebook's words.
  const stale = staleFinishSentence(run);
  const told = stale ? ` ${stale}` : '';
  if (missing.length === 0)
    return {
      line,
      text: `FINISH's WHERE${where} still has all four conditions.${told} Delete one of ${list(COMMIT_CONDITIONS)}, then run.`,
    };
  if (missing.length > 1)
    return {
      line,
      text: `FINISH's WHERE${where} is missing ${list(missing)}. Delete only one condition at a time, so you can tell which one matters.`,
    };
  const untried = COMMIT_CONDITIONS.filter((c) => c !== missing[0] && !findings[c]);
  return {
    line,
    condition: missing[0],
    text: `Without \`${sqlOf(missing[0])}\`:${told} Put it back and delete ${untried.length > 0 ? `one you have not tried: ${list(untried).replace(/ and /g, ' or ')}` : 'another one'}.`,
  };
}

function readThenWriteHint(run: LabRun): LabHint | null {
  const isRead = (sql: string) => /^\s*SELECT\b/i.test(stripComments(sql));
  const isWrite = (sql: string) => /^\s*UPDATE\b/i.test(stripComments(sql));
  const firstWrite = run.statements.findIndex(isWrite);
  if (firstWrite === -1) return null;
  const lateReads = run.statements.slice(firstWrite + 1).filter(isRead).length;
  if (lateReads === 0) return null;
  // Only writes leave a step, so the line named is the first UPDATE's.
  const step = run.steps.find((s) => isWrite(s.sql));
  const line = step?.from?.line ?? step?.line ?? null;
  return {
    line,
    text: `${lateReads === 1 ? 'A read runs' : `${lateReads} reads run`} after the first UPDATE${line ? ` (line ${line})` : ''} has taken the run, so ${lateReads === 1 ? 'it sees' : 'they see'} the run taken. Move every read before that UPDATE.`,
  };
}

/**
 * A hint for a failed run, computed from the statements it sent: a SET list joined with AND,
 * then what the exercise's analysis finds missing, then the first output line that differs.
 * Returns null when the run passed or stopped with an error (the error says where to look).
 */
export function hintForRun(
  analysis: LabAnalysis | undefined,
  source: string,
  run: LabRun,
  verdict: OutputVerdict,
  findings: DeletionFindings = {},
): LabHint | null {
  if (verdict.passed || run.error) return null;
  const slip = setWithAnd(source, run);
  if (slip) return slip;
  let found: LabHint | null = null;
  if (analysis?.kind === 'drop-one') found = dropOneHint(source, run, findings);
  if (analysis?.kind === 'finish') {
    const finish = findFinishStatement(run.statements);
    found = finish ? conditionsHint(source, run, finish, analysis.required, 'FINISH') : null;
  }
  if (analysis?.kind === 'renew') {
    const renew = findRenew(run.statements);
    found = renew
      ? conditionsHint(source, run, renew, analysis.required, 'your renewal')
      : {
          line: null,
          text: 'renew() sends no UPDATE of lease_until yet: write one UPDATE runs SET lease_until = $now + $lease, with the conditions in its WHERE, and return the rows it changed.',
        };
  }
  if (analysis?.kind === 'read-then-write') found = readThenWriteHint(run);
  if (found) return found;
  const wrong = verdict.lines.find((l) => !l.ok);
  if (!wrong) return null;
  // What the learner's FINISH checks, from the rulebook's decision on it: never "all there"
  // when a condition is missing.
  const coverage = finishCoverage(run.steps);
  const lead = coverage?.missing.length ? coverage.text : 'The conditions are all there.';
  return {
    line: null,
    text: `${lead} Compare the first line that differs: expected ${wrong.expected === null ? 'nothing' : `“${wrong.expected}”`}, printed ${wrong.actual === null ? 'nothing' : `“${wrong.actual}”`}. Check each comparison's direction (> or <=) and which value it uses.`,
  };
}
