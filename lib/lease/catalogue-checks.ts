import {
  claimValue,
  columnValue,
  orderedConditions,
  runningOnly,
  type FingerprintColumn,
  type RunCondition,
  type WriterFacts,
} from './catalogue';
import { claimableCheck } from './checks';
import { conditionHolds, type CommitCondition } from './conditions';
import type { CheckResult, CheckValue, RowState } from './decision';

/*
 * The catalogue's checks (lib/lease/catalogue.ts holds the entries and their SQL): each
 * condition judged on the row its statement judged, for the writer, by the same rule as its
 * SQL. The explainer words the CheckResult.
 */

/** What the writer expects of one fingerprint column, and what the row holds. */
function fingerprintPair(
  c: FingerprintColumn,
  row: RowState,
  w: WriterFacts,
): [CheckValue, CheckValue] {
  if (c === 'claimed_by') return [w.owner, row.owner];
  return [claimValue(c, w.claim), columnValue(c, row)];
}

function check(
  name: CheckResult['name'],
  relation: CheckResult['relation'],
  expected: CheckValue,
  actual: CheckValue,
  held: boolean,
): CheckResult {
  return { name, relation, expected, actual, held };
}

function namedCheck(c: CommitCondition, row: RowState, w: WriterFacts): CheckResult {
  const held = conditionHolds(c, row, w.owner, w.token, w.now);
  switch (c) {
    case 'owner':
      return check(c, 'equals', w.owner, row.owner, held);
    case 'fence':
      return check(c, 'equals', w.token, row.fence, held);
    case 'lease':
      return check(c, 'after', w.now, row.leaseUntil, held);
    case 'status':
      return check(c, 'equals', 'running', row.status, held);
  }
}

/** One condition, judged on `row` for the writer: the same rule as its SQL. */
export function conditionCheck(
  condition: RunCondition,
  row: RowState,
  w: WriterFacts,
): CheckResult {
  if (typeof condition === 'string') return namedCheck(condition, row, w);
  switch (condition.kind) {
    case 'status-in':
      if (runningOnly(condition.statuses)) return namedCheck('status', row, w);
      return check(
        'status',
        'one-of',
        condition.statuses,
        row.status,
        condition.statuses.includes(row.status),
      );
    case 'attempt': {
      const [expected, actual] = fingerprintPair('attempt', row, w);
      return check('attempt', 'equals', expected, actual, expected !== null && expected === actual);
    }
    case 'fingerprint': {
      const pairs = condition.columns.map((c) => fingerprintPair(c, row, w));
      const held = pairs.every(([e, a]) => e !== null && e === a);
      const values = (i: 0 | 1) => pairs.map((p) => p[i] ?? 'none') as (string | number)[];
      return {
        ...check('fingerprint', 'equals', values(0), values(1), held),
        fields: condition.columns,
      };
    }
    case 'as-read': {
      const expected = w.read ? columnValue(condition.column, w.read) : null;
      const actual = columnValue(condition.column, row);
      return {
        ...check('as-read', 'equals', expected, actual, expected !== null && expected === actual),
        field: condition.column,
      };
    }
    case 'claimable':
      return claimableCheck(row, w.now);
    case 'lease-expired':
      return check('lease', 'not-after', w.now, row.leaseUntil, row.leaseUntil <= w.now);
  }
}

/** Each condition a statement checks, in its SQL's order, judged on `row` for the writer. */
export function conditionChecks(
  conditions: readonly RunCondition[],
  row: RowState,
  w: WriterFacts,
): CheckResult[] {
  return orderedConditions(conditions).map((c) => conditionCheck(c, row, w));
}

/** Each condition as a write's outcome records it (outcome.ts): the check's name, and whether it held. */
export function conditionsHeld(
  conditions: readonly RunCondition[],
  row: RowState,
  w: WriterFacts,
): { condition: CheckResult['name']; held: boolean }[] {
  return conditionChecks(conditions, row, w).map((c) => ({ condition: c.name, held: c.held }));
}
