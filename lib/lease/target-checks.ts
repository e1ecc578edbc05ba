import type { ResourceFence } from './fence';
import {
  GATEWAY_CHECK_KINDS,
  GATEWAY_CHECK_LABELS,
  MAX_ACCEPTORS,
  singleCopyFence,
} from './replicated-fence';

/*
 * What each target of a scenario may check, chosen target by target: the run row's check is the
 * design; the object store, the ticket API and every gateway resource each pick a resource fence
 * of fence.ts (or a majority of acceptors, replicated-fence.ts). One scenario can then put a
 * fenced completion and an unfenced email side by side.
 */

/** The lanes beyond the run row whose check a scenario may choose. */
export const TARGET_LANES = ['objects', 'tickets', 'gateway'] as const;
export type TargetLane = (typeof TARGET_LANES)[number];

/** Every check a target may make: the gateway's, plus the object store's versions. */
export const TARGET_CHECK_KIND_LIST = [...GATEWAY_CHECK_KINDS, 'versioned'] as const;
export type TargetCheckKind = (typeof TARGET_CHECK_KIND_LIST)[number];

/** A target's check as a scenario setting; `acceptors` counts only for 'majority'. */
export interface TargetCheck {
  kind: TargetCheckKind;
  acceptors?: number;
}

/** The checks each lane offers, its default first. */
export const TARGET_CHECK_KINDS: Readonly<Record<TargetLane, readonly TargetCheckKind[]>> = {
  objects: ['none', 'versioned', 'highest-seen', 'run-row'],
  tickets: ['key-only', 'none', 'highest-seen', 'run-row'],
  gateway: ['highest-seen', 'run-row', 'key-only', 'none', 'majority'],
};

/** A target's check as the builder offers it (the run-row check at any target, not only a gateway). */
export const TARGET_CHECK_LABELS: Readonly<Record<TargetCheckKind, string>> = {
  ...GATEWAY_CHECK_LABELS,
  'run-row': 'Equal to the run row (a trusted check)',
  versioned: 'Versions + fenced reference',
};

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
    check.kind === 'majority' &&
    Number.isInteger(check.acceptors) &&
    check.acceptors >= 1 &&
    check.acceptors <= MAX_ACCEPTORS
  );
}

/**
 * The rulebook fence of a target's check: a single-copy fence of fence.ts, or null for a
 * majority of acceptors (decided by replicated-fence.ts, not one statement at one resource).
 */
export function targetFence(
  check: TargetCheck,
  registration: 'event' | 'first-write',
): ResourceFence | null {
  if (check.kind === 'versioned') return { kind: 'versioned' };
  return singleCopyFence({ kind: check.kind }, registration);
}

/** True when the check compares a token (so the scenario's words name one). */
export function checkComparesToken(check: TargetCheck): boolean {
  return check.kind === 'highest-seen' || check.kind === 'run-row' || check.kind === 'majority';
}

/** True when the check compares the write's idempotency key (so a write carries one). */
export function checkComparesKey(check: TargetCheck): boolean {
  return check.kind === 'key-only';
}

/** True when the target learns a generation from a registration (a takeover's, or a cancel's). */
export function checkLearnsGenerations(check: TargetCheck): boolean {
  return check.kind === 'highest-seen' || check.kind === 'majority';
}
