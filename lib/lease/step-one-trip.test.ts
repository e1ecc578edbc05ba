import { describe, expect, it } from 'vitest';
import type { AsyncSqlDriver, SqlParams, SqlRow } from '@/lib/sqlite';
import { fencedDesign } from './designs';
import { stepOneTrip } from './step-one-trip';
import { START_STATE, type LeaseRun } from './write';

/*
 * The step in one round trip (PostgreSQL): one statement carries the row before, the design's
 * own statement on the statement's clock, the row after and the guarded write; the decision is
 * the step's. Its runs on a real server are in scripts/crash-lab/step-one-trip.pg.test.ts.
 */

/** A PostgreSQL driver that answers every statement with `answer` and keeps what it was sent. */
function recording(answer: SqlRow) {
  const sent: { sql: string; params?: SqlParams }[] = [];
  const db = {
    dialect: 'postgres',
    get: async (sql: string, params?: SqlParams) => {
      sent.push({ sql, params });
      return answer;
    },
  } as unknown as AsyncSqlDriver;
  return { db, sent };
}

const run: LeaseRun = { design: fencedDesign, runId: 'r', leaseSeconds: 30, authority: 'row' };
const row = (owner: string, fence: number, leaseUntil: number, status = 'running') =>
  JSON.stringify({ runid: 'r', owner, leaseuntil: leaseUntil, fence, status });

describe('stepOneTrip', () => {
  it('sends the design’s renewal once, on the statement’s clock, with the guarded write', async () => {
    const { db, sent } = recording({
      now: 10,
      changed: 1,
      before: row('A', 1, 20),
      after: row('A', 1, 40),
      guarded: '[{"id":7}]',
    });
    const write = { kind: 'renew' as const, writer: 'A', token: 1 };
    const guarded = {
      sql: 'INSERT INTO t SELECT $step FROM stepped RETURNING 7 AS id',
      params: { step: 's' },
    };
    const done = await stepOneTrip(run, START_STATE, write, db, guarded);
    expect(sent).toHaveLength(1);
    const renewal = fencedDesign.renew.trim().replaceAll('$now', '(SELECT now FROM clock)');
    expect(sent[0].sql).toContain(`stepped AS (${renewal} RETURNING *)`);
    expect(sent[0].sql).toContain(`guarded AS (${guarded.sql})`);
    expect(sent[0].sql).not.toMatch(/\$now\b/);
    expect(sent[0].params).toEqual({ run: 'r', owner: 'A', token: 1, lease: 30, step: 's' });
    expect(done.now).toBe(10);
    expect(done.decision.outcome.database).toBe('applied');
    expect(done.row).toMatchObject({ owner: 'A', leaseUntil: 40 });
    expect(done.guarded).toEqual([{ id: 7 }]);
  });

  it('decides a refusal from the row the statement saw, at its clock', async () => {
    const { db } = recording({ now: 50, changed: 0, before: row('B', 2, 80), after: null });
    const write = { kind: 'finish' as const, writer: 'A', token: 1 };
    const done = await stepOneTrip(run, START_STATE, write, db);
    expect(done.decision.outcome.database).toBe('refused');
    expect(done.decision.at).toBe(50);
    expect(done.row).toMatchObject({ owner: 'B', fence: 2 });
    expect(done.state.authority).toEqual({ holder: 'B', token: 2 });
  });

  it('refuses a guarded write that binds a name of the step to another value', async () => {
    const { db } = recording({ now: 0, changed: 0, before: null, after: null });
    const write = { kind: 'renew' as const, writer: 'A', token: 1 };
    await expect(
      stepOneTrip(run, START_STATE, write, db, {
        sql: 'SELECT 1 RETURNING 1',
        params: { owner: 'B' },
      }),
    ).rejects.toThrow(/\$owner/);
  });
});
