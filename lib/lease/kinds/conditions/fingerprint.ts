import { z } from 'zod';
import type { CheckResult, CheckValue, RowState, Vocabulary } from '@/lib/lease/decision';
import {
  claimValue,
  columnSql,
  columnValue,
  FINGERPRINT_COLUMNS,
  type FingerprintColumn,
  type RunColumn,
  type WriterFacts,
} from '@/lib/lease/run-columns';
import { checked, distinctChoices, inOrder, once, type ConditionKind, type WordKit } from './kind';

/** A tuple of columns the writer's claim left (attempt, claimed_by, claimed_at, attempted_at), compared as one. */
export interface FingerprintCondition {
  kind: 'fingerprint';
  columns: readonly FingerprintColumn[];
}

/** A fingerprint of these columns, in this order. */
export function fingerprint(columns: readonly FingerprintColumn[]): FingerprintCondition {
  return { kind: 'fingerprint', columns };
}

/** The run row's column behind a fingerprint column. */
function rowColumn(c: FingerprintColumn): RunColumn {
  return c === 'claimed_by' ? 'owner' : c;
}

/** The parameter a fingerprint column is bound as: the writer's own name, or its claim's value. */
function param(c: FingerprintColumn): string {
  return c === 'claimed_by' ? '$owner' : `$${c}`;
}

/** What the writer expects of one fingerprint column, and what the row holds. */
function pair(c: FingerprintColumn, row: RowState, w: WriterFacts): [CheckValue, CheckValue] {
  if (c === 'claimed_by') return [w.owner, row.owner];
  return [claimValue(c, w.claim), columnValue(c, row)];
}

/** "(attempt, claimed_at)": its columns ("attempt column" beside a token so named). */
function columnsName(c: CheckResult, v: Vocabulary, k: WordKit): string {
  // claimed_by is the owner column as the claim left it: the row and the WHERE call it owner.
  const names = (c.fields ?? []).map((f) => k.columnName(f === 'claimed_by' ? 'owner' : f, v));
  return names.length === 1 && c.fields?.[0] !== 'claimed_by' ? names[0] : `(${names.join(', ')})`;
}

const schema = z.object({
  kind: z.literal('fingerprint'),
  columns: distinctChoices(FINGERPRINT_COLUMNS, {
    empty: 'a fingerprint compares at least one column',
    twice: 'a column is compared once',
  }),
});

export const fingerprintKind: ConditionKind<FingerprintCondition, 'fingerprint'> = {
  id: 'fingerprint',
  check: 'fingerprint',
  sql: (c, t) => {
    const cols = c.columns.map((x) => columnSql(rowColumn(x), t));
    const params = c.columns.map(param);
    return cols.length === 1
      ? `${cols[0]} = ${params[0]}`
      : `(${cols.join(', ')}) = (${params.join(', ')})`;
  },
  comparison: (c, t) =>
    c.columns.length === 1
      ? { column: columnSql(rowColumn(c.columns[0]), t), operator: '=' }
      : null,
  columns: (c) => c.columns.map(rowColumn),
  params: (c, w) =>
    Object.fromEntries(
      c.columns.flatMap((x) => (x === 'claimed_by' ? [] : [[x, claimValue(x, w.claim)]])),
    ),
  judge: (c, row, w) => {
    const pairs = c.columns.map((x) => pair(x, row, w));
    const held = pairs.every(([e, a]) => e !== null && e === a);
    const values = (i: 0 | 1) => pairs.map((p) => p[i] ?? 'none') as (string | number)[];
    return { ...checked('fingerprint', 'equals', values(0), values(1), held), fields: c.columns };
  },
  noun: (c) => (c.columns.length === 1 ? c.columns[0] : `(${c.columns.join(', ')})`),
  problem: (c, statement) =>
    c.columns.length === 0
      ? `The ${statement}'s fingerprint has no column.`
      : once(c.columns)
        ? null
        : `The ${statement}'s fingerprint names a column twice.`,
  schema: { commit: schema },
  menu: {
    commit: {
      label: 'fingerprint: columns as the writer’s claim left them',
      // Its first column alone, the attempt: every claim changes it.
      initial: fingerprint(FINGERPRINT_COLUMNS.slice(0, 1)),
    },
  },
  editor: (c, statement) => ({
    legend: `Columns of the ${statement}’s fingerprint`,
    many: true,
    options: FINGERPRINT_COLUMNS,
    chosen: c.columns,
    with: (chosen) => fingerprint(inOrder(FINGERPRINT_COLUMNS, chosen)),
  }),
  random: { commit: { weight: 2, draw: (r) => fingerprint(r.some(FINGERPRINT_COLUMNS, true)) } },
  words: {
    identifiesClaim: true,
    label: (c, v, k) => columnsName(c, v, k),
    fact: (c, d, v, k) =>
      c.held
        ? `${columnsName(c, v, k)} was ${k.tuple(c.actual)}, as ${d.writer}'s claim left it`
        : `${columnsName(c, v, k)} is ${k.tuple(c.actual)}, ${d.writer}'s claim left ${k.tuple(c.expected)}`,
    rule: 'A fingerprint is the values the writer’s own claim left in the row, compared as one: a later claim leaves other values, so the old holder matches no row. It is only as strong as its columns: one that a later claim may leave the same (the owner, when the same worker claims again) tells the two claims apart only with the others.',
  },
};
