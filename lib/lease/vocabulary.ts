import type { Vocabulary } from './decision';
import type { ResourceFence } from './fence';
import { fenceRules } from './kinds/targets';
import type { FingerprintKind } from './replicated-fence';
import type { LeaseDesign } from './types';

/**
 * The words of the lesson's design run by real processes (the crash lab): its token is the run
 * row's fence, and its times are a real clock's seconds.
 */
export const WALL_CLOCK_VOCABULARY: Vocabulary = { token: 'fence', fenced: true, clock: 'wall' };

function fenceCompares(fence: ResourceFence): boolean {
  return fenceRules(fence).comparesToken(fence);
}

/**
 * A scenario's vocabulary: its token's name, and whether anything it runs compares a token.
 * A design whose statements and targets never look at the fence (lease only) is not fenced,
 * unless the scenario's own resources compare tokens (`resourcesCompareTokens`).
 */
export function designVocabulary(
  design: LeaseDesign,
  names: {
    token?: string;
    carried?: FingerprintKind;
    resources?: Readonly<Record<string, string>>;
    resourcesCompareTokens?: boolean;
  } = {},
): Vocabulary {
  const r = design.rules;
  const fenced =
    !r ||
    names.resourcesCompareTokens === true ||
    [r.renew, r.finish, r.output].some((c) => c.includes('fence')) ||
    fenceCompares(r.targets.report) ||
    fenceCompares(r.targets.gateway);
  return {
    token: names.token ?? 'fence',
    fenced,
    ...(names.resources ? { resources: names.resources } : {}),
    ...(names.carried ? { carried: names.carried } : {}),
  };
}
