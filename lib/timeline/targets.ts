import {
  FENCE_SCHEMA,
  fenceRules,
  registerAt,
  writeThroughFence,
  type FenceWriteResult,
  type ResourceFence,
} from '@/lib/lease';
import { fingerprintToken } from '@/lib/lease/replicated-fence';
import { REPLICA_SCHEMA, registerAtMajority } from '@/lib/lease/replicated-fence';
import { CHECKED_LANES, gatewayResource } from './lanes';
import { scenarioTargets } from './target-list';
import type { SqlDriver } from '@/lib/sqlite';
import { RUN_ID } from './state';
import type { TargetsConfig, TargetsView } from './types';

/**
 * The remote targets where effects land, beside the run row. Their rules are lib/lease's target
 * kinds, chosen per target (lanes/ says each lane's default); this module writes through them
 * and reads every lane's targets back for the trace.
 */
export const TARGETS_SCHEMA = [
  FENCE_SCHEMA,
  REPLICA_SCHEMA,
  ...CHECKED_LANES.flatMap((l) => l.targets.schema ?? []),
].join('\n');

/**
 * The one path of a write to a single-copy target (the object store, the ticket API, a gateway
 * resource): through the target's lib/lease resource fence, keyed by the run and the target's
 * name. `opId` is the idempotency key, kept with the write whatever the fence compares.
 */
export function targetWrite(
  db: SqlDriver,
  target: { name: string; fence: ResourceFence },
  write: { worker: string; token: number; body: string; at: number; opId?: string },
): FenceWriteResult {
  return writeThroughFence(db, target.fence, {
    runId: RUN_ID,
    resource: target.name,
    holder: write.worker,
    token: write.token,
    body: write.body,
    now: write.at,
    ...(write.opId !== undefined ? { opId: write.opId } : {}),
  });
}

/** The registration event at one single-copy target (a gateway resource, or any target a cancel tells). */
export function targetRegister(db: SqlDriver, name: string, token: number): void {
  registerAt(db, RUN_ID, name, token);
}

/**
 * A fenced cancel's new generation, told to every target that learns generations from a
 * registration: each highest-seen target registered at takeover, and every acceptor of a
 * replicated one. (A fingerprint that is not the counter has no value for a cancel to send.)
 */
export function registerAtEveryTarget(
  db: SqlDriver,
  settings: TargetsConfig,
  resources: readonly string[],
  generation: number,
): void {
  // What a holder of the new generation would present, with no claim time (a cancel claims
  // nothing): a fingerprint that needs one (claimed_at, the pair) has no value to send.
  const presented = fingerprintToken(settings.fingerprint ?? 'counter', {
    fence: generation,
    claimedAt: Number.NaN,
  });
  if (Number.isNaN(presented)) return;
  for (const target of scenarioTargets(settings, resources)) {
    if (target.fence && fenceRules(target.fence).registers(target.fence))
      registerAt(db, RUN_ID, target.name, generation);
    // Only a gateway resource is replicated (its lane alone offers a majority).
    if (target.fence === null)
      registerAtMajority(db, target.check.acceptors, {
        resource: gatewayResource(target.name),
        token: generation,
      });
  }
}

/** Reads every lane's targets for the trace (the draft and the report reference are the caller's). */
export function readTargets(db: SqlDriver): Omit<TargetsView, 'draft'> {
  return Object.assign({}, ...CHECKED_LANES.map((l) => l.targets.read(db, RUN_ID)));
}
