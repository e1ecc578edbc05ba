import { describe, expect, it } from 'vitest';
import { createLeaseModel, fencedDesign, workerSideCheckDesign } from '@/lib/lease';
import { openSqlJs } from '@/lib/sqlite';
import { loadTimelineEngine } from '@/lib/timeline';
import { MISTAKES } from './mistakes';

/** The expected fates of the mistakes' predictions, checked against the rulebook's own designs. */
const fate = (id: string, write: string) =>
  MISTAKES.find((m) => m.id === id)?.prediction.writes.find((w) => w.id === write)?.fate;

describe('the predictions agree with what the lease model computes', () => {
  it('TTL expiry: A’s late finish is refused, B’s applies (the lesson’s design, lease 5)', async () => {
    const model = createLeaseModel(await openSqlJs(), { design: fencedDesign, leaseSeconds: 5 });
    model.setup();
    const a = model.claim('A', 0);
    const b = model.claim('B', 6);
    if (!a.ok || !b.ok) throw new Error('a claim was refused');
    expect([a.fenceToken, b.fenceToken]).toEqual([1, 2]);
    expect(model.finish('A', a.fenceToken, 7).ok ? 'applied' : 'refused').toBe(
      fate('mistake-ttl-kills-old-worker', 'a-finish'),
    );
    expect(model.finish('B', b.fenceToken, 8).ok ? 'applied' : 'refused').toBe(
      fate('mistake-ttl-kills-old-worker', 'b-finish'),
    );
  });

  it('worker-side check: A checks at 4, B takes over and writes, A’s stale report still lands', async () => {
    const model = createLeaseModel(await openSqlJs(), {
      design: workerSideCheckDesign,
      leaseSeconds: 5,
    });
    model.setup();
    const a = model.claim('A', 0);
    if (!a.ok) throw new Error('claim refused');
    expect(model.workerCheck('A', a.fenceToken, 4)).toBe(true);
    const b = model.claim('B', 6);
    if (!b.ok) throw new Error('claim refused');
    expect(model.workerCheck('B', b.fenceToken, 6)).toBe(true);
    const id = 'mistake-token-checked-only-in-worker';
    expect(model.writeReport('B', b.fenceToken, 6, 1).observed.database.kind).toBe(
      fate(id, 'b-report'),
    );
    expect(model.writeReport('A', a.fenceToken, 9, 1).observed.database.kind).toBe(
      fate(id, 'a-report'),
    );
  });
});

describe('a prediction the timeline engine can play', () => {
  const played = MISTAKES.filter((m) => m.prediction.run);

  it('covers the expiry and the worker-side check predictions', () => {
    expect(played.map((m) => m.id)).toEqual([
      'mistake-ttl-kills-old-worker',
      'mistake-token-checked-only-in-worker',
    ]);
  });

  for (const { id, prediction } of played) {
    it(`${id}: the engine gives every predicted write the fate the card reveals`, async () => {
      const engine = await loadTimelineEngine();
      const trace = engine.run({ version: 1, id, title: id, ...prediction.run! });
      for (const write of prediction.writes) {
        const effect = trace.writes.find((w) => w.eventId === write.id);
        expect(effect?.outcome, `${id}: ${write.id}`).toBe(write.fate);
      }
    });
  }
});
