import { z } from 'zod';
import type { CheckResult, Vocabulary } from '@/lib/lease/decision';
import {
  CLAIM_READ_COLUMNS,
  columnSql,
  columnValue,
  readParam,
  RUN_COLUMNS,
  type RunColumn,
} from '@/lib/lease/run-columns';
import { checked, type ConditionKind, type WordKit } from './kind';

/**
 * A column still holds the value read earlier (`attempted_at = $read_attempted_at`): a rescuer's
 * re-queue, or a claim's write after its own read (compare-and-set, claim-compare.ts).
 */
export interface AsReadCondition {
  kind: 'as-read';
  column: RunColumn;
}

/** The column `column`, equal to the value read. */
export function asRead(column: RunColumn): AsReadCondition {
  return { kind: 'as-read', column };
}

/** The column the check compared: "owner", "fence", "lease end", "attempted_at". */
function fieldName(c: CheckResult, v: Vocabulary, k: WordKit): string {
  return k.readColumnName(c.field ?? 'value', v);
}

export const asReadKind: ConditionKind<AsReadCondition, 'as-read'> = {
  id: 'as-read',
  check: 'as-read',
  sql: (c, t) => `${columnSql(c.column, t)} = $${readParam(c.column)}`,
  comparison: (c, t) => ({ column: columnSql(c.column, t), operator: '=' }),
  columns: (c) => [c.column],
  params: (c, w) => ({ [readParam(c.column)]: w.read ? columnValue(c.column, w.read) : null }),
  judge: (c, row, w) => {
    const expected = w.read ? columnValue(c.column, w.read) : null;
    const actual = columnValue(c.column, row);
    const held = expected !== null && expected === actual;
    return { ...checked('as-read', 'equals', expected, actual, held), field: c.column };
  },
  noun: (c) => `${c.column} as read`,
  // A claim's read keeps what it returned as numbers (the checker's state): no owner, no status.
  problem: (c, statement) =>
    statement === 'claim' && !(CLAIM_READ_COLUMNS as readonly string[]).includes(c.column)
      ? `A claim cannot compare the ${c.column} as read.`
      : null,
  schema: {
    claim: z.object({ kind: z.literal('as-read'), column: z.enum(CLAIM_READ_COLUMNS) }),
    commit: z.object({ kind: z.literal('as-read'), column: z.enum(RUN_COLUMNS) }),
  },
  // Only a claim picks it: a holder reads nothing before its renew or finish, so the value it
  // would compare is missing. A value as read starts as the fence: every claim raises it.
  menu: {
    claim: {
      label: 'as read: a column still holds what the claim’s read saw (compare-and-set)',
      initial: asRead('fence'),
    },
  },
  editor: (c, statement) =>
    statement === 'claim'
      ? {
          legend: `Column the ${statement} compares as read`,
          many: false,
          options: CLAIM_READ_COLUMNS,
          chosen: [c.column],
          with: ([column]) => asRead(column as RunColumn),
        }
      : null,
  random: {
    claim: { weight: 2, draw: (r) => asRead(r.pick(CLAIM_READ_COLUMNS)) },
    commit: { weight: 1, draw: (r) => asRead(r.pick(RUN_COLUMNS)) },
  },
  comparedAsRead: (c) => c.column,
  words: {
    label: (c, v, k) => `${fieldName(c, v, k)} changed since the read`,
    fact: (c, d, v, k) =>
      c.held
        ? `the ${fieldName(c, v, k)} was still ${k.who(c.expected)}, as read`
        : `the ${fieldName(c, v, k)} is ${k.who(c.actual)}, ${d.writer} read ${k.who(c.expected)}`,
    rule: 'The write compares what its writer read: a run that changed since the read (another claim, a finish) matches no row, so the write cannot undo newer work.',
  },
};
