import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { createCrashLab, evaluate, runWorker, type FaultPoint, type WorkerOutcome } from './index';

const die = (point: FaultPoint): never => {
  throw new Error(`died at ${point}`);
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Three live workers (none crashes) pause inside their steps for as long as the schedule says,
 * while the clock runs: leases expire mid-step, others take over, stale workers wake up.
 * Whatever the interleaving, the databases must never hold two receipts, a stale publish that
 * was accepted, or a checkpoint from a generation that did not hold the run.
 */
describe('crash lab under arbitrary interleavings of live workers (property)', () => {
  it('at most one receipt, no stale write lands, and a succeeded run passes evaluate', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: 2 }),
            advance: fc.double({ min: 0, max: 3, noNaN: true }),
          }),
          {
            maxLength: 40,
          },
        ),
        async (schedule) => {
          let now = 1000;
          const lab = createCrashLab({
            task: await openSqlJs(),
            publisher: await openSqlJs(),
            clock: () => now,
            leaseSeconds: 2,
          });
          lab.submit({ operationId: 'op-1' });
          const gates: ((() => void) | null)[] = [null, null, null];
          const outcomes: (WorkerOutcome | null)[] = [null, null, null];
          const gate = (i: number) => new Promise<void>((resolve) => (gates[i] = resolve));
          // Each worker keeps trying to claim while another holds the lease, as a real one would.
          const live = async (i: number) => {
            for (;;) {
              const outcome = await runWorker(lab, { owner: `w${i}`, die, work: () => gate(i) });
              if (outcome.kind !== 'not-claimed' || outcome.reason !== 'lease-held') return outcome;
              await gate(i);
            }
          };
          [0, 1, 2].forEach((i) => void live(i).then((outcome) => (outcomes[i] = outcome)));
          await flush();
          const release = (i: number) => {
            const gate = gates[i];
            gates[i] = null;
            gate?.();
          };
          for (const { who, advance } of schedule) {
            now += advance;
            release(who);
            await flush();
          }
          // Let everyone run to the end, time moving on so held leases expire.
          for (let round = 0; round < 40 && outcomes.some((o) => o === null); round++) {
            now += 1;
            [0, 1, 2].forEach(release);
            await flush();
          }
          expect(outcomes.every((o) => o !== null)).toBe(true);

          const snapshot = lab.snapshot();
          const result = evaluate(snapshot);
          expect(snapshot.publisher.receipts.length).toBeLessThanOrEqual(1);
          expect(result.checks.find((c) => c.id === 'no-step-redone')?.passed).toBe(true);
          expect(result.checks.find((c) => c.id === 'generation-per-claim')?.passed).toBe(true);
          // A checkpoint is only ever written by the generation that held the run at that moment.
          for (const checkpoint of snapshot.checkpoints) {
            const claim = snapshot.claims.find((c) => c.generation === checkpoint.generation);
            expect(claim?.owner).toBe(checkpoint.owner);
            // ...and before any newer generation claimed it: a stale worker's checkpoint never lands.
            const newer = snapshot.claims.filter((c) => c.generation > checkpoint.generation);
            expect(newer.every((c) => c.claimedAt >= checkpoint.savedAt)).toBe(true);
          }
          // Every accepted publish came from the newest generation the publisher had seen.
          let highest = 0;
          for (const request of snapshot.publisher.requests) {
            if (request.outcome !== 'stale')
              expect(request.generation).toBeGreaterThanOrEqual(highest);
            highest = Math.max(highest, request.generation);
          }
          if (outcomes.some((o) => o?.kind === 'succeeded')) expect(result.passed).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
