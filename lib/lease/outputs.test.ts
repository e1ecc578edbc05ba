import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { createLeaseModel, ttlOnlyDesign } from './index';

async function takenOver(design = undefined as typeof ttlOnlyDesign | undefined) {
  const db = await openSqlJs();
  const model = createLeaseModel(db, { design, leaseSeconds: 5 });
  model.setup();
  model.setupOutputs();
  model.claim('A', 0);
  model.claim('B', 6);
  return model;
}

describe('run outputs (draft, report reference)', () => {
  it('land only for the current generation; a stale writer changes 0 rows and is told why', async () => {
    const model = await takenOver();
    const stale = model.writeOutput('A', 1, 7, { name: 'draft', opId: 'op-a', body: 'old' });
    expect(stale).toMatchObject({ ok: false, changed: 0, failed: ['owner', 'fence'] });
    expect(
      model.writeOutput('B', 2, 7, { name: 'draft', opId: 'op-b', body: 'new' }),
    ).toMatchObject({ ok: true, changed: 1 });
    expect(model.readOutput('draft')).toMatchObject({
      owner: 'B',
      fence: 2,
      body: 'new',
      opId: 'op-b',
    });
  });

  it('a retry of the same operation is a duplicate and changes nothing', async () => {
    const model = await takenOver();
    model.writeOutput('B', 2, 7, { name: 'draft', opId: 'op-b', body: 'v1' });
    const retry = model.writeOutput('B', 2, 8, { name: 'draft', opId: 'op-b', body: 'v1 again' });
    expect(retry).toMatchObject({ ok: false, changed: 0, duplicate: true });
    expect(model.readOutput('draft')?.body).toBe('v1');
  });

  it('the TTL-only design lets the stale worker overwrite the draft (the broken design)', async () => {
    const model = await takenOver(ttlOnlyDesign);
    model.writeOutput('B', 2, 7, { name: 'draft', opId: 'op-b', body: 'new' });
    expect(
      model.writeOutput('A', 1, 7, { name: 'draft', opId: 'op-a', body: 'old' }),
    ).toMatchObject({ ok: true });
    expect(model.readOutput('draft')?.owner).toBe('A');
  });
});
