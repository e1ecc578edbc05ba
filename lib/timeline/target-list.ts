import {
  fenceOfSetting,
  HIGHEST_SEEN,
  KEY_ONLY,
  NO_CHECK,
  targetKind,
  VERSIONED,
  type ResourceFence,
} from '@/lib/lease';
import { checkComparesKey, type TargetCheck } from '@/lib/lease/target-checks';
import { isWriteEvent, type Scenario, type TargetsConfig, type TimelineEvent } from './types';

/*
 * The scenario's targets beyond the run row, as a list of { name, check, fence }: the object
 * store, the ticket API and every gateway resource the scenario names. Each target's check is
 * its own (TargetsConfig.checks), else the scenario-wide default; its rule is lib/lease's.
 */

/** A target of the scenario and the rule that guards it. */
export interface TimelineTarget {
  /** 'objects', 'tickets' or 'gateway:<resource>'. */
  name: string;
  check: TargetCheck;
  /** The single-copy fence of fence.ts; null for a majority of acceptors. */
  fence: ResourceFence | null;
}

/** The target name of a gateway resource. */
export const gatewayTarget = (resource: string): string => `gateway:${resource}`;

/** The check a target makes: its own when the scenario chose one, else the lane's default. */
export function targetCheckOf(settings: TargetsConfig, name: string): TargetCheck {
  const chosen = settings.checks?.find((c) => c.target === name);
  if (chosen) return chosen.check;
  if (name === 'objects')
    return settings.objectStore === VERSIONED.id ? VERSIONED.setting() : NO_CHECK.setting();
  if (name === 'tickets') return KEY_ONLY.setting();
  return settings.gatewayCheck ?? HIGHEST_SEEN.setting();
}

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

/** Every gateway resource the scenario names, in its settings or its events, in order. */
export function gatewayResources(scenario: {
  targets: Pick<TargetsConfig, 'checks'>;
  events: Scenario['events'];
}): string[] {
  const names = new Set<string>();
  for (const c of scenario.targets.checks ?? [])
    if (c.target.startsWith('gateway:')) names.add(c.target.slice('gateway:'.length));
  for (const e of scenario.events)
    if (e.kind === 'gateway-write' || (e.kind === 'register' && e.resource !== undefined))
      names.add(e.resource!);
  return [...names];
}

/** The scenario's targets beyond the run row: the object store, the ticket API, each gateway resource. */
export function scenarioTargets(
  settings: TargetsConfig,
  resources: readonly string[],
): TimelineTarget[] {
  return ['objects', 'tickets', ...resources.map(gatewayTarget)].map((name) =>
    timelineTarget(settings, name),
  );
}

/**
 * The settings with `name`'s check set to `check`. The object store's and the ticket API's
 * older settings stay the home of their plain checks (overwrite or versions; a key), so a
 * scenario that chooses nothing new keeps its old form.
 */
export function withTargetCheck(
  settings: TargetsConfig,
  name: string,
  check: TargetCheck,
): TargetsConfig {
  const others = (settings.checks ?? []).filter((c) => c.target !== name);
  // A lane's plain checks are its older settings' (overwrite or versions; a key).
  const plain =
    (name === 'objects' && (check.kind === NO_CHECK.id || check.kind === VERSIONED.id)) ||
    (name === 'tickets' && check.kind === KEY_ONLY.id);
  const checks = plain ? others : [...others, { target: name, check }];
  const { checks: _old, ...rest } = settings;
  return {
    ...rest,
    ...(name === 'objects' && plain
      ? {
          objectStore: check.kind === VERSIONED.id ? VERSIONED.id : ('overwrite' as const),
        }
      : {}),
    ...(checks.length ? { checks } : {}),
  };
}
