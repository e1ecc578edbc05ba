import { z } from 'zod';
import { claimState } from '@/lib/lease/checks';
import { claimableSql } from '@/lib/lease/conditions';
import { checked, type ConditionKind } from './kind';

/** For a claim: the lesson's claimable test (queued, or running with its lease run out). */
export interface ClaimableCondition {
  kind: 'claimable';
}

/** The lesson's claimable test. */
export const CLAIMABLE: ClaimableCondition = { kind: 'claimable' };

export const claimableKind: ConditionKind<ClaimableCondition, 'claimable'> = {
  id: 'claimable',
  check: 'claimable',
  sql: (_, t) => claimableSql(t),
  comparison: () => null,
  columns: () => [],
  params: () => ({}),
  judge: (_, row, w) => {
    const actual = claimState(row, w.now);
    const held = actual === 'queued' || actual === 'expired';
    return checked('claimable', 'one-of', ['queued', 'expired'], actual, held);
  },
  noun: () => 'claimable test (queued, or its lease run out)',
  problem: () => null,
  schema: { claim: z.object({ kind: z.literal('claimable') }) },
  menu: {
    claim: {
      label: 'claimable: queued, or its lease has run out (the lesson’s)',
      initial: CLAIMABLE,
    },
  },
  random: { claim: { weight: 2, draw: () => CLAIMABLE } },
  words: {
    label: (c) => (c.actual === 'held' ? 'lease held' : 'status'),
    fact: (c, d, v, k) => k.claimStateFact(c, d, v),
    rule: 'A claim succeeds only on a queued run or an expired lease: a valid lease held by someone else blocks it, and a final state (done, canceled, failed) is never claimed again.',
  },
};
