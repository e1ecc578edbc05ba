import { designVocabulary, type LeaseDesign, type Vocabulary } from '@/lib/lease';
import type { Scenario } from './types';

/**
 * The scenario's words: its token's name (terms.token), what holders present at the gateway
 * (the fingerprint), and whether anything compares a token. A lease-only design with no
 * gateway that compares tokens is not fenced: no sentence mentions a fence.
 */
export function scenarioVocabulary(scenario: Scenario, design: LeaseDesign): Vocabulary {
  const check = scenario.targets.gatewayCheck?.kind ?? 'highest-seen';
  const gatewayCompares =
    check !== 'none' &&
    check !== 'key-only' &&
    scenario.events.some((e) => e.kind === 'gateway-write');
  return designVocabulary(design, {
    ...(scenario.terms?.token ? { token: scenario.terms.token } : {}),
    ...(scenario.targets.fingerprint ? { carried: scenario.targets.fingerprint } : {}),
    resourcesCompareTokens: gatewayCompares || scenario.firstToken !== undefined,
  });
}
