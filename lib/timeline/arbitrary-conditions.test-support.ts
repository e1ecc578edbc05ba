import fc from 'fast-check';
import { COMMIT_CONDITIONS, type ClaimCondition, type RunCondition } from '@/lib/lease';
import { entryArbitrary } from '@/lib/lease/arbitrary-kinds.test-support';
import type { ScenarioConditions } from './types';

/*
 * Random picks from the rulebook's condition catalogue, as the builder and a share link may
 * carry them (scenario-conditions.ts's schema), for property tests (not shipped to the page):
 * each condition kind draws its own (lib/lease/arbitrary-kinds.test-support.ts).
 */

/** One condition a renew or finish may pick. */
const commitConditionArbitrary: fc.Arbitrary<RunCondition> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...COMMIT_CONDITIONS) },
  { weight: 5, arbitrary: entryArbitrary('commit') },
);

/** One condition a claim may pick. */
const claimConditionArbitrary: fc.Arbitrary<ClaimCondition> = entryArbitrary('claim');

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
