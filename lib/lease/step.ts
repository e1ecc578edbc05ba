import type { AsyncSqlDriver, SqlDriver, SqlRow } from '@/lib/sqlite';
import type { WriteDecision } from './decision';
import type { RunOutput, RunRow } from './types';
import type { LeaseRun, LeaseState, LeaseStepResult, Write } from './write';
import { drive, driveAsync, type Plan } from './sql-plan';
import { decideStep } from './step-decide';
import { rowHolds, nextState } from './step-state';
import { claimRead, readRow, readStoredOutput, registerGeneration, runStatement } from './step-sql';

/*
 * The lease's one step, as Knossos has one Model.step that every checker folds over a history:
 * step(run, state, write, driver) reads the run row, runs the design's statement (both
 * step-sql.ts), reads the row again, decides the outcome and the property the write broke
 * (step-decide.ts), and moves who holds what on (step-state.ts). The timeline, the lease model
 * and the crash lab map their own input to a Write and call it; none reads the row or decides on
 * its own.
 *
 * The step is written once, as a plan of SQL requests (sql-plan.ts): `step` answers them from a
 * synchronous driver (sql.js, better-sqlite3), `stepAsync` from an asynchronous one (PostgreSQL).
 */

function* stepPlan(r: LeaseRun, folded: LeaseState, w: Write): Plan<LeaseStepResult> {
  const state = r.authority === 'row' ? rowHolds(folded, yield* readRow(r)) : folded;
  const before = yield* readRow(r);
  const done = yield* runStatement(r, w);
  const after = yield* readRow(r);
  const exists = before !== undefined && after !== undefined;
  const stored =
    w.kind === 'output' && done.changed === 0 && exists
      ? yield* readStoredOutput(r, w.output.name)
      : undefined;
  const decided = decideStep(r, state, w, { ...done, before, after, stored });
  const applied = decided.decision.outcome.database === 'applied';
  // A new generation the design's fenced targets learn now: a fenced cancel's (one no holder
  // owns), or a registering claimant's before it acts.
  const generation =
    w.kind === 'cancel' && done.changed > 0 && before && after && after.fence > before.fence
      ? after.fence
      : w.kind === 'claim' && w.register && applied && exists
        ? done.token
        : undefined;
  const registered =
    generation === undefined ? undefined : yield* registerGeneration(r, generation);
  return {
    ...decided,
    row: after,
    ...(registered ? { registered } : {}),
    ...(w.kind === 'claim' && applied && exists ? { token: done.token } : {}),
    state: nextState(state, w, decided.decision),
  };
}

/**
 * The step's decision on a write that changed nothing, judged on the run row its caller read
 * (undefined: no such run) without asking the database again: a crash lab claim that found no
 * claimable run, a checkpoint another attempt had stored (`stored`).
 */
export function decideUnchanged(
  run: LeaseRun,
  state: LeaseState,
  write: Write,
  row: RunRow | undefined,
  stored?: RunOutput,
): WriteDecision {
  const holds = run.authority === 'row' ? rowHolds(state, row) : state;
  const facts = { before: row, after: row, changed: 0, ...(stored ? { stored } : {}) };
  return decideStep(run, holds, write, facts).decision;
}

/**
 * The first statement of a two-statement claim on its own, as a step of the claimant (null: it
 * saw nothing; undefined: the design's claim is one statement). Its row is what `seen` carries.
 */
export function readBeforeClaim(
  run: LeaseRun,
  claimant: { writer: string; now: number },
  db: SqlDriver,
): SqlRow | null | undefined {
  if (!run.design.claimRead) return undefined;
  return drive(claimRead(run, claimant), db) ?? null;
}

/** One write through the design on a synchronous driver (sql.js, better-sqlite3). */
export function step(
  run: LeaseRun,
  state: LeaseState,
  write: Write,
  db: SqlDriver,
): LeaseStepResult {
  return drive(stepPlan(run, state, write), db);
}

/** One write through the design on an asynchronous driver (PostgreSQL): the same plan. */
export function stepAsync(
  run: LeaseRun,
  state: LeaseState,
  write: Write,
  db: AsyncSqlDriver,
): Promise<LeaseStepResult> {
  return driveAsync(stepPlan(run, state, write), db);
}
