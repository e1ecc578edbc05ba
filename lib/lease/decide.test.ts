import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqlJs, type SqlDriver, type SqlParams } from '@/lib/sqlite';
import { claimableSql, COMMIT_CONDITIONS, conditionSql, type CommitCondition } from './conditions';
import { decideCancel, decideClaim, decideCommit, decideFinish, decideRenew } from './decide';
import { decideFenceWrite, decideQuorum } from './decide-resource';
import { authorityAfter, NO_AUTHORITY, type DecisionContext } from './judge';
import type { RowState } from './decision';
import { FINAL_STATUSES, type RunStatus } from './types';

const row = (over: Partial<RowState> = {}): RowState => ({
  owner: 'A',
  fence: 1,
  leaseUntil: 10,
  status: 'running',
  ...over,
});
const ctx = (over: Partial<DecisionContext> = {}): DecisionContext => ({
  writer: 'A',
  at: 5,
  authority: { holder: 'A', token: 1 },
  ...over,
});

describe('decideClaim', () => {
  it('an applied claim carries its new token and the claimable check it ran', () => {
    const d = decideClaim(ctx({ authority: NO_AUTHORITY }), {
      before: row({ owner: '', fence: 0, status: 'queued', leaseUntil: 0 }),
      after: row(),
      changed: 1,
      checked: true,
    });
    expect(d).toMatchObject({ kind: 'claim', token: 1, failed: [], violation: null });
    expect(d.checks).toEqual([
      {
        name: 'claimable',
        relation: 'one-of',
        expected: ['queued', 'expired'],
        actual: 'queued',
        held: true,
      },
    ]);
    expect(authorityAfter(NO_AUTHORITY, d)).toEqual({ holder: 'A', token: 1 });
  });

  it('a claim on a held lease is refused on claimable, and carries no token', () => {
    const d = decideClaim(ctx({ writer: 'B' }), {
      before: row(),
      after: row(),
      changed: 0,
      checked: true,
    });
    expect(d).toMatchObject({ token: null, failed: ['claimable'], violation: null });
    expect(d.checks[0].actual).toBe('held');
    expect(d.outcome).toEqual({ database: 'refused', caller: 'refused', rowsChanged: 0 });
  });

  it('case 6: an unchecked claim (select, then update) that reopens a done run breaks property 3', () => {
    const d = decideClaim(ctx({ writer: 'B' }), {
      before: row({ status: 'done' }),
      after: row({ owner: 'B', fence: 2 }),
      changed: 1,
      checked: false,
    });
    expect(d.checks).toEqual([]);
    expect(d.violation).toEqual({
      kind: 'final-claimed',
      property: 3,
      culprit: 'B',
      victim: 'A',
    });
  });

  it('case 6: two holders sharing a token breaks property 2, naming the other holder', () => {
    const d = decideClaim(ctx({ writer: 'C', authority: { holder: 'B', token: 2 } }), {
      before: row({ owner: 'B', fence: 2, leaseUntil: 3 }),
      after: row({ owner: 'C', fence: 2 }),
      changed: 1,
      checked: false,
      others: [
        { holder: 'B', token: 2 },
        { holder: 'C', token: 1 },
      ],
    });
    expect(d.violation).toMatchObject({ kind: 'shared-token', culprit: 'C', victim: 'B' });
  });
});

describe('decideCommit', () => {
  it('case 1: a stale finish that lands breaks property 1, culprit the writer, victim the holder', () => {
    const d = decideFinish(ctx({ authority: { holder: 'B', token: 2 } }), {
      conditions: ['status'],
      before: row({ owner: 'B', fence: 2 }),
      after: row({ owner: 'B', fence: 2, status: 'done' }),
      token: 1,
      changed: 1,
    });
    expect(d.checks.map((c) => c.name)).toEqual(['status']);
    expect(d.violation).toEqual({ kind: 'stale-write', property: 1, culprit: 'A', victim: 'B' });
  });

  it('case 1: the rightful holder refused after that finish breaks nothing itself', () => {
    const d = decideFinish(ctx({ writer: 'B', authority: { holder: 'B', token: 2 } }), {
      conditions: ['status'],
      before: row({ owner: 'B', fence: 2, status: 'done' }),
      after: row({ owner: 'B', fence: 2, status: 'done' }),
      token: 2,
      changed: 0,
    });
    expect(d).toMatchObject({ failed: ['status'], violation: null });
    expect(d.checks[0]).toMatchObject({ expected: 'running', actual: 'done' });
  });

  it('case 3: a renewal is a renewal, with the checks its statement ran', () => {
    const d = decideRenew(ctx({ authority: { holder: 'B', token: 2 } }), {
      conditions: COMMIT_CONDITIONS,
      before: row({ owner: 'B', fence: 2 }),
      after: row({ owner: 'B', fence: 2 }),
      token: 1,
      changed: 0,
    });
    expect(d.kind).toBe('renew');
    expect(d.failed).toEqual(['owner', 'fence']);
    expect(d.checks[1]).toMatchObject({ name: 'fence', expected: 1, actual: 2, held: false });
  });

  it('case 9: 0 rows after the writer’s own finish is a duplicate, not a refusal', () => {
    const done = row({ status: 'done' });
    const d = decideFinish(ctx(), {
      conditions: COMMIT_CONDITIONS,
      before: done,
      after: done,
      token: 1,
      changed: 0,
      duplicate: { opId: 'A@1' },
    });
    expect(d.outcome).toMatchObject({ database: 'duplicate', opId: 'A@1', rowsChanged: 0 });
    expect(d.violation).toBeNull();
  });

  it('a duplicate output names the operation id check and who stored it', () => {
    const d = decideCommit(ctx(), {
      kind: 'output',
      conditions: COMMIT_CONDITIONS,
      before: row(),
      after: row(),
      token: 1,
      changed: 0,
      duplicate: { opId: 'op-1', storedBy: 'A' },
    });
    expect(d.failed).toEqual(['operation']);
    expect(d.outcome.database).toBe('duplicate');
  });

  it('a lost acknowledgement: the writer learns unknown, the database keeps applied', () => {
    const d = decideRenew(ctx({ lost: 'ack-lost' }), {
      conditions: COMMIT_CONDITIONS,
      before: row(),
      after: row({ leaseUntil: 10 }),
      token: 1,
      changed: 1,
    });
    expect(d.outcome).toEqual({
      database: 'applied',
      caller: 'unknown',
      unknownReason: 'ack-lost',
      rowsChanged: 1,
    });
  });
});

describe('decideCancel', () => {
  it('a fenced cancel leaves the run to nobody under the new generation', () => {
    const d = decideCancel(ctx({ writer: 'user' }), {
      before: row(),
      after: row({ fence: 2, status: 'canceling' }),
      changed: 1,
    });
    expect(d).toMatchObject({ kind: 'cancel', token: null, violation: null });
    expect(authorityAfter({ holder: 'A', token: 1 }, d)).toEqual({ holder: null, token: 2 });
  });

  it('a cancel of a done run is refused on its status', () => {
    const done = row({ status: 'done' });
    const d = decideCancel(ctx({ writer: 'user' }), { before: done, after: done, changed: 0 });
    expect(d.failed).toEqual(['status']);
  });
});

describe('decideFenceWrite', () => {
  const highest = {
    kind: 'highest-seen',
    registration: 'first-write',
    order: 'generation',
  } as const;

  it('a highest-seen resource refuses a token below what it saw', () => {
    const d = decideFenceWrite(ctx({ authority: { holder: 'B', token: 2 } }), {
      target: 'gateway:email',
      fence: highest,
      token: 1,
      seen: { generation: 2, batch: 0 },
      changed: 0,
    });
    expect(d.target).toEqual({ id: 'gateway:email', guard: 'highest-seen' });
    expect(d.checks).toEqual([
      { name: 'highest-seen', relation: 'at-least', expected: 2, actual: 1, held: false },
    ]);
    expect(d.outcome.database).toBe('refused');
  });

  it('case 7: a resource with no check runs none; a stale write there breaks property 1', () => {
    const d = decideFenceWrite(ctx({ authority: { holder: 'B', token: 2 } }), {
      target: 'gateway:email',
      fence: { kind: 'none' },
      token: 1,
      changed: 1,
    });
    expect(d.checks).toEqual([]);
    expect(d.violation).toMatchObject({ kind: 'stale-write', culprit: 'A', victim: 'B' });
  });

  it('a key-only resource: a stored key is a duplicate', () => {
    const d = decideFenceWrite(ctx(), {
      target: 'tickets',
      fence: { kind: 'key-only' },
      token: 1,
      key: { key: 'k1', storedBy: 'B' },
      changed: 0,
    });
    expect(d.outcome).toMatchObject({ database: 'duplicate', opId: 'k1' });
  });

  it('the holder’s own check that fails sends nothing: only that check is named', () => {
    const d = decideFenceWrite(ctx(), {
      target: 'report',
      fence: { kind: 'none' },
      token: 1,
      workerCheck: { rowFence: 2 },
      changed: 0,
    });
    expect(d.checks.map((c) => c.name)).toEqual(['worker-check']);
    expect(d.outcome.database).toBe('refused');
  });

  it('a trusted gateway judges the run row', () => {
    const d = decideFenceWrite(ctx(), {
      target: 'gateway',
      fence: { kind: 'run-row', conditions: ['fence', 'lease', 'status'] },
      token: 1,
      row: row({ owner: 'B', fence: 2 }),
      changed: 0,
    });
    expect(d.failed).toEqual(['fence']);
  });
});

describe('decideQuorum', () => {
  it('case 7: one acceptor of three took it: stored by a minority, not committed', () => {
    const d = decideQuorum(ctx(), {
      target: 'gateway:journal',
      token: 1,
      needed: 2,
      votes: [
        { acceptor: 1, reached: true, accepted: true, highestBefore: 0 },
        { acceptor: 2, reached: false, accepted: false, highestBefore: 0 },
        { acceptor: 3, reached: false, accepted: false, highestBefore: 0 },
      ],
    });
    expect(d.quorum).toEqual({
      acceptors: 3,
      needed: 2,
      took: [1],
      refused: [],
      missed: [2, 3],
      committed: false,
    });
    expect(d.failed).toEqual(['quorum']);
    expect(d.outcome).toMatchObject({ database: 'refused', rowsChanged: 0 });
  });
});

/* Properties: every check a builder records agrees with the SQL that decides the same row. */

const STATUSES: RunStatus[] = ['queued', 'running', 'done', 'canceling', 'canceled', 'failed'];
const rowArb = fc.record({
  owner: fc.constantFrom('', 'A', 'B'),
  fence: fc.integer({ min: 0, max: 4 }),
  leaseUntil: fc.integer({ min: 0, max: 12 }),
  status: fc.constantFrom(...STATUSES),
});
const conditionsArb = fc.subarray([...COMMIT_CONDITIONS]);

let db: SqlDriver;
beforeAll(async () => {
  db = await openSqlJs();
  db.exec(
    `CREATE TABLE runs (run_id TEXT PRIMARY KEY, owner TEXT, lease_until INTEGER, fence INTEGER, status TEXT)`,
  );
});
function sqlHolds(where: string, r: RowState, params: SqlParams): boolean {
  db.exec('DELETE FROM runs');
  db.run(`INSERT INTO runs VALUES ('r', $owner, $lease, $fence, $status)`, {
    owner: r.owner,
    lease: r.leaseUntil,
    fence: r.fence,
    status: r.status,
  });
  return db.get(`SELECT 1 AS ok FROM runs WHERE run_id = 'r' AND ${where}`, params) !== undefined;
}

describe('decision properties', () => {
  it('each run-row check holds exactly when its SQL fragment matches the row; failed lists the rest', () => {
    fc.assert(
      fc.property(
        rowArb,
        conditionsArb,
        fc.constantFrom('A', 'B'),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        (before, conditions, writer, token, at, changed) => {
          const d = decideCommit(ctx({ writer, at }), {
            kind: 'finish',
            conditions,
            before,
            after: before,
            token,
            changed: changed ? 1 : 0,
          });
          expect(d.checks.map((c) => c.name)).toEqual(
            COMMIT_CONDITIONS.filter((c) => conditions.includes(c)),
          );
          for (const c of d.checks) {
            const sql = conditionSql(c.name as CommitCondition);
            expect(c.held).toBe(sqlHolds(sql, before, { owner: writer, token, now: at }));
          }
          expect(d.failed).toEqual(d.checks.filter((c) => !c.held).map((c) => c.name));
          expect(d.outcome.database).toBe(changed ? 'applied' : 'refused');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the claimable check agrees with the claim’s SQL', () => {
    fc.assert(
      fc.property(rowArb, fc.integer({ min: 0, max: 12 }), (before, at) => {
        const d = decideClaim(ctx({ at }), { before, after: before, changed: 0, checked: true });
        expect(d.checks[0].held).toBe(sqlHolds(claimableSql(), before, { now: at }));
      }),
      { numRuns: 200 },
    );
  });

  it('a violation only on an applied write; stale exactly when the writer does not hold the run', () => {
    const holder = fc.constantFrom('A', 'B');
    fc.assert(
      fc.property(
        rowArb,
        holder,
        fc.integer({ min: 1, max: 3 }),
        holder,
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        fc.option(fc.constantFrom('ack-lost' as const), { nil: undefined }),
        (before, writer, token, authorityHolder, authorityToken, applied, lost) => {
          const authority = { holder: authorityHolder, token: authorityToken };
          const d = decideRenew(ctx({ writer, authority, lost }), {
            conditions: [],
            before,
            after: before,
            token,
            changed: applied ? 1 : 0,
          });
          expect(d.outcome.caller).toBe(lost ? 'unknown' : d.outcome.database);
          if (!applied) {
            expect(d.violation).toBeNull();
            return;
          }
          const rightful = writer === authorityHolder && token === authorityToken;
          expect(d.violation?.kind === 'stale-write').toBe(!rightful);
          if (!rightful)
            expect(d.violation).toMatchObject({ culprit: writer, victim: authorityHolder });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a claim breaks property 3 exactly when the row it took was final', () => {
    fc.assert(
      fc.property(rowArb, (before) => {
        const d = decideClaim(ctx({ writer: 'C' }), {
          before,
          after: { ...before, owner: 'C', fence: before.fence + 1, status: 'running' },
          changed: 1,
          checked: false,
        });
        expect(d.violation?.kind === 'final-claimed').toBe(FINAL_STATUSES.includes(before.status));
      }),
    );
  });
});
