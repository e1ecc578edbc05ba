import type { RowState } from './decision';

/*
 * The run table's columns (the lesson's runs table, the old jobs table), as the condition kinds
 * compare them (lib/lease/kinds/conditions): their names in a table, their values in a row as a
 * decision sees it, and what a writer binds.
 */

/** The columns of a run table: the lesson's `runs` table, or the Python demo's `jobs` table. */
export interface RunTable {
  name: string;
  id: string;
  owner: string;
  leaseUntil: string;
  fence: string;
  status: string;
  /** The status word of a run waiting for its first claim. */
  queued: string;
  /**
   * Columns a claim records when a design's conditions compare them (lib/lease/catalogue.ts):
   * the claims made, the claimer's own clock and database time at the last claim.
   */
  attempt?: string;
  claimedAt?: string;
  attemptedAt?: string;
}

/** The lesson's run table. */
export const RUNS_TABLE: RunTable = {
  name: 'runs',
  id: 'run_id',
  owner: 'owner',
  leaseUntil: 'lease_until',
  fence: 'fence',
  status: 'status',
  queued: 'queued',
  attempt: 'attempt',
  claimedAt: 'claimed_at',
  attemptedAt: 'attempted_at',
};

/** The old claim lab's names for the runs table, kept only to read lab programs saved before it used the runs table. */
export const JOBS_TABLE: RunTable = {
  name: 'jobs',
  id: 'id',
  owner: 'owner',
  leaseUntil: 'until',
  fence: 'fence',
  status: 'state',
  queued: 'ready',
};

/**
 * The claim column that counts a run's claims: every claim raises it. A job queue's own name
 * for its token (Oban's `attempt`), so a case file names its token by this column.
 */
export const ATTEMPT_COLUMN = 'attempt';

/** Columns a claim records only in a design that uses them (its conditions, or a rescuer's). */
export const CLAIM_COLUMNS = [ATTEMPT_COLUMN, 'claimed_at', 'attempted_at'] as const;
export type ClaimColumn = (typeof CLAIM_COLUMNS)[number];

/** What a claim sets in each claim column: one more claim, the claimer's `$clock`, database time. */
export const CLAIM_COLUMN_SET: Readonly<Record<ClaimColumn, 'count' | 'clock' | 'now'>> = {
  attempt: 'count',
  claimed_at: 'clock',
  attempted_at: 'now',
};

/** Every column of the run row a condition can compare, in the row's order. */
export const RUN_COLUMNS = ['owner', 'fence', 'lease', 'status', ...CLAIM_COLUMNS] as const;
export type RunColumn = (typeof RUN_COLUMNS)[number];

/** The columns a claim may compare as read: numbers every claim changes or may change. */
export const CLAIM_READ_COLUMNS = [
  'fence',
  'lease',
  ...CLAIM_COLUMNS,
] as const satisfies readonly RunColumn[];
export type ClaimReadColumn = (typeof CLAIM_READ_COLUMNS)[number];

/** The columns a fingerprint may hold: claimed_by is the owner column as the claim left it. */
export const FINGERPRINT_COLUMNS = ['attempt', 'claimed_by', 'claimed_at', 'attempted_at'] as const;
export type FingerprintColumn = (typeof FINGERPRINT_COLUMNS)[number];

/** What the writer's own claim left in the row (the values a fingerprint compares). */
export type ClaimValues = Partial<Pick<RowState, 'attempt' | 'claimedAt' | 'attemptedAt'>>;

/** Everything a writer binds into a run-row condition. */
export interface WriterFacts {
  owner: string;
  token: number;
  now: number;
  /** What its own claim left in the row, for an attempt or a fingerprint. */
  claim?: ClaimValues;
  /** The row as it read it earlier, for a value as read (a claim's read returns only what it compares). */
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
  const name = t[ROW_FIELD[column] as keyof RunTable];
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

/** The value the writer's own claim left in a claim column (null: none). */
export function claimValue(column: ClaimColumn, claim: ClaimValues | undefined): number | null {
  return claim?.[CLAIM_FIELD[column]] ?? null;
}

/** How a one-column condition compares: its column in the table, and the operator its SQL uses. */
export interface ColumnComparison {
  column: string;
  operator: '=' | '>' | '<=' | 'IN';
}
