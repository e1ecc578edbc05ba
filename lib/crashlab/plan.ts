import { FAULT_POINTS, type RemovableFence } from './types';

/**
 * Where a worker can be stopped by the chaos supervisor: every fault point of the lab, plus
 * right after a claim and inside publish before the publisher is called (a worker paused there
 * wakes up with a publish in hand, the classic stale write).
 */
export const CHAOS_POINTS = ['after_claim', 'before_effect', ...FAULT_POINTS] as const;
export type ChaosPoint = (typeof CHAOS_POINTS)[number];

export const NEMESIS_ACTIONS = ['kill', 'pause', 'drop-ack'] as const;
export type NemesisAction = (typeof NEMESIS_ACTIONS)[number];

/** One planned fault: the first generation of `runId` meets `action` at `point`. */
export interface PlannedFault {
  runId: string;
  action: NemesisAction;
  /** Where the worker stops (kill, pause); a dropped acknowledgement is always the publish reply. */
  point: ChaosPoint | 'publish-reply';
}

/**
 * Where only one fence stands between a stale holder and the damage: a holder paused here past
 * its lease, woken after a newer generation claimed the run, makes its next write with nothing
 * else in the way. The publisher's fence: between the publish step's renewal and the call to the
 * publisher. The checkpoint's: between a step's renewal (and its work, or for publish the
 * publisher's answer) and the checkpoint. Elsewhere the next write is a renewal, which the lesson's
 * own lease check refuses whichever fence is removed.
 */
export const ONLY_FENCE_POINTS = {
  publisher: ['before_effect'],
  checkpoint: [
    'before_checkpoint:collect',
    'before_checkpoint:draft',
    'before_checkpoint:verify',
    'after_effect',
  ],
} as const satisfies Record<RemovableFence, readonly ChaosPoint[]>;

/** A small seeded generator (mulberry32): the same seed gives the same plan on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The chaos plan of an experiment: `faults` distinct runs, each with one action at one point,
 * all chosen from `seed`. Faults strike a run's first generation only, so every run is finished
 * by a later one, and which worker meets a fault does not depend on who claims what: the plan
 * names runs, not processes.
 *
 * Aimed at a removed fence (`aimAt`), the plan makes at least half its faults (and one at
 * least) pauses, and puts every pause where only that fence stands (`ONLY_FENCE_POINTS`). The
 * first pause of an experiment is always held past the lease (the supervisor ends a pause at once
 * only when all workers but one are paused already), so the stale write is attempted with the
 * fence gone, and the experiment finds the violation whatever the seed. Without `aimAt` the plan
 * is what it always was for that seed.
 */
export function chaosPlan(
  seed: number,
  runIds: readonly string[],
  faults: number,
  aimAt: RemovableFence | null = null,
): PlannedFault[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const pool = [...runIds];
  const plan: PlannedFault[] = [];
  const count = Math.min(faults, runIds.length);
  for (let i = 0; i < count; i++) {
    const [runId] = pool.splice(Math.floor(random() * pool.length), 1);
    const action = aimAt && i < Math.ceil(count / 2) ? 'pause' : pick(NEMESIS_ACTIONS);
    plan.push({
      runId,
      action,
      point:
        action === 'drop-ack'
          ? 'publish-reply'
          : action === 'pause' && aimAt
            ? pick(ONLY_FENCE_POINTS[aimAt])
            : pick(CHAOS_POINTS),
    });
  }
  return plan.sort((a, b) => a.runId.localeCompare(b.runId));
}

/** The plan as one printable line per fault. */
export function describePlan(plan: readonly PlannedFault[]): string[] {
  return plan.map(
    (f) =>
      `${f.runId}: ${f.action}${f.action === 'drop-ack' ? ' (publish reply lost)' : ` at ${f.point}`}`,
  );
}
