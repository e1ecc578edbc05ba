import { orderedConditions, type RunCondition, type WriterFacts } from './catalogue';
import { conditionHolds, type CommitCondition } from './conditions';
import type { CheckResult, RowState } from './decision';
import { kindOf } from './kinds/conditions';
import { checked as check } from './kinds/conditions/kind';

/*
 * The catalogue's checks (lib/lease/catalogue.ts holds the list functions, each kind in
 * lib/lease/kinds/conditions its own check): each condition judged on the row its statement
 * judged, for the writer, by the same rule as its SQL. The explainer words the CheckResult.
 */

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
  return kindOf(condition).judge(condition, row, w);
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
