import { designVocabulary, type LeaseDesign, type Vocabulary } from '@/lib/lease';
import { checkComparesToken } from '@/lib/lease/target-checks';
import { gatewayResources, gatewayTarget, scenarioTargets } from './target-list';
import type { Scenario, TimelineEvent } from './types';

/** The target an event writes to beyond the run row, by name (null: the run row, or none). */
function writtenTarget(e: TimelineEvent): string | null {
  if (e.kind === 'object-put') return 'objects';
  if (e.kind === 'ticket') return 'tickets';
  if (e.kind === 'gateway-write') return gatewayTarget(e.resource);
  return null;
}

/**
 * The scenario's words: its token's name (terms.token), what holders present at the gateway
 * (the fingerprint), and whether anything compares a token (a target written to whose own
 * check compares one). A lease-only design with no
 * gateway that compares tokens is not fenced: no sentence mentions a fence.
 */
export function scenarioVocabulary(scenario: Scenario, design: LeaseDesign): Vocabulary {
  const written = new Set(scenario.events.map(writtenTarget));
  const gatewayCompares = scenarioTargets(scenario.targets, gatewayResources(scenario)).some(
    (t) => written.has(t.name) && checkComparesToken(t.check),
  );
  return designVocabulary(design, {
    ...(scenario.terms?.token ? { token: scenario.terms.token } : {}),
    ...(scenario.targets.fingerprint ? { carried: scenario.targets.fingerprint } : {}),
    resourcesCompareTokens: gatewayCompares || scenario.firstToken !== undefined,
  });
}
