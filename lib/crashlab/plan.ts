import { FAULT_POINTS } from './types';

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
 */
export function chaosPlan(seed: number, runIds: readonly string[], faults: number): PlannedFault[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const pool = [...runIds];
  const plan: PlannedFault[] = [];
  for (let i = 0; i < Math.min(faults, runIds.length); i++) {
    const [runId] = pool.splice(Math.floor(random() * pool.length), 1);
    const action = pick(NEMESIS_ACTIONS);
    plan.push({
      runId,
      action,
      point: action === 'drop-ack' ? 'publish-reply' : pick(CHAOS_POINTS),
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
