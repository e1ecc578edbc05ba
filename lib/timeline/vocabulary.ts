import { designVocabulary, type LeaseDesign, type Vocabulary } from '@/lib/lease';
import { checkComparesToken } from '@/lib/lease/target-checks';
import { CHECKED_LANES, gatewayResources, LANE_NOUNS } from './lanes';
import { scenarioTargets } from './target-list';
import type { Scenario, TimelineEvent } from './types';

/** The target an event writes to whose own check judges it (null: the run row, or none). */
function judgingTarget(e: TimelineEvent): string | null {
  for (const lane of CHECKED_LANES) {
    const name = lane.targets.judging(e);
    if (name !== null) return name;
  }
  return null;
}

/**
 * The scenario's words: its token's name (terms.token), what holders present at the gateway
 * (the fingerprint), whether anything compares a token (a target written to whose own check
 * compares one), and its lanes' targets' names. A lease-only design with no target that
 * compares tokens is not fenced: no sentence mentions a fence.
 */
export function scenarioVocabulary(scenario: Scenario, design: LeaseDesign): Vocabulary {
  const written = new Set(scenario.events.map(judgingTarget));
  const targetsCompare = scenarioTargets(scenario.targets, gatewayResources(scenario)).some(
    (t) => written.has(t.name) && checkComparesToken(t.check),
  );
  return designVocabulary(design, {
    ...(scenario.terms?.token ? { token: scenario.terms.token } : {}),
    ...(scenario.targets.fingerprint ? { carried: scenario.targets.fingerprint } : {}),
    resources: LANE_NOUNS,
    resourcesCompareTokens: targetsCompare || scenario.firstToken !== undefined,
  });
}
