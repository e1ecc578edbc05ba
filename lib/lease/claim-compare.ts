import { conditionsWhere, type ClaimCondition } from './catalogue';
import { RUNS_TABLE, type RunTable } from './conditions';
import type { RowState } from './decision';
import { kindOf, type AsReadCondition } from './kinds/conditions';
import {
  columnSql,
  columnValue,
  readParam,
  ROW_FIELD,
  RUN_COLUMNS,
  type RunColumn,
} from './run-columns';

/*
 * The compare-and-set claim: a claim whose conditions compare a value as read is two statements.
 * Its read (the first) checks the claim's other conditions and returns the compared columns; its
 * write (the second) changes the row only where each compared column still holds the value read
 * (`fence = $read_fence`). A claimer whose read went stale (another worker claimed in between)
 * matches no row, where a select-then-update claim, which trusts its read, takes the run twice.
 */

export { CLAIM_READ_COLUMNS, type ClaimReadColumn } from './run-columns';

/** A claim condition that compares a column with the claim's own read. */
type ClaimAsRead = AsReadCondition;

/** The column a claim condition compares with the claim's own read, or null. */
function comparedColumn(c: ClaimCondition): RunColumn | null {
  return kindOf(c).comparedAsRead?.(c) ?? null;
}

/** A claim's conditions by the statement that tests them: the read's, and what the write compares. */
export function splitClaimConditions(conditions: readonly ClaimCondition[]): {
  read: ClaimCondition[];
  compare: ClaimAsRead[];
} {
  return {
    read: conditions.filter((c) => comparedColumn(c) === null),
    compare: conditions.filter((c): c is ClaimAsRead => comparedColumn(c) !== null),
  };
}

/** Whether a claim's conditions make it read the row first and compare what it read. */
export function claimComparesRead(conditions: readonly ClaimCondition[]): boolean {
  return conditions.some((c) => comparedColumn(c) !== null);
}

/**
 * The WHERE clauses of a claim under its conditions: one (`read` null) for a claim that compares
 * nothing read; else the read's, over the other conditions, and the write's, the run id and the
 * compared columns.
 */
export function claimWheres(
  conditions: readonly ClaimCondition[],
  t: RunTable = RUNS_TABLE,
): { read: string | null; write: string } {
  const { read, compare } = splitClaimConditions(conditions);
  if (compare.length === 0) return { read: null, write: conditionsWhere(conditions, t) };
  return { read: conditionsWhere(read, t), write: conditionsWhere(compare, t) };
}

/**
 * A claim's statements' pieces under its conditions and rule (build.ts writes the SQL around
 * them): the columns its read returns (none: a one-statement claim), the read's WHERE and the
 * write's. A select-then-update claim (`trusting`) reads the fence it will raise and writes by the
 * run id alone, unless it compares what it read.
 */
export function claimClauses(
  conditions: readonly ClaimCondition[],
  trusting: boolean,
  t: RunTable = RUNS_TABLE,
): { readColumns: string[]; readWhere: string; writeWhere: string } {
  const { read, write } = claimWheres(conditions, t);
  const compared = splitClaimConditions(conditions).compare.map(
    (c) => `${columnSql(c.column, t)} AS ${readParam(c.column)}`,
  );
  return {
    readColumns: [...(trusting ? [`${t.fence} AS seen_fence`] : []), ...compared],
    readWhere: read ?? write,
    writeWhere: read !== null || !trusting ? write : `${t.id} = $run`,
  };
}

/**
 * The row as a claim's read returned it, from the columns it named `read_<column>` (a read that
 * returned none of them gives an empty row): what the write's checks of values as read compare.
 */
export function claimReadRow(seen: Readonly<Record<string, unknown>>): Partial<RowState> {
  const row: Record<string, unknown> = {};
  for (const c of RUN_COLUMNS) {
    const value = seen[readParam(c)];
    if (value === undefined || value === null) continue;
    row[ROW_FIELD[c]] = c === 'owner' || c === 'status' ? String(value) : Number(value);
  }
  return row as Partial<RowState>;
}

/** What a claim's write will compare, with the values its read returned (for the read's words). */
export function comparedAsRead(
  conditions: readonly ClaimCondition[],
  seen: Readonly<Record<string, unknown>>,
): { column: RunColumn; value: string | number | null }[] {
  const row = claimReadRow(seen);
  return splitClaimConditions(conditions).compare.map((c) => ({
    column: c.column,
    value: columnValue(c.column, row),
  }));
}
