import fc from 'fast-check';
import type { ClaimCondition } from './catalogue';
import {
  conditionDraws,
  type CatalogueEntry,
  type ConditionPlace,
  type ConditionRandom,
} from './kinds/conditions';

/*
 * Random condition entries for property tests (not shipped to the page): each condition kind
 * draws its own (lib/lease/kinds/conditions), with its weight, so a new kind is drawn, its SQL
 * held to its check and its words tested, without editing a test.
 */

/**
 * A kind's draw as an arbitrary: its random choices read from numbers fast-check draws (so they
 * shrink toward the first items). Not fc.gen: its values carry fast-check's clone symbol, so a
 * parsed copy of a scenario would not equal the scenario.
 */
function kindArbitrary<C>(draw: (r: ConditionRandom) => C): fc.Arbitrary<C> {
  return fc.array(fc.nat({ max: 1 << 16 }), { minLength: 16, maxLength: 16 }).map((ns) => {
    let i = 0;
    const next = () => ns[i++ % ns.length];
    const pick = <T>(items: readonly T[]) => items[next() % items.length];
    return draw({
      pick,
      some: (items, shuffled = false) => {
        const chosen = items.filter(() => next() % 2 === 1);
        const some = chosen.length ? chosen : [pick(items)];
        if (!shuffled) return some;
        // Fisher-Yates with the drawn numbers.
        for (let j = some.length - 1; j > 0; j--) {
          const k = next() % (j + 1);
          [some[j], some[k]] = [some[k], some[j]];
        }
        return some;
      },
    });
  });
}

/** One catalogue entry a claim (or a renew or finish) may carry, of any kind, by its weight. */
export function entryArbitrary(place: 'claim'): fc.Arbitrary<ClaimCondition>;
export function entryArbitrary(place: 'commit'): fc.Arbitrary<CatalogueEntry>;
export function entryArbitrary(place: ConditionPlace): fc.Arbitrary<CatalogueEntry> {
  return fc.oneof(
    ...conditionDraws(place).map((k) => ({ weight: k.weight, arbitrary: kindArbitrary(k.draw) })),
  );
}
