import {
  HIGHEST_SEEN,
  KEY_ONLY,
  MAJORITY,
  MAX_ACCEPTORS,
  NO_CHECK,
  RUN_ROW,
  targetKind,
  TARGET_KIND_LIST,
  VERSIONED,
  type TargetCheck,
  type TargetCheckKind,
} from './kinds/targets';

/*
 * What each target of a scenario may check, chosen target by target: the run row's check is the
 * design; the object store, the ticket API and every gateway resource each pick a target kind
 * of lib/lease/kinds/targets. One scenario can then put a fenced completion and an unfenced
 * email side by side. The kinds themselves are the registry's; a lane only lists the ones it offers.
 */

/** The lanes beyond the run row whose check a scenario may choose. */
export const TARGET_LANES = ['objects', 'tickets', 'gateway'] as const;
export type TargetLane = (typeof TARGET_LANES)[number];

/** Every check a target may make (the registry's kinds). */
export const TARGET_CHECK_KIND_LIST = TARGET_KIND_LIST.map((k) => k.id) as [
  TargetCheckKind,
  ...TargetCheckKind[],
];
export type { TargetCheck, TargetCheckKind };

/** The checks the gateway lane offers, its default first (also the scenario-wide gateway check). */
export const GATEWAY_CHECK_KINDS = [
  HIGHEST_SEEN.id,
  RUN_ROW.id,
  KEY_ONLY.id,
  NO_CHECK.id,
  MAJORITY.id,
] as const;
export type GatewayCheckKind = (typeof GATEWAY_CHECK_KINDS)[number];

/** The gateway's check as a scenario setting. `acceptors` counts only for a majority (default 3). */
export interface GatewayCheck {
  kind: GatewayCheckKind;
  acceptors?: number;
}

/** The checks each lane offers, its default first. */
export const TARGET_CHECK_KINDS: Readonly<Record<TargetLane, readonly TargetCheckKind[]>> = {
  objects: [NO_CHECK.id, VERSIONED.id, HIGHEST_SEEN.id, RUN_ROW.id],
  tickets: [KEY_ONLY.id, NO_CHECK.id, HIGHEST_SEEN.id, RUN_ROW.id],
  gateway: GATEWAY_CHECK_KINDS,
};

/** A target's check as the builder offers it (the run-row check at any target, not only a gateway). */
export const TARGET_CHECK_LABELS = Object.fromEntries(
  TARGET_KIND_LIST.map((k) => [k.id, k.label]),
) as Readonly<Record<TargetCheckKind, string>>;

/** The gateway's own picker's labels. */
export const GATEWAY_CHECK_LABELS = Object.fromEntries(
  TARGET_KIND_LIST.map((k) => [k.id, 'gatewayLabel' in k ? k.gatewayLabel : k.label]),
) as Readonly<Record<TargetCheckKind, string>>;

/** The lane a target's name belongs to: 'objects', 'tickets', or 'gateway:<resource>'. */
export function laneOfTarget(target: string): TargetLane | null {
  if (target === 'objects' || target === 'tickets') return target;
  return /^gateway:[A-Za-z0-9_.:-]{1,40}$/.test(target) ? 'gateway' : null;
}

/** True when `check` is one a target of `lane` may make, with a valid acceptor count. */
export function checkFitsLane(lane: TargetLane, check: TargetCheck): boolean {
  if (!TARGET_CHECK_KINDS[lane].includes(check.kind)) return false;
  if (check.acceptors === undefined) return true;
  return (
    check.kind === MAJORITY.id &&
    Number.isInteger(check.acceptors) &&
    check.acceptors >= 1 &&
    check.acceptors <= MAX_ACCEPTORS
  );
}

/** True when the check compares a token (so the scenario's words name one). */
export function checkComparesToken(check: TargetCheck): boolean {
  return targetKind(check.kind).comparesToken;
}

/** True when the check compares the write's idempotency key (so a write carries one). */
export function checkComparesKey(check: TargetCheck): boolean {
  return targetKind(check.kind).comparesKey;
}

/** The setting a picker makes when `kind` is chosen, keeping the acceptors already set. */
export function chooseCheck<K extends TargetCheckKind>(
  kind: K,
  previous?: TargetCheck,
): TargetCheck & { kind: K } {
  return targetKind(kind).setting(previous?.acceptors) as TargetCheck & { kind: K };
}

/** How many acceptors a setting has, when its kind counts them (null: a single copy). */
export function acceptorsOf(check: TargetCheck): number | null {
  return targetKind(check.kind).acceptorsOf?.(check) ?? null;
}
