import { beforeEach, describe, expect, it } from 'vitest';
import { openSqlJs, type SqlDriver } from '@/lib/sqlite';
import {
  RESOURCE_FENCE_SCHEMA,
  describeFingerprint,
  fingerprintToken,
  readPromises,
  readResourceWrites,
  registerAtResource,
  writeAtResource,
  type ResourceFence,
} from './resource-fence';
import type { RunRow } from './types';

let db: SqlDriver;
beforeEach(async () => {
  db = await openSqlJs();
  db.exec(RESOURCE_FENCE_SCHEMA);
});

const send = (
  fence: ResourceFence,
  token: number,
  extra: { reach?: number[]; key?: string } = {},
) => writeAtResource(db, fence, { resource: 'r', writer: 'W', token, body: `t${token}`, ...extra });

const row = (fence: number, status: RunRow['status'] = 'running', leaseUntil = 10): RunRow => ({
  runId: 'r',
  owner: 'B',
  fence,
  status,
  leaseUntil,
  cancelEpoch: 0,
});

describe('resource fences', () => {
  it('highest-seen refuses a token below one it has seen, and takes an equal or higher one', () => {
    const fence: ResourceFence = { kind: 'highest-seen' };
    expect(send(fence, 34).outcome).toBe('applied');
    expect(send(fence, 33)).toMatchObject({ outcome: 'refused', failed: ['token'], compared: 34 });
    expect(send(fence, 34).outcome).toBe('applied');
    expect(readResourceWrites(db).map((w) => w.token)).toEqual([34, 34]);
  });

  it('a registration makes highest-seen refuse the old generation before the new one writes', () => {
    const fence: ResourceFence = { kind: 'highest-seen' };
    expect(registerAtResource(db, fence, { resource: 'r', token: 2 })?.outcome).toBe('applied');
    expect(send(fence, 1).outcome).toBe('refused');
    expect(registerAtResource(db, { kind: 'none' }, { resource: 'r', token: 3 })).toBeNull();
  });

  it('run-row equality takes only the current holder, while the run is running and the lease valid', () => {
    const fence: ResourceFence = { kind: 'run-row' };
    const at = (r: RunRow, token: number, now = 5) =>
      writeAtResource(
        db,
        fence,
        { resource: 'r', writer: 'W', token, body: '' },
        {
          row: r,
          holderToken: r.fence,
          now,
        },
      ).outcome;
    expect(at(row(2), 2)).toBe('applied');
    expect(at(row(2), 1)).toBe('refused');
    expect(at(row(2), 3)).toBe('refused');
    expect(at(row(2, 'canceled'), 2)).toBe('refused');
    expect(at(row(2), 2, 10)).toBe('refused');
  });

  it('key-only drops a repeated key as a duplicate whatever the token, and none takes everything', () => {
    expect(send({ kind: 'key-only' }, 5, { key: 'k' }).outcome).toBe('applied');
    expect(send({ kind: 'key-only' }, 9, { key: 'k' }).outcome).toBe('duplicate');
    expect(send({ kind: 'key-only' }, 1, { key: 'other' }).outcome).toBe('applied');
    expect(send({ kind: 'none' }, 0).outcome).toBe('applied');
  });

  it('majority: a write commits only on a majority of acceptors, each keeping its highest promise', () => {
    const fence: ResourceFence = { kind: 'majority', acceptors: 3 };
    expect(registerAtResource(db, fence, { resource: 'r', token: 2, reach: [1, 2] })).toMatchObject(
      {
        outcome: 'applied',
        needed: 2,
      },
    );
    const minority = send(fence, 1, { reach: [3] });
    expect(minority).toMatchObject({ outcome: 'refused', failed: ['quorum'] });
    expect(minority.votes.map((v) => v.accepted)).toEqual([false, false, true]);
    expect(send(fence, 1)).toMatchObject({ outcome: 'refused', failed: ['token', 'quorum'] });
    expect(send(fence, 2).outcome).toBe('applied');
    expect(readPromises(db)).toEqual({ r: [2, 2, 2] });
    expect(readResourceWrites(db).map((w) => [w.token, w.acks, w.committed])).toEqual([
      [1, 1, false],
      [1, 1, false],
      [2, 3, true],
    ]);
  });
});

describe('fingerprint tokens', () => {
  it('counter and attempt are the fence; claimed_at is the claimer’s clock; the pair orders by attempt, then time', () => {
    expect(fingerprintToken('counter', { fence: 3, claimedAt: 40 })).toBe(3);
    expect(fingerprintToken('attempt', { fence: 3, claimedAt: 40 })).toBe(3);
    expect(fingerprintToken('claimed-at', { fence: 3, claimedAt: 40 })).toBe(40);
    const pair = (fence: number, claimedAt: number) =>
      fingerprintToken('attempt-claimed-at', { fence, claimedAt });
    expect(pair(2, 0)).toBeGreaterThan(pair(1, 3000));
    expect(pair(2, 5)).toBeGreaterThan(pair(2, -5));
    expect(describeFingerprint('attempt-claimed-at', pair(2, -5))).toBe(
      '(attempt 2, claimed_at -5)',
    );
    expect(describeFingerprint('counter', 34, 'producer epoch')).toBe('producer epoch 34');
  });
});
