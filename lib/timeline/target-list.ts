import { acceptorsFit, fenceOfSetting, targetKind, type ResourceFence } from '@/lib/lease';
import { checkComparesKey, type TargetCheck } from '@/lib/lease/target-checks';
import {
  CHECKED_LANES,
  GATEWAY,
  gatewayResources,
  gatewayTarget,
  laneOfTarget,
  laneTargetNames,
} from './lanes';
import { isWriteEvent, type Scenario, type TargetsConfig, type TimelineEvent } from './types';

/*
 * The scenario's targets beyond the run row, as a list of { name, check, fence }: the targets of
 * every lane whose check a scenario chooses (lanes/), in the lanes' order. Each target's check is
 * its own (TargetsConfig.checks), else its lane's default; its rule is lib/lease's.
 */

/** A target of the scenario and the rule that guards it. */
export interface TimelineTarget {
  /** Its name: a lane's own, or a lane's with a resource (lanes/: each lane's `form`). */
  name: string;
  check: TargetCheck;
  /** The single-copy fence of fence.ts; null for a majority of acceptors. */
  fence: ResourceFence | null;
}

/** The check a target makes: its own when the scenario chose one, else its lane's default. */
export function targetCheckOf(settings: TargetsConfig, name: string): TargetCheck {
  const chosen = settings.checks?.find((c) => c.target === name);
  if (chosen) return chosen.check;
  // A name no lane owns (a resource name a link could not carry) is a gateway resource, as the
  // builder's field names one before the schema has judged it.
  return (laneOfTarget(name) ?? GATEWAY).targets.defaultCheck(settings);
}

/** True when a target may make `check`: its lane offers the kind, with a valid acceptor count. */
export function checkFitsTarget(name: string, check: TargetCheck): boolean {
  const lane = laneOfTarget(name);
  return lane !== null && lane.targets.offers.includes(check.kind) && acceptorsFit(check);
}

/** How a target name may read, lane by lane ("objects, tickets, or gateway:<resource>"). */
export const TARGET_FORMS = CHECKED_LANES.map((l) => l.targets.form);

/**
 * True for a registration at a replicated gateway resource: a write the learner predicts, whose
 * outcome the acceptors decide (a majority promised, or not).
 */
export function registersAtReplica(event: TimelineEvent, settings: TargetsConfig): boolean {
  if (event.kind !== 'register' || event.resource === undefined) return false;
  const check = targetCheckOf(settings, gatewayTarget(event.resource));
  return targetKind(check.kind).acceptorsOf !== undefined;
}

/** True for an event whose outcome the learner predicts: a write, or a registration at a replica. */
export function predictsOutcome(event: TimelineEvent, settings: TargetsConfig): boolean {
  return isWriteEvent(event) || registersAtReplica(event, settings);
}

/** True when a write to gateway `resource` is judged by its idempotency key alone. */
export function gatewayComparesKey(settings: TargetsConfig, resource: string): boolean {
  return checkComparesKey(targetCheckOf(settings, gatewayTarget(resource)));
}

/** When a highest-seen target learns a generation: from a registration event, or a first write. */
export function registrationOf(settings: TargetsConfig): 'event' | 'first-write' {
  return settings.gateway === 'at-takeover' ? 'event' : 'first-write';
}

/** A target with its check and fence. */
export function timelineTarget(settings: TargetsConfig, name: string): TimelineTarget {
  const check = targetCheckOf(settings, name);
  return { name, check, fence: fenceOfSetting(check, registrationOf(settings)) };
}

/** The scenario's targets beyond the run row: every checked lane's, each gateway resource's. */
export function scenarioTargets(
  settings: TargetsConfig,
  resources: readonly string[],
): TimelineTarget[] {
  return laneTargetNames(resources).map((name) => timelineTarget(settings, name));
}

/** A target the builder offers a check for: its name, how its picker names it, what it offers. */
export interface TargetChoice {
  name: string;
  label: string;
  offers: readonly TargetCheck['kind'][];
}

/** Each target of the scenario whose check the learner may choose, in the lanes' order. */
export function targetChoices(scenario: Pick<Scenario, 'targets' | 'events'>): TargetChoice[] {
  const resources = gatewayResources(scenario);
  return CHECKED_LANES.flatMap(({ targets: t }) =>
    t.names(resources).map((name) => ({
      name,
      label: t.noun ?? t.title(name),
      offers: t.offers,
    })),
  );
}

/**
 * The settings with `name`'s check set to `check`. A check its lane's older settings hold (the
 * object store's overwrite or versions; the ticket API's key) stays there, so a scenario that
 * chooses nothing new keeps its old form.
 */
export function withTargetCheck(
  settings: TargetsConfig,
  name: string,
  check: TargetCheck,
): TargetsConfig {
  const others = (settings.checks ?? []).filter((c) => c.target !== name);
  const plain = laneOfTarget(name)?.targets.plainSetting?.(check) ?? null;
  const checks = plain ? others : [...others, { target: name, check }];
  const { checks: _old, ...rest } = settings;
  return { ...rest, ...plain, ...(checks.length ? { checks } : {}) };
}
