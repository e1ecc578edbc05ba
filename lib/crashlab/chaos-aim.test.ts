import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { asyncDriver } from '@/lib/sqlite/async-driver';
import { evaluate, type Evaluation } from './evaluate';
import type { HistoryEntry } from './history';
import { createCrashLab, labRunIds, submitLab } from './lab';
import { chaosPlan, ONLY_FENCE_POINTS, type PlannedFault } from './plan';
import { REMOVABLE_FENCES, type RemovableFence } from './types';
import { runWorker, type ChaosHooks } from './worker';

// Issue 24: "a learner who removes a fence and runs a small chaos should see it break". With a
// fence removed, the chaos plan aims its pauses where only that fence stands; a run of 100 then
// finds the violation for every seed. This test runs the chaos supervisor's rules in one process
// (scripts/crash-lab/chaos.ts does the same with real processes, SIGSTOP and SIGKILL): workers
// share two sql.js databases, time is a clock the test moves only while every live worker waits
// (so a paused holder's lease runs out), and nothing depends on how fast the machine is.

class Killed extends Error {}

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const RUNS = 100;
const WORKERS = 8; // chaos's default
const FAULTS = Math.max(1, Math.round(RUNS / 20)); // chaos's default: 5

/**
 * One chaos experiment in memory: the plan (aimed at `aimAt`) with its kills, pauses past the
 * lease and lost acks, on a lab set up without `removedFence`.
 */
async function chaosInMemory(
  seed: number,
  aimAt: RemovableFence | null,
  removedFence: RemovableFence | null = aimAt,
) {
  const leaseSeconds = 1;
  let now = 1000;
  let tick = 0;
  const task = asyncDriver(await openSqlJs());
  const publisher = asyncDriver(await openSqlJs());
  await submitLab(task, publisher, { runs: RUNS, experiment: `chaos-${seed}`, removedFence, now });
  const lab = createCrashLab({ task, publisher, leaseSeconds, clock: () => now });
  const plan = new Map(chaosPlan(seed, labRunIds(RUNS), FAULTS, aimAt).map((f) => [f.runId, f]));
  const history: HistoryEntry[] = [];
  const paused = new Map<string, { resume: () => void; left: Promise<void> }>();
  const leaving = new Map<string, () => void>();
  let waiting = 0;
  let live = 0;
  const nemesis = { pause: 0, heldPastLease: 0, kill: 0 };

  const start = (name: string): Promise<void> => {
    live++;
    const hooks: ChaosHooks = {
      async at(point, run) {
        const fault: PlannedFault | undefined = plan.get(run);
        if (!fault || fault.point !== point || fault.action === 'drop-ack') return;
        if (fault.action === 'kill') {
          nemesis.kill++;
          throw new Killed(); // the process is gone: its lease stays until it runs out
        }
        nemesis.pause++;
        // As the supervisor: a pause ends at once when every other worker is paused already.
        if (paused.size >= WORKERS - 1) return;
        nemesis.heldPastLease++;
        let resume!: () => void;
        const resumed = new Promise<void>((r) => (resume = r));
        const left = new Promise<void>((r) => leaving.set(run, r));
        paused.set(run, { resume, left });
        waiting++;
        await resumed;
        waiting--;
      },
      dropAck: (run) => plan.get(run)?.action === 'drop-ack',
      async tookOver(run) {
        const holder = paused.get(run);
        if (!holder) return;
        // The new generation waits until the woken holder has tried its next write, stale.
        paused.delete(run);
        holder.resume();
        await holder.left;
      },
      left(run) {
        leaving.get(run)?.();
        leaving.delete(run);
      },
    };
    return runWorker(lab, {
      owner: name,
      pid: live,
      die: () => {
        throw new Error('no --fault in chaos');
      },
      waitForAll: true,
      // Waiting for a held run: when every live worker waits, time moves on.
      idle: async () => {
        waiting++;
        if (waiting >= live) now += leaseSeconds / 4;
        await new Promise((r) => setTimeout(r, 0));
        waiting--;
      },
      chaos: hooks,
      record: (e) => history.push(e),
      clock: () => ++tick,
    }).then(
      () => {
        live--;
      },
      (error: unknown) => {
        live--;
        if (!(error instanceof Killed)) throw error;
        return start(`${name}.1`); // the supervisor starts a replacement
      },
    );
  };
  const workers = Array.from({ length: WORKERS }, (_, i) => start(`w${i + 1}`));
  await Promise.all(workers);
  const evaluation = evaluate(await lab.snapshot(), history);
  await task.close();
  await publisher.close();
  return { evaluation, nemesis };
}

const staleWrites = (evaluation: Evaluation) =>
  evaluation.violations.filter((v) => v.property === 'no-stale-write');

describe('chaos aimed at a removed fence finds its violation at 100 runs, for every seed', () => {
  it('the aimed plan: every pause where only that fence stands, at least half the faults', () => {
    for (const fence of REMOVABLE_FENCES)
      for (const seed of SEEDS) {
        const plan = chaosPlan(seed, labRunIds(RUNS), FAULTS, fence);
        const pauses = plan.filter((f) => f.action === 'pause');
        expect(pauses.length).toBeGreaterThanOrEqual(Math.ceil(FAULTS / 2));
        for (const f of pauses)
          expect(ONLY_FENCE_POINTS[fence] as readonly string[]).toContain(f.point);
      }
    // Unaimed, a seed's plan is what it always was (the seeds of earlier histories still hold).
    expect(chaosPlan(7, labRunIds(50), 10, null)).toEqual(chaosPlan(7, labRunIds(50), 10));
  });

  for (const fence of REMOVABLE_FENCES) {
    it(`without the ${fence} fence: a stale write lands for each of 20 seeds`, async () => {
      for (const seed of SEEDS) {
        const { evaluation, nemesis } = await chaosInMemory(seed, fence);
        expect(nemesis.heldPastLease, `seed ${seed}`).toBeGreaterThan(0);
        const found = staleWrites(evaluation);
        expect(found.length, `seed ${seed}`).toBeGreaterThan(0);
        expect(found[0].message).toMatch(
          fence === 'publisher'
            ? /the publish of fence 1 was applied after fence 2 claimed the run/
            : /the checkpoint of \w+ of fence 1 was applied after fence 2 claimed the run/,
        );
        expect(evaluation.succeeded, `seed ${seed}`).toBe(RUNS);
      }
    }, 400_000);
  }

  it('with both fences, the same experiments find nothing', async () => {
    for (const seed of SEEDS.slice(0, 5)) {
      const { evaluation, nemesis } = await chaosInMemory(seed, null);
      expect(nemesis.pause + nemesis.kill, `seed ${seed}`).toBeGreaterThan(0);
      expect(evaluation.violations, `seed ${seed}`).toEqual([]);
    }
    // The aimed plans, every pause held past the lease, against a lab with both fences.
    for (const seed of SEEDS.slice(0, 5)) {
      for (const fence of REMOVABLE_FENCES) {
        const { evaluation, nemesis } = await chaosInMemory(seed, fence, null);
        expect(nemesis.heldPastLease, `seed ${seed}`).toBeGreaterThan(0);
        expect(evaluation.violations, `seed ${seed}, aimed at ${fence}`).toEqual([]);
      }
    }
  }, 400_000);
});
