import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { createLeaseModel, fencedDesign, ownerOnlyFinishDesign } from './index';

describe('the claim lab’s designs on the runs table', () => {
  it('the lesson’s design refuses a stale renew by owner and fence, and a late claim of a done run', async () => {
    const m = createLeaseModel(await openSqlJs(), { design: fencedDesign, leaseSeconds: 5 });
    m.setup();
    m.claim('A', 0);
    m.claim('B', 6);
    expect(m.renew('A', 1, 7)).toMatchObject({ ok: false, failed: ['owner', 'fence'] });
    expect(m.finish('B', 2, 7)).toMatchObject({ ok: true, changed: 1 });
    expect(m.claim('C', 100)).toMatchObject({ ok: false, decision: { failed: ['claimable'] } });
  });

  it('the owner-only finish lets a stale process of the same worker finish', async () => {
    const m = createLeaseModel(await openSqlJs(), {
      design: ownerOnlyFinishDesign,
      leaseSeconds: 5,
    });
    m.setup();
    m.claim('A', 0);
    m.claim('A', 6);
    expect(m.finish('A', 1, 7)).toMatchObject({ ok: true, changed: 1 });
  });
});
