import { substituteParams, type AsyncSqlDriver, type SqlRow, type SqlValue } from '@/lib/sqlite';
import { readRunRow } from './run-row';
import { decideStep } from './step-decide';
import { rowHolds, nextState } from './step-state';
import { CLOCK, bare, parsed, statementOf, type GuardedWrite } from './step-one-trip';
import type { LeaseDesign } from './types';
import type { LeaseRun, LeaseState, LeaseStepResult, Write } from './write';

/*
 * A queue's claim as the step, on PostgreSQL: the pick of the run (a SELECT returning column
 * `run`), the run row before, the design's own claim (the statement `step` runs, with `$run` the
 * picked run and `$now` the statement's clock) and a write guarded by it are one statement; the
 * row after is read in a second round trip (a claim returns its token, not its row, and the rows
 * a statement changed are not visible to a read in it), which is why the caller holds a
 * transaction around both. The decision is `step`'s.
 */

/** A claim picked and stepped: the run picked (null: none), the clock, the step's result. */
export interface PickedClaim {
  run: string | null;
  now: number;
  /** Absent when nothing was picked. */
  stepped?: LeaseStepResult;
  /** The rows the guarded write returned (it may select FROM stepped, picked and clock). */
  guarded: SqlRow[];
}

/**
 * Picks a run with `pick` and claims it for `writer` through the design, on the statement's
 * clock, in one statement and one read of the row after. Call it inside a transaction of `db`.
 */
export async function claimPicked(
  design: LeaseDesign,
  leaseSeconds: number,
  folded: LeaseState,
  writer: string,
  pick: string,
  db: AsyncSqlDriver,
  guarded?: GuardedWrite,
): Promise<PickedClaim> {
  if (db.dialect !== 'postgres') throw new Error('The one-trip claim speaks PostgreSQL.');
  if (design.claimRead) throw new Error('The one-trip claim needs a one-statement claim.');
  const clocked = { now: '(SELECT now FROM clock)', clock: '(SELECT now FROM clock)' };
  const onClock = (sql: string) =>
    substituteParams(bare(sql), { ...clocked, run: '(SELECT run FROM picked)' });
  const template: LeaseRun = { design, runId: '', leaseSeconds };
  const claim = statementOf(template, { kind: 'claim', writer, now: 0 });
  const { run: _run, now: _now, clock: _clock, ...params } = claim.params;
  const bound: Record<string, SqlValue> = { ...params };
  for (const [name, value] of Object.entries(guarded?.params ?? {})) {
    if (Object.hasOwn(bound, name) && bound[name] !== value)
      throw new Error(`The guarded write binds $${name} to another value than the claim.`);
    bound[name] = value;
  }
  const sql = `WITH ${CLOCK},
picked AS MATERIALIZED (${substituteParams(bare(pick), clocked)}),
before AS MATERIALIZED (${onClock(design.read)}),
stepped AS (${onClock(claim.sql)})${guarded ? `,\nguarded AS (${bare(guarded.sql)})` : ''}
SELECT (SELECT now FROM clock) AS now, (SELECT run FROM picked) AS run,
  (SELECT count(*) FROM stepped) AS changed,
  (SELECT row_to_json(s)::text FROM stepped s LIMIT 1) AS returned,
  (SELECT row_to_json(b)::text FROM before b) AS before${guarded ? `,\n  (SELECT json_agg(g)::text FROM guarded g) AS guarded` : ''}`;
  const row = await db.get(sql, bound);
  const now = Number(row?.now);
  const rows = typeof row?.guarded === 'string' ? (JSON.parse(row.guarded) as SqlRow[]) : [];
  const runId = typeof row?.run === 'string' ? row.run : null;
  if (runId === null) return { run: null, now, guarded: rows };
  const run: LeaseRun = { ...template, runId, authority: 'row' };
  const changed = Number(row?.changed ?? 0);
  const before = readRunRow(parsed(row?.before));
  const after = changed > 0 ? readRunRow(await db.get(design.read, { run: runId })) : before;
  const w: Write = { kind: 'claim', writer, now };
  const state = rowHolds(folded, before);
  const decided = decideStep(run, state, w, { before, after, changed });
  const applied = decided.decision.outcome.database === 'applied';
  const returned = parsed(row?.returned);
  const stepped: LeaseStepResult = {
    ...decided,
    row: after,
    ...(applied && returned ? { token: Number(returned.token) } : {}),
    state: nextState(state, w, decided.decision),
  };
  return { run: runId, now, stepped, guarded: rows };
}
