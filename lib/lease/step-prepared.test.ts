import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { fencedDesign } from './designs';
import { step } from './step';
import { emptyHolder, PreparedStep, type StepHolder } from './step-prepared';
import { StatementBinding } from './step-prepared-bind';
import { wrapSqlJs } from '@/lib/sqlite';
import { START_STATE, type LeaseState } from './write';

/*
 * The prepared form of the step (the checker's search): a design's statements prepared once
 * and run per holder, binding the holder's numbers; what they change is what `step` changes.
 */

const SQL = await initSqlJs();

function holderOf(owners: string[], values: Partial<StepHolder>[]) {
  const holder = emptyHolder(new Float64Array(8));
  return (worker: number) => Object.assign(holder, { owner: owners[worker] }, values[worker]);
}

describe('the prepared step', () => {
  it('binder-without-op: $op binds the batch’s operation id, $clock the holder’s clock', () => {
    const db = new SQL.Database();
    const binding = new StatementBinding(db, [], { run: 'r', lease: 5 });
    const p = binding.prepare('SELECT $op AS op, $clock AS clock, $run AS run');
    binding.bind(p, holderOf(['A'], [{ now: 4, batch: 2 }])(0));
    p.stmt.step();
    expect(p.stmt.get()).toEqual(['batch 2', 4, 'r']);
    binding.dispose();
    db.close();
  });

  it('changes the run row as the step does: a takeover, a stale finish, the holder’s finish', () => {
    const design = fencedDesign;
    const opened = () => {
      const db = wrapSqlJs(new SQL.Database());
      db.exec(design.schema);
      db.exec(design.targets!.schema);
      db.run(design.submit, { run: 'r' });
      db.run(design.targets!.submit, { run: 'r' });
      return db;
    };
    const fast = opened();
    const values: Partial<StepHolder>[] = [{}, {}];
    const prepared = new PreparedStep(
      fast.raw,
      design,
      ['A', 'B'],
      { run: 'r', lease: 5 },
      holderOf(['A', 'B'], values),
    );
    const slow = opened();
    const run = { design, runId: 'r', leaseSeconds: 5 };
    let state: LeaseState = START_STATE;
    const stepped = (w: Parameters<typeof step>[2]) => {
      const done = step(run, state, w, slow);
      state = done.state;
      return done.decision.outcome.database;
    };

    values[0] = { now: 0 };
    expect(prepared.claim(0)).toBe(1);
    expect(stepped({ kind: 'claim', writer: 'A', now: 0 })).toBe('applied');
    values[0] = { now: 6, token: prepared.returned, claimed: true };
    values[1] = { now: 6 };
    expect(prepared.claim(1)).toBe(1);
    expect(prepared.returned).toBe(2);
    expect(stepped({ kind: 'claim', writer: 'B', now: 6 })).toBe('applied');
    values[1] = { now: 6, token: 2, claimed: true };
    expect(prepared.finish(0)).toBe(0);
    expect(stepped({ kind: 'finish', writer: 'A', token: 1, now: 6 })).toBe('refused');
    expect(prepared.finish(1)).toBe(1);
    expect(stepped({ kind: 'finish', writer: 'B', token: 2, now: 6 })).toBe('applied');
    const row = slow.get<{ fence: number; status: string }>(design.read, { run: 'r' })!;
    expect(prepared.readRun()).toEqual({ fence: row.fence, status: row.status });
    expect(prepared.readRun()).toEqual({ fence: 2, status: 'done' });
    expect(prepared.writes).toBe(3);
    prepared.dispose();
    fast.close();
    slow.close();
  });
});
