import {
  HIGHEST_SEEN,
  KEY_ONLY,
  MAJORITY,
  MAX_ACCEPTORS,
  NO_CHECK,
  RUN_ROW,
  targetKind,
  TARGET_KIND_LIST,
  type TargetCheck,
  type TargetCheckKind,
} from './kinds/targets';

/*
 * What a target of a scenario may check, chosen target by target: the run row's check is the
 * design; every other target (the timeline's lanes say which a scenario has, and which kinds
 * each offers) picks a target kind of lib/lease/kinds/targets. One scenario can then put a
 * fenced completion and an unfenced email side by side.
 */

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

/** A target's check as the builder offers it (the run-row check at any target, not only a gateway). */
export const TARGET_CHECK_LABELS = Object.fromEntries(
  TARGET_KIND_LIST.map((k) => [k.id, k.label]),
) as Readonly<Record<TargetCheckKind, string>>;

/** The gateway's own picker's labels. */
export const GATEWAY_CHECK_LABELS = Object.fromEntries(
  TARGET_KIND_LIST.map((k) => [k.id, 'gatewayLabel' in k ? k.gatewayLabel : k.label]),
) as Readonly<Record<TargetCheckKind, string>>;

/** True when a setting's acceptor count is valid: only a kind that counts acceptors has one, within 1..MAX_ACCEPTORS. */
export function acceptorsFit(check: TargetCheck): boolean {
  if (check.acceptors === undefined) return true;
  return (
    targetKind(check.kind).acceptorsOf !== undefined &&
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
