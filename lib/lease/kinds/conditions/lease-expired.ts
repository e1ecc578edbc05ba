import { z } from 'zod';
import { checked, type ConditionKind } from './kind';

/** For a claim: the lease has run out (`lease_until <= $now`, the 'lease' fragment negated). */
export interface LeaseExpiredCondition {
  kind: 'lease-expired';
}

const LEASE_EXPIRED: LeaseExpiredCondition = { kind: 'lease-expired' };

export const leaseExpiredKind: ConditionKind<LeaseExpiredCondition, 'lease'> = {
  id: 'lease-expired',
  check: 'lease',
  sql: (_, t) => `${t.leaseUntil} <= $now`,
  comparison: (_, t) => ({ column: t.leaseUntil, operator: '<=' }),
  columns: () => [],
  params: () => ({}),
  judge: (_, row, w) =>
    checked('lease', 'not-after', w.now, row.leaseUntil, row.leaseUntil <= w.now),
  noun: () => 'lease run out',
  problem: () => null,
  schema: { claim: z.object({ kind: z.literal('lease-expired') }) },
  menu: { claim: { label: 'lease run out: the lease has ended', initial: LEASE_EXPIRED } },
  random: { claim: { weight: 1, draw: () => LEASE_EXPIRED } },
};
