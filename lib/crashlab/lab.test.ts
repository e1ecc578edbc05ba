import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import {
  createCrashLab,
  createPublisher,
  evaluate,
  FAULT_POINTS,
  runWorker,
  type FaultPoint,
} from './index';

class Crash extends Error {
  constructor(readonly point: FaultPoint) {
    super(`died at ${point}`);
  }
}
const die = (point: FaultPoint): never => {
  throw new Crash(point);
};

async function setup(leaseSeconds = 2) {
  let now = 1000;
  const task = await openSqlJs();
  const publisherDb = await openSqlJs();
  const clock = { now: () => now, advance: (s: number) => (now += s) };
  const lab = createCrashLab({ task, publisher: publisherDb, clock: clock.now, leaseSeconds });
  lab.submit({ operationId: 'op-publish-1' });
  return { lab, clock, task, publisherDb };
}

async function crashAt(
  lab: Awaited<ReturnType<typeof setup>>['lab'],
  owner: string,
  fault: FaultPoint,
) {
  await expect(runWorker(lab, { owner, fault, die })).rejects.toThrow(new Crash(fault).message);
}

describe('crash lab: the source’s sequence', () => {
  it('dies after collect, a second worker takes over after the lease: succeeded, generation 2, collect once', async () => {
    const { lab, clock } = await setup(2);
    await crashAt(lab, 'worker-A', 'after_collect');
    const midway = lab.snapshot();
    expect(midway.status).toBe('running');
    expect(midway.checkpoints.map((c) => c.step)).toEqual(['collect']);

    // Before the lease runs out nobody may take over.
    clock.advance(1.5);
    expect(await runWorker(lab, { owner: 'worker-B', die })).toMatchObject({
      kind: 'not-claimed',
      reason: 'lease-held',
    });

    clock.advance(0.6);
    expect(await runWorker(lab, { owner: 'worker-B', die })).toEqual({
      kind: 'succeeded',
      generation: 2,
    });
    const result = evaluate(lab.snapshot());
    expect(result.checks.filter((c) => !c.passed)).toEqual([]);
    expect(result.figures).toEqual({ generation: 2, collectCount: 1, receipts: 1 });
  });
});

describe('crash lab: every fault point', () => {
  it.each(FAULT_POINTS)(
    '%s: resumes from the checkpoint and ends with one receipt',
    async (fault) => {
      const { lab, clock } = await setup(2);
      await crashAt(lab, 'worker-A', fault);
      clock.advance(2);
      expect(await runWorker(lab, { owner: 'worker-B', die })).toEqual({
        kind: 'succeeded',
        generation: 2,
      });
      const result = evaluate(lab.snapshot());
      expect(result.passed).toBe(true);
      // Only a step that died before its checkpoint is done twice.
      expect(result.figures.collectCount).toBe(fault === 'before_checkpoint:collect' ? 2 : 1);
      expect(result.figures.receipts).toBe(1);
    },
  );

  it('after_effect: the retried publish is deduplicated by the same operation id', async () => {
    const { lab, clock } = await setup(2);
    await crashAt(lab, 'worker-A', 'after_effect');
    clock.advance(3);
    await runWorker(lab, { owner: 'worker-B', die });
    const { publisher } = lab.snapshot();
    expect(publisher.requests.map((r) => [r.generation, r.outcome])).toEqual([
      [1, 'accepted'],
      [2, 'duplicate'],
    ]);
    expect(publisher.receipts).toHaveLength(1);
    expect(publisher.receipts[0].generation).toBe(1);
  });
});

describe('crash lab: a stale worker that wakes up', () => {
  it('cannot checkpoint or publish once a newer generation has claimed', async () => {
    const { lab, clock } = await setup(2);
    const a = lab.claim('worker-A');
    if (!a.ok) throw new Error('claim failed');
    const step = lab.beginStep('worker-A', a.fenceToken, 'collect');
    expect(step.ok).toBe(true);
    clock.advance(5); // A pauses past its lease
    expect(await runWorker(lab, { owner: 'worker-B', die })).toEqual({
      kind: 'succeeded',
      generation: 2,
    });

    const late = lab.checkpoint(
      'worker-A',
      a.fenceToken,
      'collect',
      step.ok ? step.attemptId : 0,
      'late',
    );
    expect(late.ok).toBe(false);
    const stale = lab.publish('worker-A', a.fenceToken, 'stale draft');
    expect(stale).toMatchObject({ ok: false, outcome: 'stale', highestGeneration: 2 });
    const snapshot = lab.snapshot();
    expect(snapshot.checkpoints.find((c) => c.step === 'collect')?.generation).toBe(2);
    expect(evaluate(snapshot).passed).toBe(true);
  });

  it('is refused by the publisher as soon as the new generation claims, before it publishes', async () => {
    const { lab, clock } = await setup(2);
    const a = lab.claim('worker-A');
    clock.advance(3);
    const b = lab.claim('worker-B');
    expect(b.ok && b.fenceToken).toBe(2);
    expect(lab.publish('worker-A', a.ok ? a.fenceToken : 0, 'x')).toMatchObject({
      ok: false,
      outcome: 'stale',
    });
    expect(lab.snapshot().publisher.receipts).toHaveLength(0);
  });
});

describe('publisher database enforces its rules itself', () => {
  it('a raw INSERT of a stale receipt is refused by the trigger', async () => {
    const db = await openSqlJs();
    const publisher = createPublisher(db);
    publisher.setup(0);
    publisher.register('run-1', 3);
    expect(() =>
      db.run(
        "INSERT INTO receipts (operation_id, run_id, generation, body, accepted_at) VALUES ('op', 'run-1', 2, 'b', 0)",
      ),
    ).toThrow(/stale generation/);
    expect(() =>
      db.run(
        "INSERT INTO receipts (operation_id, run_id, generation, body, accepted_at) VALUES ('op', 'run-1', 3, 'b', 0)",
      ),
    ).not.toThrow();
    expect(() =>
      db.run(
        "INSERT INTO receipts (operation_id, run_id, generation, body, accepted_at) VALUES ('op', 'run-1', 4, 'b', 0)",
      ),
    ).toThrow(/UNIQUE/);
  });

  it('never lowers the highest generation it has seen', async () => {
    const db = await openSqlJs();
    const publisher = createPublisher(db);
    publisher.setup(0);
    expect(publisher.register('run-1', 4)).toBe(4);
    expect(publisher.register('run-1', 2)).toBe(4);
  });
});

describe('evaluate names what failed', () => {
  it('an unfinished run fails run-succeeded and steps-checkpointed, with evidence', async () => {
    const { lab } = await setup(2);
    await crashAt(lab, 'worker-A', 'after_draft');
    const result = evaluate(lab.snapshot());
    expect(result.passed).toBe(false);
    const failed = result.checks.filter((c) => !c.passed).map((c) => c.id);
    expect(failed).toContain('run-succeeded');
    expect(failed).toContain('steps-checkpointed');
    expect(result.checks.find((c) => c.id === 'steps-checkpointed')?.evidence).toBe(
      'missing: verify, publish',
    );
  });

  it('a second receipt in the publisher fails one-receipt', async () => {
    const { lab, publisherDb } = await setup(2);
    await runWorker(lab, { owner: 'worker-A', die });
    publisherDb.run(
      "INSERT INTO receipts (operation_id, run_id, generation, body, accepted_at) VALUES ('other-op', 'run-1', 1, 'b', 0)",
    );
    const result = evaluate(lab.snapshot());
    expect(result.checks.find((c) => c.id === 'one-receipt')).toMatchObject({ passed: false });
  });
});

describe('crash lab invariants (property)', () => {
  it('any series of crashes, then one clean run: one receipt, no checkpointed step redone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...FAULT_POINTS), { maxLength: 6 }),
        fc.double({ min: 2, max: 10, noNaN: true }),
        async (faults, pause) => {
          const { lab, clock } = await setup(2);
          let owner = 0;
          for (const fault of faults) {
            const outcome = await runWorker(lab, { owner: `w${++owner}`, fault, die }).catch(
              (e) => e,
            );
            clock.advance(pause);
            // A fault point the run is already past is never reached, so that worker may succeed;
            // after that, nobody may claim the final run again.
            if (!(outcome instanceof Crash))
              expect(['succeeded', 'not-claimed']).toContain(outcome.kind);
          }
          await runWorker(lab, { owner: `w${++owner}`, die });
          const result = evaluate(lab.snapshot());
          expect(result.figures.receipts).toBe(1);
          expect(result.checks.find((c) => c.id === 'no-step-redone')?.passed).toBe(true);
          expect(result.passed).toBe(true);
          expect(result.figures.generation).toBeLessThanOrEqual(owner);
        },
      ),
      { numRuns: 40 },
    );
  });
});
