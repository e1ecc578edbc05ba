import fc from 'fast-check';
import {
  CLAIM_READ_COLUMNS,
  COMMIT_CONDITIONS,
  FINGERPRINT_COLUMNS,
  RUN_COLUMNS,
  RUN_STATUSES,
  type ClaimCondition,
  type RunCondition,
} from '@/lib/lease';
import type { ScenarioConditions } from './types';

/*
 * Random picks from the rulebook's condition catalogue (lib/lease/catalogue.ts), as the builder
 * and a share link may carry them (scenario-conditions.ts's schema), for property tests (not
 * shipped to the page).
 */

const statuses = fc.subarray([...RUN_STATUSES], { minLength: 1 });

/** One condition a renew or finish may pick. */
const commitConditionArbitrary: fc.Arbitrary<RunCondition> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...COMMIT_CONDITIONS) },
  { weight: 1, arbitrary: statuses.map((s) => ({ kind: 'status-in' as const, statuses: s })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'attempt' as const }) },
  {
    weight: 2,
    arbitrary: fc
      .shuffledSubarray([...FINGERPRINT_COLUMNS], { minLength: 1 })
      .map((columns) => ({ kind: 'fingerprint' as const, columns })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...RUN_COLUMNS)
      .map((column) => ({ kind: 'as-read' as const, column })),
  },
);

/** One condition a claim may pick. */
const claimConditionArbitrary: fc.Arbitrary<ClaimCondition> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'claimable' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'lease-expired' as const }) },
  { weight: 2, arbitrary: statuses.map((s) => ({ kind: 'status-in' as const, statuses: s })) },
  // A compare-and-set claim: its write compares a column with what its read returned.
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...CLAIM_READ_COLUMNS)
      .map((column) => ({ kind: 'as-read' as const, column })),
  },
);

const same = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A scenario's own conditions: each of claim, renew and finish keeps the design's own (two times
 * in three) or takes a random list (a renew or finish list may be empty: the run id alone).
 */
export function conditionsArbitrary(): fc.Arbitrary<ScenarioConditions | undefined> {
  // Each list is the design's own two times in three, so the design's rules stay exercised too.
  const list = <T>(one: fc.Arbitrary<T>, minLength: number) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.uniqueArray(one, { minLength, maxLength: 3, comparator: same }),
      },
    );
  return fc
    .record({
      claim: list(claimConditionArbitrary, 1),
      renew: list(commitConditionArbitrary, 0),
      finish: list(commitConditionArbitrary, 0),
    })
    .map(({ claim, renew, finish }) =>
      claim || renew || finish
        ? {
            ...(claim ? { claim } : {}),
            ...(renew ? { renew } : {}),
            ...(finish ? { finish } : {}),
          }
        : undefined,
    );
}
