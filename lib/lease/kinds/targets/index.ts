import { HIGHEST_SEEN, type HighestSeenFence, type HighestSeenId } from './highest-seen';
import { KEY_ONLY, type KeyOnlyFence, type KeyOnlyId } from './key-only';
import { MAJORITY, type MajorityId, type QuorumCheckName } from './majority';
import { NO_CHECK, type UncheckedFence, type UncheckedId } from './none';
import { RUN_ROW, type RunRowFence, type RunRowId } from './run-row';
import type { TargetCheckWords, FenceRules, TargetKind } from './unit';
import { VERSIONED, type VersionedFence, type VersionedId } from './versioned';

/*
 * The registry of target kinds: one object per kind, each in its own file beside this one.
 * Adding a kind is writing its file, listing it here, and offering it in a lane
 * (lib/lease/target-checks.ts).
 */

export { HIGHEST_SEEN, type FenceOrder, type HighestSeenFence } from './highest-seen';
export { KEY_ONLY } from './key-only';
export { MAJORITY, MAX_ACCEPTORS } from './majority';
export { NO_CHECK } from './none';
export { RUN_ROW } from './run-row';
export { VERSIONED } from './versioned';
export type {
  TargetCheckWords,
  FencePosition,
  FenceFacts,
  Registration,
  TargetKind,
  TargetSetting,
} from './unit';

/** Every target kind, in the order a picker lists them when a lane gives none. */
export const TARGET_KIND_LIST = [HIGHEST_SEEN, RUN_ROW, KEY_ONLY, NO_CHECK, MAJORITY, VERSIONED];

export type TargetCheckKind =
  HighestSeenId | RunRowId | KeyOnlyId | UncheckedId | MajorityId | VersionedId;

/**
 * How a resource outside the run row protects itself from a stale holder: the one home of the
 * lesson's single-copy resource fences, a value of one kind of this registry. Every resource key
 * is scoped by run: generations of different runs never compare.
 */
export type ResourceFence =
  HighestSeenFence | RunRowFence | VersionedFence | KeyOnlyFence | UncheckedFence;
export type FenceKind = ResourceFence['kind'];

/** A target's check as a scenario setting; `acceptors` counts only for a majority. */
export interface TargetCheck {
  kind: TargetCheckKind;
  acceptors?: number;
}

/** A check name a target kind runs (the run row's and the writer's own are decision.ts's). */
export type TargetCheckName = HighestSeenId | QuorumCheckName;

const BY_ID = new Map<string, TargetKind>(TARGET_KIND_LIST.map((k) => [k.id, k as TargetKind]));

/** The kind of a setting's id. */
export function targetKind(id: TargetCheckKind): TargetKind<TargetCheckKind, ResourceFence> {
  return BY_ID.get(id) as TargetKind<TargetCheckKind, ResourceFence>;
}

/** The single-copy rules of a fence (its kind's). */
export function fenceRules(fence: ResourceFence): FenceRules<ResourceFence> {
  return targetKind(fence.kind).rules!;
}

const CHECK_WORDS = new Map<string, TargetCheckWords>(
  TARGET_KIND_LIST.flatMap((k) => Object.entries((k as TargetKind).checkWords ?? {})),
);

/** True for a check a target kind runs (not the run row's or the writer's own). */
export function isTargetCheck(name: string): name is TargetCheckName {
  return CHECK_WORDS.has(name);
}

/** The words of a check a target kind runs. */
export function targetCheckWords(name: TargetCheckName): TargetCheckWords {
  return CHECK_WORDS.get(name)!;
}

/** The check names of target kinds that compare a token. */
export const TARGET_TOKEN_CHECKS: readonly string[] = TARGET_KIND_LIST.flatMap(
  (k) => (k as TargetKind).tokenChecks ?? [],
);

/** The single-copy fence of a setting (null for a kind that is not one, a majority of acceptors). */
export function fenceOfSetting(
  check: TargetCheck,
  registration: 'event' | 'first-write',
): ResourceFence | null {
  return targetKind(check.kind).fenceOf?.(check, registration) ?? null;
}

/**
 * A setting as a line reads it: "highest token seen", "majority of acceptors of 3"; with the
 * scenario's name for its token when it names one ("highest fence seen").
 */
export function settingWords(
  s: TargetCheck,
  picker: 'gateway' | 'target' = 'target',
  token: string | null = null,
): string {
  const k = targetKind(s.kind);
  const label =
    token && k.labelNaming
      ? k.labelNaming(token)
      : picker === 'gateway'
        ? (k.gatewayLabel ?? k.label)
        : k.label;
  return `${label.toLowerCase()}${k.acceptorsOf ? ` of ${k.acceptorsOf(s)}` : ''}`;
}
