import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asyncDriver, openSqlJs, type SqlDriver } from '@/lib/sqlite';
import { comparedDesigns, fencedDesign } from './designs';
import { step, stepAsync } from './step';
import { START_STATE, type LeaseRun, type LeaseState, type Write } from './write';

/*
 * lib/lease's one step: the write's decision from the row before and after, and who holds what
 * folded over a history; the synchronous and asynchronous drivers run the same plan.
 */

async function opened(design = fencedDesign): Promise<{ db: SqlDriver; run: LeaseRun }> {
  const db = await openSqlJs();
  db.exec(design.schema);
  if (design.targets) db.exec(design.targets.schema);
  db.run(design.submit, { run: 'r' });
  if (design.targets) db.run(design.targets.submit, { run: 'r' });
  return { db, run: { design, runId: 'r', leaseSeconds: 5 } };
}

describe('step: one write, read, run, read again, decided', () => {
  it('folds who holds the run over a takeover; the stale finish is refused on owner and fence', async () => {
    const { db, run } = await opened();
    let state: LeaseState = START_STATE;
    const go = (w: Write) => {
      const done = step(run, state, w, db);
      state = done.state;
      return done.decision;
    };
    expect(go({ kind: 'claim', writer: 'A', now: 0 }).outcome.database).toBe('applied');
    expect(state.authority).toEqual({ holder: 'A', token: 1 });
    go({ kind: 'claim', writer: 'B', now: 6 });
    expect(state).toEqual({
      authority: { holder: 'B', token: 2 },
      held: [
        { holder: 'A', token: 1 },
        { holder: 'B', token: 2 },
      ],
    });
    const stale = go({ kind: 'finish', writer: 'A', token: 1, now: 7 });
    expect(stale).toMatchObject({ failed: ['owner', 'fence'], violation: null });
    expect(stale.outcome).toMatchObject({ database: 'refused', rowsChanged: 0 });
    const done = go({ kind: 'finish', writer: 'B', token: 2, now: 7 });
    expect(done.outcome.database).toBe('applied');
    // The holder's own retry of a finish that landed is a duplicate, not a refusal.
    const retry = go({ kind: 'finish', writer: 'B', token: 2, now: 8 });
    expect(retry.outcome).toMatchObject({ database: 'duplicate', opId: 'B@2' });
  });

  it("a cancel's completion is a step too: refused before the cancel, canceling to canceled after", async () => {
    const { db, run } = await opened();
    const complete: Write = { kind: 'complete-cancel', writer: 'the user', now: 3 };
    const early = step(run, START_STATE, complete, db).decision;
    expect(early).toMatchObject({ kind: 'complete-cancel', outcome: { database: 'refused' } });
    step(run, START_STATE, { kind: 'cancel', writer: 'the user', now: 2 }, db);
    const done = step(run, START_STATE, complete, db);
    expect(done.decision).toMatchObject({
      kind: 'complete-cancel',
      outcome: { database: 'applied', rowsChanged: 1 },
      before: { status: 'canceling' },
      after: { status: 'canceled' },
    });
    expect(done.row?.status).toBe('canceled');
  });

  it('a claim whose reply was lost moves the authority, but its writer learns no token', async () => {
    const { db, run } = await opened();
    const done = step(
      run,
      START_STATE,
      { kind: 'claim', writer: 'A', now: 0, lost: 'ack-lost' },
      db,
    );
    expect(done.decision.outcome).toMatchObject({ database: 'applied', caller: 'unknown' });
    expect(done.state).toEqual({ authority: { holder: 'A', token: 1 }, held: [] });
  });

  it('a write to a run that does not exist is refused on `run`', async () => {
    const { db, run } = await opened();
    const missing = { ...run, runId: 'nope' };
    for (const w of [
      { kind: 'claim', writer: 'A', now: 0 },
      { kind: 'finish', writer: 'A', token: 1, now: 0 },
    ] as const)
      expect(step(missing, START_STATE, w, db).decision.failed).toEqual(['run']);
  });

  it('a fenced cancel leaves the run to nobody under a new generation', async () => {
    const { db, run } = await opened();
    const a = step(run, START_STATE, { kind: 'claim', writer: 'A', now: 0 }, db);
    const cancel = step(run, a.state, { kind: 'cancel', writer: 'the user', now: 1 }, db);
    expect(cancel.decision.outcome.database).toBe('applied');
    expect(cancel.state.authority).toEqual({ holder: null, token: cancel.row!.fence });
  });

  it("a registering claim tells the report store its generation: the old holder's report write is refused there, the new one's lands", async () => {
    const { db, run } = await opened();
    const a = step(run, START_STATE, { kind: 'claim', writer: 'A', now: 0, register: true }, db);
    expect(a.registered).toEqual(['report']);
    const b = step(run, a.state, { kind: 'claim', writer: 'B', now: 6, register: true }, db);
    const report = (writer: string, token: number, batch: number) =>
      step(
        run,
        b.state,
        {
          kind: 'resource',
          target: 'report',
          writer,
          token,
          batch,

          now: 7,
        },
        db,
      ).decision;
    const stale = report('A', 1, 1);
    expect(stale).toMatchObject({
      kind: 'resource',
      target: { id: 'report' },
      failed: ['highest-seen'],
    });
    expect(stale.outcome).toMatchObject({ database: 'refused', rowsChanged: 0 });
    expect(stale.checks[0]).toMatchObject({ expected: [2, 0], actual: [1, 1] });
    expect(report('B', 2, 1).outcome).toMatchObject({ database: 'applied', rowsChanged: 1 });
  });

  it("the gateway compares the run row; a report write after the holder's own check saw it lost sends nothing", async () => {
    const { db, run } = await opened();
    const a = step(run, START_STATE, { kind: 'claim', writer: 'A', now: 0 }, db);
    const b = step(run, a.state, { kind: 'claim', writer: 'B', now: 6 }, db);
    const base = { writer: 'A', token: 1, batch: 1, now: 7 } as const;
    const gateway = step(run, b.state, { kind: 'resource', target: 'gateway', ...base }, db);
    expect(gateway.decision).toMatchObject({ failed: ['owner', 'fence'] });
    expect(gateway.decision.outcome.database).toBe('refused');
    const unsent = { kind: 'resource', target: 'report', lostOwnCheck: true, ...base } as const;
    const check = step(run, b.state, unsent, db).decision;
    expect(check.failed).toEqual(['worker-check']);
    expect(check.checks).toEqual([
      expect.objectContaining({ expected: 1, actual: 2, held: false }),
    ]);
    expect(db.get('SELECT count(*) AS n FROM resource_writes')).toEqual({ n: 0 });
  });

  it('the sync and async drivers give the same decisions on random histories of every compared design', async () => {
    const designs = comparedDesigns();
    const write = fc.oneof(
      fc.record({
        kind: fc.constant('claim' as const),
        writer: fc.constantFrom('A', 'B', 'C'),
        now: fc.nat(20),
      }),
      fc.record({
        kind: fc.constantFrom('renew' as const, 'finish' as const),
        writer: fc.constantFrom('A', 'B', 'C'),
        token: fc.nat(4),
        now: fc.nat(20),
      }),
      fc.record({
        kind: fc.constant('cancel' as const),
        writer: fc.constant('the user'),
        now: fc.nat(20),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.nat(designs.length - 1),
        fc.array(write, { maxLength: 8 }),
        async (which, writes) => {
          const design = designs[which];
          const sync = await opened(design);
          const other = await opened(design);
          const db = asyncDriver(other.db);
          let a: LeaseState = START_STATE;
          let b: LeaseState = START_STATE;
          for (const w of writes) {
            const one = step(sync.run, a, w, sync.db);
            const two = await stepAsync(other.run, b, w, db);
            expect(two.decision).toEqual(one.decision);
            a = one.state;
            b = two.state;
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
