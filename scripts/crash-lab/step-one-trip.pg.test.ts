import { afterAll, describe, expect, inject, it } from 'vitest';
import { submitLab } from '@/lib/crashlab';
import {
  claimPicked,
  fencedDesign,
  START_STATE,
  stepAsync,
  stepOneTrip,
  type LeaseRun,
  type LeaseState,
} from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite';
import { openPg, type PgDriver } from './pg-driver';
import { createDatabase, labUrl } from './pg-server';

// lib/lease's step in one round trip, on a real PostgreSQL 18: on twin databases, every write
// decided by stepOneTrip (one statement, the server's clock) is decided as stepAsync decides it
// at that same clock (the row read, the statement, the row read again: four round trips with
// the row as the authority), and leaves the same row.
const port = inject('pgPort');
const opened: PgDriver[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});
let n = 0;

/** A fresh lab database with one run submitted (its publisher in a database of its own). */
async function freshTask(): Promise<{ db: PgDriver; run: string }> {
  const name = `step${process.pid}_${++n}`;
  await createDatabase(port, name);
  await createDatabase(port, `${name}_p`);
  const db = await openPg(labUrl(port, name));
  const publisher = await openPg(labUrl(port, `${name}_p`));
  opened.push(db);
  const [run] = await submitLab(db, publisher, { runs: 1, experiment: 'one-trip' });
  await publisher.close();
  return { db, run };
}

/** Counts the statements a handle sends: each is a round trip. */
function counted(db: AsyncSqlDriver, count: { trips: number }): AsyncSqlDriver {
  return {
    ...db,
    dialect: db.dialect,
    get: (sql, params) => {
      count.trips++;
      return db.get(sql, params);
    },
    all: (sql, params) => {
      count.trips++;
      return db.all(sql, params);
    },
    run: (sql, params) => {
      count.trips++;
      return db.run(sql, params);
    },
  };
}

describe('stepOneTrip on PostgreSQL', () => {
  it('decides every renewal and finish as stepAsync does at its clock, in one round trip each', async () => {
    const one = await freshTask();
    const twin = await freshTask();
    const run = (runId: string): LeaseRun => ({
      design: fencedDesign,
      runId,
      leaseSeconds: 30,
      authority: 'row',
    });
    const trips = { one: { trips: 0 }, twin: { trips: 0 } };
    const x = counted(one.db, trips.one);
    const y = counted(twin.db, trips.twin);
    let sx: LeaseState = START_STATE;
    let sy: LeaseState = START_STATE;
    const serverNow = async () =>
      Number(
        (
          await one.db.get<{ now: number }>(
            'SELECT extract(epoch FROM clock_timestamp())::float8 AS now',
          )
        )?.now,
      );
    const claim = async (writer: string) => {
      const now = await serverNow();
      const a = await stepAsync(run(one.run), sx, { kind: 'claim', writer, now }, one.db);
      const b = await stepAsync(run(twin.run), sy, { kind: 'claim', writer, now }, twin.db);
      expect(a.decision.outcome.database).toBe('applied');
      sx = a.state;
      sy = b.state;
    };
    const both = async (kind: 'renew' | 'finish', writer: string, token: number) => {
      const before = { one: trips.one.trips, twin: trips.twin.trips };
      const a = await stepOneTrip(run(one.run), sx, { kind, writer, token }, x);
      const b = await stepAsync(run(twin.run), sy, { kind, writer, token, now: a.now }, y);
      expect(trips.one.trips - before.one).toBe(1);
      expect(trips.twin.trips - before.twin).toBe(4);
      expect(a.decision).toEqual(b.decision);
      expect(a.row).toEqual(b.row);
      expect(a.state).toEqual(b.state);
      sx = a.state;
      sy = b.state;
      return a.decision.outcome.database;
    };
    const expire = async () => {
      for (const db of [one.db, twin.db])
        await db.run('UPDATE runs SET lease_until = lease_until - 1000');
    };

    await claim('A');
    expect(await both('renew', 'A', 1)).toBe('applied');
    await expire();
    expect(await both('renew', 'A', 1)).toBe('refused');
    await claim('B');
    expect(await both('finish', 'A', 1)).toBe('refused');
    expect(await both('renew', 'A', 1)).toBe('refused');
    expect(await both('renew', 'B', 2)).toBe('applied');
    expect(await both('finish', 'B', 2)).toBe('applied');
    expect(await both('finish', 'B', 2)).toBe('duplicate');
    expect(await both('renew', 'B', 2)).toBe('refused');
  });

  it('writes the guarded write only with a renewal that landed, in the same statement', async () => {
    const { db, run: runId } = await freshTask();
    const run: LeaseRun = { design: fencedDesign, runId, leaseSeconds: 30, authority: 'row' };
    const now = Number(
      (await db.get<{ now: number }>('SELECT extract(epoch FROM clock_timestamp())::float8 AS now'))
        ?.now,
    );
    await stepAsync(run, START_STATE, { kind: 'claim', writer: 'A', now }, db);
    const guarded = {
      sql: `INSERT INTO step_attempts (run_id, step, fence, owner, started_at)
  SELECT $run, $step, $fence, $owner, now FROM stepped, clock RETURNING attempt_id AS id`,
      params: { run: runId, step: 'fetch', fence: 1, owner: 'A' },
    };
    const write = { kind: 'renew' as const, writer: 'A', token: 1 };
    const landed = await stepOneTrip(run, START_STATE, write, db, guarded);
    expect(landed.decision.outcome.database).toBe('applied');
    expect(landed.guarded).toHaveLength(1);
    const stale = await stepOneTrip(run, START_STATE, { ...write, token: 0 }, db, {
      ...guarded,
      params: { ...guarded.params, fence: 0 },
    });
    expect(stale.decision.outcome.database).toBe('refused');
    expect(stale.guarded).toEqual([]);
    expect(await db.all('SELECT fence, owner FROM step_attempts')).toEqual([
      { fence: 1, owner: 'A' },
    ]);
  });

  it('claims a picked run as stepAsync claims it at the statement’s clock: landed, then held', async () => {
    const one = await freshTask();
    const twin = await freshTask();
    const count = { trips: 0 };
    const x = counted(one.db, count);
    // Any run, claimable or not, so a claim under a live lease is tried (and refused).
    const pick = 'SELECT run_id AS run FROM runs ORDER BY run_id LIMIT 1';
    let sx: LeaseState = START_STATE;
    let sy: LeaseState = START_STATE;
    const claim = async (writer: string, trips: number) => {
      count.trips = 0;
      const a = await x.transaction(() => claimPicked(fencedDesign, 30, sx, writer, pick, x));
      expect(count.trips).toBe(trips);
      expect(a.run).toBe(one.run);
      const run: LeaseRun = {
        design: fencedDesign,
        runId: twin.run,
        leaseSeconds: 30,
        authority: 'row',
      };
      const b = await stepAsync(run, sy, { kind: 'claim', writer, now: a.now }, twin.db);
      expect(a.stepped!.decision).toEqual(b.decision);
      expect(a.stepped!.row).toEqual(b.row);
      expect(a.stepped!.token).toEqual(b.token);
      expect(a.stepped!.state).toEqual(b.state);
      sx = a.stepped!.state;
      sy = b.state;
      return a.stepped!.decision.outcome.database;
    };
    // Landed: the statement, then the row after. Held: the statement alone.
    expect(await claim('A', 2)).toBe('applied');
    expect(await claim('B', 1)).toBe('refused');
  });
});
