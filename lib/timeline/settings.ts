import {
  explainSettings,
  explainState,
  type Explained,
  type ScenarioSettings,
  type StateLines,
  type Vocabulary,
} from '@/lib/lease';
import { namesClocks } from './clocks';
import { TIMELINE_DESIGNS, timelineDesign } from './designs';
import { designWithConditions } from './scenario-conditions';
import { scenarioVocabulary } from './vocabulary';
import type { TimelineSnapshot } from './trace-types';
import { CHECKED_LANES, laneOfTarget } from './lanes';
import { targetCheckOf } from './target-list';
import type { Scenario } from './types';

/**
 * What the scenario is set up with, as data for the explainer: each lane's part (lanes/: the
 * object store's mode, the gateway's learning and check) only when an event uses that lane, and
 * the checks chosen target by target only for the targets the events name.
 */
export function scenarioSettings(scenario: Scenario): ScenarioSettings {
  const t = scenario.targets;
  const design = scenario.design ?? 'fenced';
  const checkOf = (name: string) => targetCheckOf(t, name);
  const used = new Set<string>();
  const parts: Partial<ScenarioSettings>[] = [];
  for (const lane of CHECKED_LANES) {
    const named = scenario.events.flatMap((e) => lane.targets.namesIn(e));
    named.forEach((name) => used.add(name));
    const inUse =
      named.length > 0 ||
      scenario.events.some((e) => (lane.events as readonly string[]).includes(e.kind));
    if (inUse && lane.targets.settings) parts.push(lane.targets.settings(t, checkOf));
  }
  const targetChecks = (t.checks ?? [])
    .filter((c) => used.has(c.target))
    .map((c) => ({
      target: c.target,
      // A chosen check's target belongs to a lane (the schema refuses any other name).
      title: laneOfTarget(c.target)?.targets.title(c.target) ?? c.target,
      check: c.check.kind,
      ...(c.check.acceptors !== undefined ? { acceptors: c.check.acceptors } : {}),
    }));
  return {
    leaseSeconds: scenario.leaseSeconds,
    design: { id: design, name: timelineDesign(design)?.name ?? null },
    ...Object.assign({}, ...parts),
    ...(scenario.terms?.token ? { token: scenario.terms.token } : {}),
    ...(namesClocks(scenario) ? { clock: scenario.timeSource ?? 'database' } : {}),
    ...(targetChecks.length ? { targetChecks } : {}),
  };
}

/** The settings line above the timeline, written by the explainer. */
export function settingsLine(scenario: Scenario): Explained {
  const design = designWithConditions(
    TIMELINE_DESIGNS[scenario.design ?? 'fenced'],
    scenario.conditions,
  );
  return explainSettings(scenarioSettings(scenario), scenarioVocabulary(scenario, design));
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
      ...(s.ticketApi ? { ticketApi: s.ticketApi } : {}),
      ...(s.gateway ? { gateway: s.gateway } : {}),
      ...(s.targetChecks ? { targetChecks: s.targetChecks } : {}),
      reportStore,
    },
    vocabulary,
  );
}
