import { z } from 'zod';
import { claimValue, columnSql, columnValue } from '@/lib/lease/run-columns';
import { checked, type ConditionKind } from './kind';

/** The attempt number is still the one the writer's own claim left. */
export interface AttemptCondition {
  kind: 'attempt';
}

/** The attempt check. */
export const ATTEMPT: AttemptCondition = { kind: 'attempt' };

export const attemptKind: ConditionKind<AttemptCondition, 'attempt'> = {
  id: 'attempt',
  check: 'attempt',
  sql: (_, t) => `${columnSql('attempt', t)} = $attempt`,
  comparison: (_, t) => ({ column: columnSql('attempt', t), operator: '=' }),
  columns: () => ['attempt'],
  params: (_, w) => ({ attempt: claimValue('attempt', w.claim) }),
  judge: (_, row, w) => {
    const expected = claimValue('attempt', w.claim);
    const actual = columnValue('attempt', row);
    return checked('attempt', 'equals', expected, actual, expected !== null && expected === actual);
  },
  noun: () => 'attempt',
  problem: () => null,
  schema: { commit: z.object({ kind: z.literal('attempt') }) },
  menu: { commit: { label: 'attempt: the attempt the writer’s claim left', initial: ATTEMPT } },
  random: { commit: { weight: 1, draw: () => ATTEMPT } },
  words: {
    identifiesClaim: true,
    label: (_, v, k) => k.columnName('attempt', v),
    noun: (v, k) => k.columnName('attempt', v),
    fact: (c, d, v, k) =>
      c.held
        ? `the ${k.columnName('attempt', v)} was ${c.actual}`
        : `the ${k.columnName('attempt', v)} is ${c.actual}, ${d.writer}'s claim left ${c.expected ?? 'none'}`,
    rule: 'The attempt number counts the claims of a run: every claim raises it, so a writer from an older attempt matches no row.',
  },
};
