import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import {
  createLeaseModel,
  fencedDesign,
  fencePerBatchDesign,
  selectThenUpdateDesign,
  workerSideCheckDesign,
  type LeaseDesign,
} from './index';

async function model(design: LeaseDesign) {
  const m = createLeaseModel(await openSqlJs(), { design, leaseSeconds: 5 });
  m.setup();
  return m;
}

describe('a two-statement claim run as two steps', () => {
  it('binds what the earlier read saw: two reads before either write give both workers token 1', async () => {
    const m = await model(selectThenUpdateDesign);
    const seenByA = m.claimRead('A', 0);
    const seenByB = m.claimRead('B', 0);
    expect(seenByA).toEqual({ seen_fence: 0 });
    expect(m.claim('A', 0, seenByA)).toMatchObject({ ok: true, fenceToken: 1 });
    expect(m.claim('B', 0, seenByB)).toMatchObject({ ok: true, fenceToken: 1 });
    expect(m.read()).toMatchObject({ owner: 'B', fence: 1 });
  });

  it('without a read given, runs read and write together: the second claim is refused', async () => {
    const m = await model(selectThenUpdateDesign);
    expect(m.claim('A', 0)).toMatchObject({ ok: true, fenceToken: 1 });
    expect(m.claim('B', 0)).toMatchObject({
      ok: false,
      decision: { failed: ['claimable'], checks: [{ name: 'claimable', actual: 'held' }] },
    });
  });

  it('a read that saw nothing sends no claim', async () => {
    const m = await model(selectThenUpdateDesign);
    m.claim('A', 0);
    expect(m.claimRead('B', 1)).toBeNull();
    // Nothing was sent: no row changed, though the row it would have judged is claimable.
    expect(m.claim('B', 10, null)).toMatchObject({
      ok: false,
      changed: 0,
      decision: { outcome: { database: 'refused', rowsChanged: 0 } },
    });
    expect(m.read()).toMatchObject({ owner: 'A', fence: 1 });
  });

  it('a one-statement design has no read', async () => {
    expect((await model(fencedDesign)).claimRead('A', 0)).toBeUndefined();
  });
});

describe('the design’s report store', () => {
  it('the lesson’s store refuses an older generation once the new holder has registered', async () => {
    const m = await model(fencedDesign);
    m.claim('A', 0);
    m.claim('B', 5);
    // Before B's registration event the store has not heard of generation 2.
    expect(m.readReport()).toBeUndefined();
    expect(m.register(2)).toEqual(['report']);
    const stale = m.writeReport('A', 1, 5, 1);
    expect(stale.changed).toBe(0);
    expect(stale.observed.database).toMatchObject({ kind: 'refused', failed: ['highest-seen'] });
    expect(m.writeReport('B', 2, 5, 1).observed.database.kind).toBe('applied');
    expect(m.readReport()).toEqual({ ref: 'B token 2 batch 1', fence: 2 });
    expect(m.workerCheck('A', 1, 5)).toBeUndefined();
  });

  it('fence per batch: the old worker’s token + batch reaches the new generation and lands', async () => {
    const m = await model(fencePerBatchDesign);
    m.claim('A', 0);
    m.claim('B', 5);
    m.register(2);
    // A presents 1 + 1 = 2 as one counter: not below the registered 2, so it lands.
    expect(m.writeReport('A', 1, 5, 1).changed).toBe(1);
    expect(m.readReport()).toEqual({ ref: 'A token 1 batch 1', fence: 2 });
  });

  it('the lesson’s (generation, batch) pair: batch 2 of generation 1 stays below generation 2', async () => {
    const m = await model(fencedDesign);
    m.claim('A', 0);
    expect(m.writeReport('A', 1, 1, 1).changed).toBe(1);
    m.claim('B', 5);
    m.register(2);
    expect(m.writeReport('A', 1, 5, 2).changed).toBe(0);
    expect(m.writeReport('B', 2, 5, 1).changed).toBe(1);
    expect(m.writeReport('B', 2, 5, 2).changed).toBe(1);
    expect(m.writeReport('B', 2, 5, 1).changed).toBe(0);
  });

  it('worker-side check: the check sees the token until the takeover; the store takes anything', async () => {
    const m = await model(workerSideCheckDesign);
    m.claim('A', 0);
    expect(m.workerCheck('A', 1, 5)).toBe(true);
    m.claim('B', 5);
    expect(m.workerCheck('A', 1, 5)).toBe(false);
    expect(m.writeReport('A', 1, 5, 1).changed).toBe(1);
  });
});
