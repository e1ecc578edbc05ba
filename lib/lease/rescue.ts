import { claimState } from './checks';
import {
  CLAIM_COLUMNS,
  CLAIM_FIELD,
  conditionParams,
  conditionsWhere,
  RUN_COLUMNS,
  type ClaimColumn,
  type RunColumn,
  type RunCondition,
} from './catalogue';
import { conditionChecks } from './catalogue-checks';
import { asRead } from './kinds/conditions';
import { RUNS_TABLE, type RunTable } from './conditions';
import type { CheckResult, RowState, WriteDecision } from './decision';
import { RUN_ROW } from './kinds/targets';
import { build, outcome, type DecisionContext } from './judge';
import type { SqlDriver } from '@/lib/sqlite';

/*
 * A rescuer (a sweeper, a reconciler): a party beyond the holders that reads the run row at one
 * step and writes at a later one. It re-queues a run it read as stuck (running, its lease run
 * out), so another worker can take it. Its write may compare columns with the values it read
 * (`owner = $read_owner`, a fingerprint of owner, token and status); by the run id alone it
 * lands on whatever the row has become since, a run finished in between included (River's and
 * Oban's rescuers, issue 26).
 */

/**
 * The run row's columns the timeline's rescuer may compare with what it read: every column a
 * condition can compare (RUN_COLUMNS), so each column a finish's fingerprint compares (attempt,
 * claimed_by as the owner, claimed_at, attempted_at) too. A claim column exists only in a table
 * that has it ({@link rescueFieldsOf}); a design records it once a rescuer compares it.
 */
export const RESCUE_FIELDS = RUN_COLUMNS;
export type RescueField = RunColumn;

/** The columns a rescuer can compare on `t`: the lesson's four, and the claim columns `t` has. */
export function rescueFieldsOf(t: RunTable): RescueField[] {
  const claim = CLAIM_COLUMNS as readonly string[];
  return RESCUE_FIELDS.filter((c) => !claim.includes(c) || t[CLAIM_FIELD[c as ClaimColumn]]);
}

/** The name of the third party that rescues, as the decisions and sentences call it. */
export const RESCUER = 'the rescuer';

/** What the rescuer read, and when (database time). */
export interface RescueRead {
  row: RowState;
  at: number;
}

/** The rescuer's conditions: each compared column as the catalogue's value as read. */
function asReadEach(compare: readonly RunColumn[]): RunCondition[] {
  return RUN_COLUMNS.filter((f) => compare.includes(f)).map(asRead);
}

/** The rescuer's re-queue: the run back to queued, nobody's, compared with what it read. */
export function rescueSql(compare: readonly RunColumn[], t: RunTable = RUNS_TABLE): string {
  return `UPDATE ${t.name} SET ${t.status} = '${t.queued}', ${t.owner} = '', ${t.leaseUntil} = 0 WHERE ${conditionsWhere(asReadEach(compare), t)}`;
}

/** Runs the re-queue on `db` with the values read; the rows it changed. */
export function rescueRun(
  db: SqlDriver,
  w: { runId: string; read: RowState; compare: readonly RunColumn[]; table?: RunTable },
): number {
  const params = conditionParams(asReadEach(w.compare), {
    owner: RESCUER,
    token: 0,
    now: 0,
    read: w.read,
  });
  return db.run(rescueSql(w.compare, w.table), { run: w.runId, ...params });
}

/** Whether the rescuer's read showed a stuck run: running, with its lease run out. */
export function readStuck(read: RescueRead): boolean {
  return claimState(read.row, read.at) === 'expired';
}

/**
 * The rescuer's re-queue, decided. It is sent only after a read that showed a stuck run (the
 * check 'stuck': expected 'expired', actual what the read showed, or 'unread'); then each
 * compared column must still hold the value read (a value-as-read check, per column).
 */
export function decideRescue(
  ctx: DecisionContext,
  w: {
    read: RescueRead | null;
    compare: readonly RunColumn[];
    before: RowState;
    after: RowState;
    changed: number;
  },
): WriteDecision {
  const seen = w.read ? claimState(w.read.row, w.read.at) : 'unread';
  const checks: CheckResult[] = [
    {
      name: 'stuck',
      relation: 'equals',
      expected: 'expired',
      actual: seen,
      held: seen === 'expired',
    },
  ];
  if (w.read && seen === 'expired')
    checks.push(
      ...conditionChecks(asReadEach(w.compare), w.before, {
        owner: RESCUER,
        token: 0,
        now: w.read.at,
        read: w.read.row,
      }),
    );
  return build(ctx, {
    kind: 'rescue',
    token: null,
    target: RUN_ROW.target,
    checks,
    outcome: outcome(ctx, w.changed > 0 ? 'applied' : 'refused', w.changed),
    before: w.before,
    after: w.after,
    ...(w.read ? { read: w.read.row } : {}),
  });
}
