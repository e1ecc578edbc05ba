import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { asyncDriver } from '@/lib/sqlite/async-driver';
import { evaluateQueue } from './evaluate';
import type { HistoryEntry } from './history';
import { createQueueLab, queueRunIds, submitQueue } from './lab';
import { chaosPlan } from './plan';
import { runQueueWorker } from './worker';

describe('the queue lab over the asynchronous executor (sql.js here, PostgreSQL in the CLI)', () => {
  it('one worker drains a queue of five runs; evaluate over history and databases passes', async () => {
    const task = asyncDriver(await openSqlJs());
    const publisher = asyncDriver(await openSqlJs());
    await submitQueue(task, publisher, { runs: 5, experiment: 'x' });
    const lab = createQueueLab({ task, publisher, leaseSeconds: 30 });
    const history: HistoryEntry[] = [];
    let t = 0;
    const summary = await runQueueWorker(lab, {
      owner: 'w1',
      pid: 1,
      die: () => {
        throw new Error('no fault planned');
      },
      idle: async () => undefined,
      record: (e) => history.push(e),
      clock: () => ++t,
    });
    expect(summary).toEqual({ succeeded: 5, fencedOut: 0, stopped: 'all-final' });
    const evaluation = evaluateQueue(await lab.snapshot(), history);
    expect(evaluation).toMatchObject({ passed: true, runs: 5, succeeded: 5, receipts: 5 });
    expect(
      history.filter((e) => e.type === 'complete' && e.op === 'claim' && e.outcome === 'applied'),
    ).toHaveLength(5);
  });

  it('a publish from an older generation is refused by the publisher, and its request is logged', async () => {
    const task = asyncDriver(await openSqlJs());
    const publisher = asyncDriver(await openSqlJs());
    await submitQueue(task, publisher, { runs: 1, experiment: 'x' });
    const lab = createQueueLab({ task, publisher, leaseSeconds: 30 });
    const claimed = await lab.claimNext('A');
    expect(claimed).toMatchObject({ ok: true, runId: 'run-0001', generation: 1 });
    await publisher.run(
      "UPDATE resource_fences SET generation = 2 WHERE run_id = 'run-0001' AND resource = 'publisher'",
    );
    const decision = await lab.publish('run-0001', 1, 'draft');
    expect(decision).toMatchObject({ outcome: 'refused', highestGeneration: 2 });
    // The trigger refuses even a raw INSERT that skips the publish function.
    await expect(
      publisher.run(
        "INSERT INTO receipts (operation_id, run_id, generation, body, accepted_at) VALUES ('raw', 'run-0001', 1, '', 0)",
      ),
    ).rejects.toThrow(/stale generation/);
  });
});

describe('chaos plan', () => {
  it('is a pure function of its seed and faults distinct runs', () => {
    const ids = queueRunIds(50);
    expect(chaosPlan(7, ids, 10)).toEqual(chaosPlan(7, ids, 10));
    expect(chaosPlan(7, ids, 10)).not.toEqual(chaosPlan(8, ids, 10));
    expect(new Set(chaosPlan(7, ids, 10).map((f) => f.runId)).size).toBe(10);
  });
});
