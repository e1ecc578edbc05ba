import { substituteParams, type AsyncSqlDriver, type SqlRow, type SqlValue } from '@/lib/sqlite';
import { readRunRow } from './run-row';
import { decideStep } from './step-decide';
import { rowHolds, nextState } from './step-state';
import type { Ask } from './sql-plan';
import { runStatement } from './step-sql';
import type { LeaseRun, LeaseState, LeaseStepResult, Write } from './write';

/*
 * The step in one round trip, for PostgreSQL, where every statement is a round trip: the run
 * row before, the design's statement (the one `step` runs: its SQL and parameters come from the
 * step's own plan, step-sql.ts) and the row after are one statement of data-modifying CTEs, on
 * the clock that statement reads, and a write the step guards can ride in the same statement.
 * The decision is `step`'s (step-decide.ts) on what that statement saw.
 *
 * The rows after a statement are not visible to a read in the same statement, so the row after
 * is read from what the statement returned (`RETURNING *`, read again through the design's own
 * read with the run table named by a CTE), and is the row before when it changed nothing.
 */

/** A renewal or finish whose clock is the statement's own (the server's, read in it). */
export type OneTripWrite = Omit<Extract<Write, { kind: 'renew' | 'finish' }>, 'now'>;

/**
 * A write that commits with the step or not at all: its SQL may select FROM `stepped` (the run
 * rows the step's statement changed: none when it was refused) and `clock` (column `now`, the
 * statement's clock), and ends with RETURNING (its rows come back with the step's result).
 */
export interface GuardedWrite {
  sql: string;
  params: Readonly<Record<string, SqlValue>>;
}

/** The step's result, with the clock that judged it and the rows the guarded write returned. */
export interface OneTripResult extends LeaseStepResult {
  now: number;
  guarded: SqlRow[];
}

/** The server clock, in seconds, read once by the statement. */
export const CLOCK = `clock AS MATERIALIZED (SELECT extract(epoch FROM clock_timestamp())::float8 AS now)`;

/** A statement without its closing semicolon, to stand in a CTE. */
export const bare = (sql: string) => sql.trim().replace(/;$/, '');

/** A row PostgreSQL returned as JSON text (`row_to_json(...)::text`), or nothing. */
export const parsed = (text: unknown) =>
  typeof text === 'string' && text ? (JSON.parse(text) as SqlRow) : undefined;

/**
 * The statement `step` runs for the write, with its parameters (a claim's: the first of its
 * transaction's body, a one-statement claim's only one).
 */
export function statementOf(
  r: LeaseRun,
  w: Write,
): { sql: string; params: Record<string, SqlValue> } {
  const plan = runStatement(r, w);
  let ask: IteratorResult<Ask, unknown> = plan.next();
  if (!ask.done && ask.value.op === 'atomic') ask = ask.value.body.next();
  const expected = w.kind === 'claim' ? 'all' : 'run';
  if (ask.done || ask.value.op !== expected)
    throw new Error(`The one-trip step runs one statement; the ${w.kind} asks for another.`);
  return { sql: ask.value.sql, params: { ...(ask.value.params as Record<string, SqlValue>) } };
}

/**
 * The write's statement and its parameters on the statement's clock: `$now` is the clock CTE.
 * A parameter computed from the clock cannot be bound before the statement reads it: refused.
 */
function onServerClock(r: LeaseRun, w: OneTripWrite) {
  const at = (now: number) => statementOf(r, { ...w, now } as Write);
  const zero = at(0);
  const one = at(1);
  const { now: _zero, ...params } = zero.params;
  const { now: _one, ...others } = one.params;
  if (JSON.stringify(params) !== JSON.stringify(others))
    throw new Error(
      `The ${w.kind} binds a value computed from the clock: it needs the step's clock.`,
    );
  return { sql: substituteParams(bare(zero.sql), { now: '(SELECT now FROM clock)' }), params };
}

/** One statement: the clock, the row before, the write, the row after, the guarded write. */
function oneStatement(r: LeaseRun, write: string, guarded?: string): string {
  const table = r.design.rules?.table.name;
  if (!table) throw new Error('The one-trip step needs a design built from rules (its run table).');
  const read = bare(r.design.read);
  return `WITH ${CLOCK},
before AS MATERIALIZED (${read}),
stepped AS (${write} RETURNING *),
after AS (WITH ${table} AS (SELECT * FROM stepped) ${read})${guarded ? `,\nguarded AS (${bare(guarded)})` : ''}
SELECT (SELECT now FROM clock) AS now, (SELECT count(*) FROM stepped) AS changed,
  (SELECT row_to_json(b)::text FROM before b) AS before,
  (SELECT row_to_json(a)::text FROM after a) AS after${guarded ? `,\n  (SELECT json_agg(g)::text FROM guarded g) AS guarded` : ''}`;
}

/**
 * One renewal or finish through the design, on PostgreSQL, in one round trip: decided as `step`
 * decides it, at the clock of the statement that ran it, with `guarded` written only when the
 * write changed the run row (atomically: one statement).
 */
export async function stepOneTrip(
  run: LeaseRun,
  folded: LeaseState,
  write: OneTripWrite,
  db: AsyncSqlDriver,
  guarded?: GuardedWrite,
): Promise<OneTripResult> {
  if (db.dialect !== 'postgres') throw new Error('The one-trip step speaks PostgreSQL.');
  const statement = onServerClock(run, write);
  const params: Record<string, SqlValue> = { ...statement.params };
  for (const [name, value] of Object.entries(guarded?.params ?? {})) {
    if (Object.hasOwn(params, name) && params[name] !== value)
      throw new Error(`The guarded write binds $${name} to another value than the step.`);
    params[name] = value;
  }
  const row = await db.get(oneStatement(run, statement.sql, guarded?.sql), params);
  const now = Number(row?.now);
  const changed = Number(row?.changed ?? 0);
  const before = readRunRow(parsed(row?.before));
  // A statement that changed nothing left the row as it read it.
  const after = changed > 0 ? readRunRow(parsed(row?.after)) : before;
  const w = { ...write, now } as Write;
  const state = run.authority === 'row' ? rowHolds(folded, before) : folded;
  const decided = decideStep(run, state, w, { before, after, changed });
  const rows = typeof row?.guarded === 'string' ? (JSON.parse(row.guarded) as SqlRow[]) : [];
  return {
    ...decided,
    row: after,
    state: nextState(state, w, decided.decision),
    now,
    guarded: rows,
  };
}
