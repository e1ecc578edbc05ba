import { COMMIT_CONDITIONS, commitWhere, conditionSql, RUNS_TABLE } from './conditions';
import type { CommitCondition, RunTable } from './conditions';
import type { CheckName } from './decision';
import { CLAIMABLE, kindOf, kindsIn, type CatalogueEntry } from './kinds/conditions';
import type { ClaimCondition } from './kinds/conditions';
import {
  CLAIM_COLUMNS,
  type ClaimColumn,
  type ColumnComparison,
  type WriterFacts,
} from './run-columns';

/*
 * The condition catalogue: every condition a design's claim, renew or finish may put in its
 * WHERE clause, as data the learner picks from. The lesson's four named fragments ('owner',
 * 'fence', 'lease', 'status') are entries written by name; the rest are objects, each of a kind
 * in lib/lease/kinds/conditions (its SQL, its check on the row, its words, its picker entry).
 * These functions take a list of either and ask each entry's kind.
 */

export {
  ATTEMPT_COLUMN,
  CLAIM_COLUMNS,
  CLAIM_FIELD,
  CLAIM_READ_COLUMNS,
  claimValue,
  columnSql,
  columnValue,
  FINGERPRINT_COLUMNS,
  readParam,
  ROW_FIELD,
  RUN_COLUMNS,
} from './run-columns';
export type {
  ClaimColumn,
  ClaimReadColumn,
  ClaimValues,
  ColumnComparison,
  FingerprintColumn,
  RunColumn,
  WriterFacts,
} from './run-columns';
export type { CatalogueEntry, ClaimCondition } from './kinds/conditions';

/** One condition of a run-row statement: a named fragment, or a catalogue entry. */
export type RunCondition = CommitCondition | CatalogueEntry;

/** The ids of the kinds a claim may pick, in the picker's order. */
export const CLAIM_CONDITION_KINDS = kindsIn('claim').map((k) => k.id);

/** The lesson's claim: the claimable test alone. Every design that names no claim conditions has it. */
export const LESSON_CLAIM: readonly ClaimCondition[] = [CLAIMABLE];

/** The claim columns a condition compares (so the design's claim must record them). */
export function columnsRead(condition: RunCondition): ClaimColumn[] {
  const columns: readonly string[] =
    typeof condition === 'string' ? [] : kindOf(condition).columns(condition);
  return CLAIM_COLUMNS.filter((c) => columns.includes(c));
}

/** One condition as SQL over a run table. */
export function runConditionSql(condition: RunCondition, t: RunTable = RUNS_TABLE): string {
  if (typeof condition === 'string') return conditionSql(condition, t);
  return kindOf(condition).sql(condition, t);
}

/**
 * The column and operator of a condition that compares one column (the named four, status in a
 * set, attempt, a value as read, a lease run out), as its SQL writes them: null for a tuple
 * (fingerprint) and for the claimable test, which compare several. The claim lab recognises a
 * learner's conditions by these.
 */
export function columnComparison(
  condition: RunCondition,
  t: RunTable = RUNS_TABLE,
): ColumnComparison | null {
  if (typeof condition !== 'string') return kindOf(condition).comparison(condition, t);
  const column =
    t[
      ({ owner: 'owner', fence: 'fence', lease: 'leaseUntil', status: 'status' } as const)[
        condition
      ]
    ];
  return { column, operator: condition === 'lease' ? '>' : '=' };
}

/** The conditions in the order their SQL and checks run: the named four first, in the lesson's order. */
export function orderedConditions(conditions: readonly RunCondition[]): RunCondition[] {
  const named = COMMIT_CONDITIONS.filter((c) => conditions.includes(c));
  return [...named, ...conditions.filter((c) => typeof c !== 'string')];
}

/** The WHERE clause of a run-row statement: the run id, then each condition. */
export function conditionsWhere(
  conditions: readonly RunCondition[],
  t: RunTable = RUNS_TABLE,
): string {
  const named = COMMIT_CONDITIONS.filter((c) => conditions.includes(c));
  const entries = conditions.filter((c): c is CatalogueEntry => typeof c !== 'string');
  return [commitWhere(named, t), ...entries.map((c) => runConditionSql(c, t))].join(' AND ');
}

/** The values a writer binds for its conditions (its claim's fingerprint, what it read). */
export function conditionParams(
  conditions: readonly RunCondition[],
  w: WriterFacts,
): Record<string, string | number | null> {
  const entries = conditions.filter((c): c is CatalogueEntry => typeof c !== 'string');
  return Object.assign({}, ...entries.map((c) => kindOf(c).params(c, w)));
}

/** The name of the check a condition records (status in a set is a 'status' check, a lease run out a 'lease' one). */
export function conditionCheckName(condition: RunCondition): CheckName {
  return typeof condition === 'string' ? condition : (kindOf(condition).check as CheckName);
}

/** Whether a condition may stand in a claim's list (ClaimCondition). */
export function isClaimCondition(condition: RunCondition): condition is ClaimCondition {
  return typeof condition !== 'string' && kindOf(condition).schema.claim !== undefined;
}

/** Whether two conditions are the same entry (a list holds each once). */
export function sameCondition(a: RunCondition, b: RunCondition): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
