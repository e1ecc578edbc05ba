import {
  claimableSql,
  COMMIT_CONDITIONS,
  commitWhere,
  conditionSql,
  RUNS_TABLE,
} from './conditions';
import type { CommitCondition, RunTable } from './conditions';
import type { RowState } from './decision';
import type { RunStatus } from './types';

/*
 * The condition catalogue: every condition a design's claim, renew or finish may put in its
 * WHERE clause, as data the learner picks from. One entry gives the SQL fragment, the check it
 * records (expected and actual, judged on the row the statement judged) and, through the
 * explainer, its words. The lesson's four named fragments ('owner', 'fence', 'lease',
 * 'status') are entries written by name; the rest are objects:
 *   - status in a set ('status' is the set {running});
 *   - attempt equals (the attempt the writer's own claim left);
 *   - a fingerprint: a tuple of columns the writer's claim left (attempt, claimed_by,
 *     claimed_at, attempted_at), compared as one;
 *   - a value equal to one read earlier (`attempted_at = :read.attempted_at`);
 *   - for a claim: the lesson's claimable test (queued, or running with its lease run out), and
 *     a lease run out (`lease_until <= $now`, the 'lease' fragment negated).
 */

/** Columns a claim records only in a design that uses them (its conditions, or a rescuer's). */
export const CLAIM_COLUMNS = ['attempt', 'claimed_at', 'attempted_at'] as const;
export type ClaimColumn = (typeof CLAIM_COLUMNS)[number];

/** Every column of the run row a condition can compare, in the row's order. */
export const RUN_COLUMNS = ['owner', 'fence', 'lease', 'status', ...CLAIM_COLUMNS] as const;
export type RunColumn = (typeof RUN_COLUMNS)[number];

/** The columns a fingerprint may hold: claimed_by is the owner column as the claim left it. */
export const FINGERPRINT_COLUMNS = ['attempt', 'claimed_by', 'claimed_at', 'attempted_at'] as const;
export type FingerprintColumn = (typeof FINGERPRINT_COLUMNS)[number];

/** A catalogue entry beyond the lesson's four named fragments. */
export type CatalogueEntry =
  | { kind: 'status-in'; statuses: readonly RunStatus[] }
  | { kind: 'attempt' }
  | { kind: 'fingerprint'; columns: readonly FingerprintColumn[] }
  | { kind: 'as-read'; column: RunColumn }
  | { kind: 'claimable' }
  | { kind: 'lease-expired' };

/** One condition of a run-row statement: a named fragment, or a catalogue entry. */
export type RunCondition = CommitCondition | CatalogueEntry;

/**
 * The conditions a claim may pick: the claimer holds no token and no claim of its own yet, so
 * it can compare only the row's status and lease, and what its own read returned (claim-compare.ts).
 */
export type ClaimCondition = Extract<CatalogueEntry, { kind: ClaimConditionKind }>;

/** The kinds of catalogue entry a claim may pick, for a picker and a link's schema. */
export const CLAIM_CONDITION_KINDS = [
  'claimable',
  'lease-expired',
  'status-in',
  'as-read',
] as const;
export type ClaimConditionKind = (typeof CLAIM_CONDITION_KINDS)[number];

/** The lesson's claim: the claimable test alone. Every design that names no claim conditions has it. */
export const LESSON_CLAIM: readonly ClaimCondition[] = [{ kind: 'claimable' }];

/** What the writer's own claim left in the row (the values a fingerprint compares). */
export type ClaimValues = Partial<Pick<RowState, 'attempt' | 'claimedAt' | 'attemptedAt'>>;

/** Everything a writer binds into a run-row condition. */
export interface WriterFacts {
  owner: string;
  token: number;
  now: number;
  /** What its own claim left in the row, for 'attempt' and 'fingerprint'. */
  claim?: ClaimValues;
  /** The row as it read it earlier, for 'as-read' (a claim's read returns only what it compares). */
  read?: Partial<RowState>;
}

/** A claim column's name in a row as a read returns it (RowState's field). */
export const CLAIM_FIELD: Readonly<Record<ClaimColumn, keyof ClaimValues>> = {
  attempt: 'attempt',
  claimed_at: 'claimedAt',
  attempted_at: 'attemptedAt',
};

/** A run column's field in a row as a decision sees it. */
export const ROW_FIELD: Readonly<Record<RunColumn, keyof RowState>> = {
  owner: 'owner',
  fence: 'fence',
  lease: 'leaseUntil',
  status: 'status',
  ...CLAIM_FIELD,
};

/** A column's name in a table; throws when the table has no such column (the jobs table). */
export function columnSql(column: RunColumn, t: RunTable = RUNS_TABLE): string {
  const name =
    column === 'attempt'
      ? t.attempt
      : column === 'claimed_at'
        ? t.claimedAt
        : column === 'attempted_at'
          ? t.attemptedAt
          : t[ROW_FIELD[column] as 'owner' | 'fence' | 'leaseUntil' | 'status'];
  if (!name) throw new Error(`The ${t.name} table has no ${column} column.`);
  return name;
}

/** A column's value in a row as a decision sees it (null: the row does not track it). */
export function columnValue(column: RunColumn, row: Partial<RowState>): string | number | null {
  return row[ROW_FIELD[column]] ?? null;
}

/** The parameter a column read earlier is bound as: `read_fence` (`$read_fence` in the SQL). */
export function readParam(column: RunColumn): string {
  return `read_${column}`;
}

/** The run row's column behind a fingerprint column. */
function fingerprintColumn(c: FingerprintColumn): RunColumn {
  return c === 'claimed_by' ? 'owner' : c;
}

/** The parameter a fingerprint column is bound as: the writer's own name, or its claim's value. */
function fingerprintParam(c: FingerprintColumn): string {
  return c === 'claimed_by' ? '$owner' : `$${c}`;
}

/** The claim columns a condition compares (so the design's claim must record them). */
export function columnsRead(condition: RunCondition): ClaimColumn[] {
  const columns: RunColumn[] =
    typeof condition === 'string' ||
    condition.kind === 'status-in' ||
    condition.kind === 'claimable' ||
    condition.kind === 'lease-expired'
      ? []
      : condition.kind === 'attempt'
        ? ['attempt']
        : condition.kind === 'fingerprint'
          ? condition.columns.map(fingerprintColumn)
          : [condition.column];
  return CLAIM_COLUMNS.filter((c) => columns.includes(c));
}

/** True for a status set that is the lesson's own 'status' fragment ({running}). */
export function runningOnly(statuses: readonly RunStatus[]): boolean {
  return statuses.length === 1 && statuses[0] === 'running';
}

/** One condition as SQL over a run table. */
export function runConditionSql(condition: RunCondition, t: RunTable = RUNS_TABLE): string {
  if (typeof condition === 'string') return conditionSql(condition, t);
  switch (condition.kind) {
    case 'status-in':
      return runningOnly(condition.statuses)
        ? runConditionSql('status', t)
        : `${t.status} IN (${condition.statuses.map((s) => `'${s}'`).join(', ')})`;
    case 'attempt':
      return `${columnSql('attempt', t)} = $attempt`;
    case 'fingerprint': {
      const cols = condition.columns.map((c) => columnSql(fingerprintColumn(c), t));
      const params = condition.columns.map(fingerprintParam);
      return cols.length === 1
        ? `${cols[0]} = ${params[0]}`
        : `(${cols.join(', ')}) = (${params.join(', ')})`;
    }
    case 'as-read':
      return `${columnSql(condition.column, t)} = $${readParam(condition.column)}`;
    case 'claimable':
      return claimableSql(t);
    case 'lease-expired':
      return `${t.leaseUntil} <= $now`;
  }
}

/** How a one-column condition compares: its column in the table, and the operator its SQL uses. */
export interface ColumnComparison {
  column: string;
  operator: '=' | '>' | '<=' | 'IN';
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
  if (typeof condition === 'string') {
    const column =
      t[
        ({ owner: 'owner', fence: 'fence', lease: 'leaseUntil', status: 'status' } as const)[
          condition
        ]
      ];
    return { column, operator: condition === 'lease' ? '>' : '=' };
  }
  switch (condition.kind) {
    case 'status-in':
      return runningOnly(condition.statuses)
        ? columnComparison('status', t)
        : { column: t.status, operator: 'IN' };
    case 'attempt':
      return { column: columnSql('attempt', t), operator: '=' };
    case 'as-read':
      return { column: columnSql(condition.column, t), operator: '=' };
    case 'lease-expired':
      return { column: t.leaseUntil, operator: '<=' };
    case 'fingerprint':
      return condition.columns.length === 1
        ? { column: columnSql(fingerprintColumn(condition.columns[0]), t), operator: '=' }
        : null;
    case 'claimable':
      return null;
  }
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
  const params: Record<string, string | number | null> = {};
  for (const c of conditions) {
    if (typeof c === 'string' || c.kind === 'status-in') continue;
    if (c.kind === 'claimable' || c.kind === 'lease-expired') continue;
    if (c.kind === 'as-read') {
      params[readParam(c.column)] = w.read ? columnValue(c.column, w.read) : null;
      continue;
    }
    const columns: readonly FingerprintColumn[] = c.kind === 'attempt' ? ['attempt'] : c.columns;
    for (const col of columns) if (col !== 'claimed_by') params[col] = claimValue(col, w.claim);
  }
  return params;
}

/** The value the writer's own claim left in a claim column (null: none). */
export function claimValue(column: ClaimColumn, claim: ClaimValues | undefined): number | null {
  return claim?.[CLAIM_FIELD[column]] ?? null;
}

/** The name of the check a condition records (status-in is a 'status' check, lease-expired a 'lease' one). */
export function conditionCheckName(
  condition: RunCondition,
): 'owner' | 'fence' | 'lease' | 'status' | 'attempt' | 'fingerprint' | 'as-read' | 'claimable' {
  if (typeof condition === 'string') return condition;
  if (condition.kind === 'status-in') return 'status';
  return condition.kind === 'lease-expired' ? 'lease' : condition.kind;
}

/** Whether a condition may stand in a claim's list (ClaimCondition). */
export function isClaimCondition(condition: RunCondition): condition is ClaimCondition {
  return (
    typeof condition !== 'string' &&
    (CLAIM_CONDITION_KINDS as readonly string[]).includes(condition.kind)
  );
}

/** Whether two conditions are the same entry (a list holds each once). */
export function sameCondition(a: RunCondition, b: RunCondition): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
