import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import {
  cancelWithoutFencingDesign,
  createLeaseModel,
  explain,
  LESSON_VOCABULARY,
  fencedDesign,
  LESSON_DEMO_OUTPUT,
  runLessonDemo,
  ttlOnlyDesign,
} from './index';

async function model() {
  const m = createLeaseModel(await openSqlJs(), { leaseSeconds: 5 });
  m.setup();
  return m;
}

describe('the lesson demo', () => {
  it('prints exactly 1 2 / old: 0 / new: 1', async () => {
    const lines = runLessonDemo(await openSqlJs());
    console.log(lines.join('\n'));
    expect(lines).toEqual([...LESSON_DEMO_OUTPUT]);
    expect(lines.join('\n')).toBe('1 2\nold: 0\nnew: 1');
  });

  it('lets the stale finish through when the design has no fence (TTL only)', async () => {
    expect(runLessonDemo(await openSqlJs(), ttlOnlyDesign)).toEqual(['1 2', 'old: 1', 'new: 0']);
  });
});

describe('claim', () => {
  it('takes a queued run, bumps the fence and sets the lease from database time', async () => {
    const m = await model();
    const a = m.claim('A', 10);
    expect(a).toMatchObject({ ok: true, changed: 1, fenceToken: 1, leaseUntil: 15 });
    expect(m.read()).toMatchObject({ owner: 'A', fence: 1, status: 'running', leaseUntil: 15 });
  });

  it('refuses while the lease is held, and takes over exactly at expiry', async () => {
    const m = await model();
    m.claim('A', 0);
    const early = m.claim('B', 4);
    expect(early).toMatchObject({
      ok: false,
      changed: 0,
      decision: { failed: ['claimable'], checks: [{ name: 'claimable', actual: 'held' }] },
    });
    expect(m.read()).toMatchObject({ owner: 'A', fence: 1 });
    expect(m.claim('B', 5)).toMatchObject({ ok: true, fenceToken: 2 });
  });

  it('never claims a run in a final state', async () => {
    for (const end of ['done', 'canceled'] as const) {
      const m = await model();
      const a = m.claim('A', 0);
      if (!a.ok) throw new Error('claim failed');
      if (end === 'done') m.finish('A', a.fenceToken, 1);
      else m.cancel(1);
      const late = m.claim('B', 100);
      expect(late).toMatchObject({ ok: false, decision: { failed: ['claimable'] } });
      expect(m.read()?.status).toBe(end === 'canceled' ? 'canceling' : end);
      if (end === 'canceled') {
        expect(m.completeCancel(2).ok).toBe(true);
        expect(m.claim('B', 100)).toMatchObject({ ok: false, decision: { failed: ['claimable'] } });
        expect(m.read()?.status).toBe('canceled');
      }
    }
  });

  it('reports a missing run', async () => {
    const db = await openSqlJs();
    db.exec(fencedDesign.schema);
    const m = createLeaseModel(db, { runId: 'nope' });
    expect(m.claim('A', 0)).toMatchObject({ ok: false, decision: { failed: ['run'] } });
  });
});

describe('renew and finish', () => {
  it('renews only with the current owner and fence, before expiry', async () => {
    const m = await model();
    m.claim('A', 0);
    expect(m.renew('A', 1, 3)).toMatchObject({ ok: true, changed: 1 });
    expect(m.read()?.leaseUntil).toBe(8);
    m.claim('B', 8);
    const stale = m.renew('A', 1, 9);
    expect(stale).toMatchObject({ ok: false, changed: 0, failed: ['owner', 'fence'] });
    expect(m.read()).toMatchObject({ owner: 'B', fence: 2, leaseUntil: 13 });
  });

  it('explains which conditions refused the stale finish', async () => {
    const m = await model();
    m.claim('A', 0);
    m.claim('B', 6);
    const stale = m.finish('A', 1, 7);
    expect(stale.ok).toBe(false);
    if (stale.ok) return;
    expect(stale.failed).toEqual(['owner', 'fence']);
    expect(explain(stale.decision, LESSON_VOCABULARY).sentence).toContain(
      'the fence is 2, A holds 1',
    );
  });

  it('refuses a finish after the lease ran out even with nobody else claiming', async () => {
    const m = await model();
    m.claim('A', 0);
    const late = m.finish('A', 1, 5);
    expect(late).toMatchObject({ ok: false, failed: ['lease'] });
  });

  it('a cancel fences: canceling under a new generation, refused at the run row and at every fenced target', async () => {
    const m = await model();
    m.claim('A', 0);
    m.register(1);
    expect(m.writeReport('A', 1, 1, 1).changed).toBe(1);
    const cancel = m.cancel(1);
    expect(cancel).toMatchObject({ ok: true, changed: 1, generation: 2, registered: ['report'] });
    expect(m.read()).toMatchObject({ status: 'canceling', fence: 2 });
    expect(m.finish('A', 1, 2)).toMatchObject({ ok: false, failed: ['fence', 'status'] });
    expect(m.writeReport('A', 1, 2, 2).observed.database).toMatchObject({
      kind: 'refused',
      failed: ['highest-seen'],
    });
    expect(m.sendGateway('A', 1, 2).observed.database).toMatchObject({
      kind: 'refused',
      failed: ['fence', 'status'],
    });
    expect(m.cancel(3)).toMatchObject({ ok: false, changed: 0 });
    // Reconciliation lists the effects already done before the cancel.
    const done = m.completeCancel(4);
    expect(done.row?.status).toBe('canceled');
    expect(done.effects.map((e) => `${e.resource} ${e.holder} gen ${e.generation}`)).toEqual([
      'report A gen 1',
    ]);
  });

  it('a cancel without fencing refuses the old holder at the run row only', async () => {
    const m = createLeaseModel(await openSqlJs(), {
      design: cancelWithoutFencingDesign,
      leaseSeconds: 5,
    });
    m.setup();
    m.claim('A', 0);
    m.register(1);
    m.cancel(1);
    expect(m.read()).toMatchObject({ status: 'canceled', fence: 1 });
    expect(m.finish('A', 1, 2)).toMatchObject({ ok: false, failed: ['status'] });
    expect(m.writeReport('A', 1, 2, 1).changed).toBe(1);
  });

  it('a retried finish after a lost reply is a duplicate, not a refusal', async () => {
    const m = await model();
    m.claim('A', 0);
    expect(m.finish('A', 1, 1).decision.outcome.database).toBe('applied');
    const retry = m.finish('A', 1, 2);
    expect(retry).toMatchObject({ ok: false, changed: 0 });
    expect(retry.decision.outcome.database).toBe('duplicate');
    expect(m.finish('B', 1, 2).decision.outcome.database).toBe('refused');
  });
});
