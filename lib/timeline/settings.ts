import {
  HIGHEST_SEEN,
  targetKind,
  VERSIONED,
  explainSettings,
  explainState,
  type Explained,
  type ScenarioSettings,
  type StateLines,
  type Vocabulary,
} from '@/lib/lease';
import { namesClocks } from './clocks';
import { timelineDesign } from './engine';
import type { TimelineSnapshot } from './trace-types';
import { gatewayResources, gatewayTarget, targetCheckOf } from './target-list';
import type { Scenario, TargetsConfig } from './types';

/** How the object store keeps puts: versions, or one file each admitted put overwrites. */
function objectStoreMode(t: TargetsConfig): TargetsConfig['objectStore'] {
  return targetKind(targetCheckOf(t, 'objects').kind).storesVersions ? VERSIONED.id : 'overwrite';
}

/**
 * What the scenario is set up with, as data for the explainer: the object store only when an
 * event touches it, the gateway only when an event writes or registers through one.
 */
export function scenarioSettings(scenario: Scenario): ScenarioSettings {
  const kinds = new Set(scenario.events.map((e) => e.kind));
  const gateway =
    kinds.has('gateway-write') ||
    kinds.has('gateway-send') ||
    scenario.events.some((e) => e.kind === 'register' && e.resource !== undefined);
  const t = scenario.targets;
  const design = scenario.design ?? 'fenced';
  // Checks chosen target by target, named only for the targets the scenario's events use.
  const used = new Set([
    ...(kinds.has('object-put') || kinds.has('object-commit') ? ['objects'] : []),
    ...(kinds.has('ticket') ? ['tickets'] : []),
    ...gatewayResources({ targets: {}, events: scenario.events }).map(gatewayTarget),
  ]);
  const targetChecks = (t.checks ?? [])
    .filter((c) => used.has(c.target))
    .map((c) => ({
      target: c.target,
      check: c.check.kind,
      ...(c.check.acceptors !== undefined ? { acceptors: c.check.acceptors } : {}),
    }));
  return {
    leaseSeconds: scenario.leaseSeconds,
    design: { id: design, name: timelineDesign(design)?.name ?? null },
    ...(kinds.has('object-put') || kinds.has('object-commit')
      ? { objectStore: objectStoreMode(t) }
      : {}),
    ...(gateway
      ? {
          gateway: {
            learns: t.gateway,
            check: t.gatewayCheck?.kind ?? HIGHEST_SEEN.id,
            ...(t.gatewayCheck?.acceptors !== undefined
              ? { acceptors: t.gatewayCheck.acceptors }
              : {}),
          },
        }
      : {}),
    ...(scenario.terms?.token ? { token: scenario.terms.token } : {}),
    ...(namesClocks(scenario) ? { clock: scenario.timeSource ?? 'database' } : {}),
    ...(targetChecks.length ? { targetChecks } : {}),
  };
}

/** The settings line above the timeline, written by the explainer. */
export function settingsLine(scenario: Scenario): Explained {
  return explainSettings(scenarioSettings(scenario));
}

/** The state panel's lines after a step, written by the explainer. */
export function stateLines(
  snapshot: TimelineSnapshot,
  scenario: Scenario,
  vocabulary: Vocabulary,
  reportStore: boolean,
): StateLines {
  const s = scenarioSettings(scenario);
  return explainState(
    snapshot,
    {
      ...(s.objectStore ? { objectStore: s.objectStore } : {}),
      ...(s.gateway ? { gateway: s.gateway } : {}),
      ...(s.targetChecks ? { targetChecks: s.targetChecks } : {}),
      reportStore,
    },
    vocabulary,
  );
}
