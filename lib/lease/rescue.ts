import { claimState } from './checks';
import { RUNS_TABLE, type RunTable } from './conditions';
import type { CheckResult, RowState, WriteDecision } from './decision';
import { build, outcome, RUN_ROW, type DecisionContext } from './judge';
import type { SqlDriver } from '@/lib/sqlite';

/*
 * A rescuer (a sweeper, a reconciler): a party beyond the holders that reads the run row at one
 * step and writes at a later one. It re-queues a run it read as stuck (running, its lease run
 * out), so another worker can take it. Its write may compare columns with the values it read
 * (`owner = $read_owner`, a fingerprint of owner, token and status); by the run id alone it
 * lands on whatever the row has become since, a run finished in between included (River's and
 * Oban's rescuers, issue 26).
 */

/** The run row's columns a rescuer's write may compare with what it read, in the row's order. */
export const RESCUE_FIELDS = ['owner', 'fence', 'lease', 'status'] as const;
export type RescueField = (typeof RESCUE_FIELDS)[number];

/** The name of the third party that rescues, as the decisions and sentences call it. */
export const RESCUER = 'the rescuer';

/** What the rescuer read, and when (database time). */
export interface RescueRead {
  row: RowState;
  at: number;
}

const COLUMN: Readonly<Record<RescueField, (t: RunTable) => string>> = {
  owner: (t) => t.owner,
  fence: (t) => t.fence,
  lease: (t) => t.leaseUntil,
  status: (t) => t.status,
};

const VALUE: Readonly<Record<RescueField, (row: RowState) => string | number>> = {
  owner: (row) => row.owner,
  fence: (row) => row.fence,
  lease: (row) => row.leaseUntil,
  status: (row) => row.status,
};

/** The fields in the row's order, each once. */
function ordered(compare: readonly RescueField[]): RescueField[] {
  return RESCUE_FIELDS.filter((f) => compare.includes(f));
}

/** The rescuer's re-queue: the run back to queued, nobody's, compared with what it read. */
export function rescueSql(compare: readonly RescueField[], t: RunTable = RUNS_TABLE): string {
  const where = [`${t.id} = $run`, ...ordered(compare).map((f) => `${COLUMN[f](t)} = $read_${f}`)];
  return `UPDATE ${t.name} SET ${t.status} = '${t.queued}', ${t.owner} = '', ${t.leaseUntil} = 0 WHERE ${where.join(' AND ')}`;
}

/** Runs the re-queue on `db` with the values read; the rows it changed. */
export function rescueRun(
  db: SqlDriver,
  w: { runId: string; read: RowState; compare: readonly RescueField[]; table?: RunTable },
): number {
  const params: Record<string, string | number> = { run: w.runId };
  for (const f of ordered(w.compare)) params[`read_${f}`] = VALUE[f](w.read);
  return db.run(rescueSql(w.compare, w.table), params);
}

/** Whether the rescuer's read showed a stuck run: running, with its lease run out. */
export function readStuck(read: RescueRead): boolean {
  return claimState(read.row, read.at) === 'expired';
}

/**
 * The rescuer's re-queue, decided. It is sent only after a read that showed a stuck run (the
 * check 'stuck': expected 'expired', actual what the read showed, or 'unread'); then each
 * compared column must still hold the value read (the check 'as-read', per column).
 */
export function decideRescue(
  ctx: DecisionContext,
  w: {
    read: RescueRead | null;
    compare: readonly RescueField[];
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
    for (const field of ordered(w.compare)) {
      const expected = VALUE[field](w.read.row);
      const actual = VALUE[field](w.before);
      checks.push({
        name: 'as-read',
        field,
        relation: 'equals',
        expected,
        actual,
        held: expected === actual,
      });
    }
  return build(ctx, {
    kind: 'rescue',
    token: null,
    target: RUN_ROW,
    checks,
    outcome: outcome(ctx, w.changed > 0 ? 'applied' : 'refused', w.changed),
    before: w.before,
    after: w.after,
    ...(w.read ? { read: w.read.row } : {}),
  });
}
