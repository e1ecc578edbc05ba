import type { SqlDriver } from '@/lib/sqlite';
import {
  checkConditions,
  COMMIT_CONDITIONS,
  type CommitCondition,
  type ConditionRow,
} from './conditions';
import { explainCommit } from './explain';
import type { ObservedWrite } from './outcome';
import { FINAL_STATUSES } from './types';
import type { CommitResult, LeaseDesign, OutputResult, RunOutput, RunRow } from './types';

/** What a commit needs: the database, the design, the run, and a reader of its row. */
export interface CommitContext {
  db: SqlDriver;
  design: LeaseDesign;
  runId: string;
  leaseSeconds: number;
  read: () => RunRow | undefined;
}

/** The caller learns exactly what the store decided (no fault in between). */
export const same = (database: ObservedWrite['database']): ObservedWrite => ({
  database,
  caller: database,
});

/** A commit to a run that does not exist: refused, with `run` as the one failed condition. */
export function missingRun(runId: string, row: RunRow | undefined = undefined): CommitResult {
  const database = {
    kind: 'refused' as const,
    failed: ['run'],
    checked: [{ condition: 'run', held: false }],
  };
  return {
    ok: false,
    changed: 0,
    failed: [],
    explanation: `Run ${runId} does not exist.`,
    row,
    observed: same(database),
  };
}

/**
 * What the store decided about a run-row commit, from the rows it changed and the row it judged:
 * applied when it changed a row; duplicate when it changed none because this holder's own
 * earlier attempt already landed (`landed`); refused otherwise, naming the conditions that did
 * not hold (among `conditions`, all four by default: a learner's own statement is judged on all).
 */
export function decideCommit(args: {
  changed: number;
  judged: ConditionRow;
  after: ConditionRow;
  conditions?: readonly CommitCondition[];
  owner: string;
  token: number;
  now: number;
  landed: boolean;
}): ObservedWrite['database'] {
  const { changed, judged, owner, token, now } = args;
  const checked = checkConditions(args.conditions ?? COMMIT_CONDITIONS, judged, owner, token, now);
  if (changed > 0) return { kind: 'applied', checked };
  if (args.landed)
    return {
      kind: 'duplicate',
      opId: `${owner}@${token}`,
      original: { status: args.after.status },
    };
  const failed = checked.filter((c) => !c.held).map((c) => c.condition);
  return { kind: 'refused', failed, checked };
}

/**
 * Whether a finish that changed nothing is this holder's retry of a finish that already landed:
 * the run is done and the fence is still its token. Only a finish that checks owner and fence
 * leaves a row that says who finished it.
 */
export function finishLanded(
  conditions: readonly CommitCondition[] = [],
  row: ConditionRow,
  owner: string,
  token: number,
): boolean {
  const identifies = conditions.includes('owner') && conditions.includes('fence');
  return identifies && row.status === 'done' && row.owner === owner && row.fence === token;
}

/**
 * What the store decided about a claim: applied when it changed a row; else refused, by the
 * status (a final or canceling run is never claimed again) or by the lease (still held).
 */
export function decideClaim(changed: number, judged: ConditionRow): ObservedWrite['database'] {
  if (changed > 0) return { kind: 'applied', checked: [] };
  const condition = claimBlockedBy(judged);
  return { kind: 'refused', failed: [condition], checked: [{ condition, held: false }] };
}

/** Which condition keeps a run from being claimed: its status (final, canceling) or the lease. */
export function claimBlockedBy(row: Pick<ConditionRow, 'status'>): 'status' | 'lease' {
  return (FINAL_STATUSES as readonly string[]).includes(row.status) || row.status === 'canceling'
    ? 'status'
    : 'lease';
}

/**
 * Runs a commit and says what it did in the four outcomes. The decision is the statement's;
 * on 0 rows the row is read again: a finish whose own earlier attempt landed is a duplicate.
 */
export function runCommit(
  ctx: CommitContext,
  sql: string,
  conditions: readonly CommitCondition[] | undefined,
  owner: string,
  token: number,
  now: number,
  landed?: (row: RunRow) => boolean,
): CommitResult {
  const { db, runId, leaseSeconds, read } = ctx;
  const judged = read();
  const changed = db.run(sql, { run: runId, owner, token, now, lease: leaseSeconds });
  const row = read();
  // A learner's own statement: its conditions are unknown, so it is judged on all four.
  const checkedConditions = conditions ?? COMMIT_CONDITIONS;
  if (!row || !judged) return missingRun(runId, row);
  const database = decideCommit({
    changed,
    judged,
    after: row,
    conditions: checkedConditions,
    owner,
    token,
    now,
    landed: changed === 0 && (landed?.(row) ?? false),
  });
  if (database.kind === 'applied') {
    return {
      ok: true,
      changed,
      row,
      observed: same(database),
      explanation: explainCommit({
        applied: true,
        changed,
        conditions: checkedConditions,
        judged,
        after: row,
        owner,
        token,
        now,
      }),
    };
  }
  if (database.kind === 'duplicate') {
    return {
      ok: false,
      changed: 0,
      failed: [],
      row,
      observed: same(database),
      explanation: `0 rows changed, and that is not a refusal: ${owner}'s own earlier attempt with token ${token} already landed (the run is ${row.status}, still under fence ${token}). The retry is a duplicate.`,
    };
  }
  const failed = database.kind === 'refused' ? (database.failed as CommitCondition[]) : [];
  return {
    ok: false,
    changed: 0,
    failed,
    row,
    observed: same(database),
    explanation: explainCommit({
      applied: false,
      changed: 0,
      conditions: checkedConditions,
      judged,
      after: row,
      owner,
      token,
      now,
    }),
  };
}

/**
 * Writes a named output under the design's output conditions; a retry of the stored operation
 * id is a duplicate (unless the writer has also lost the run).
 */
export function writeRunOutput(
  ctx: CommitContext,
  write: string,
  readOutput: (name: string) => RunOutput | undefined,
  owner: string,
  fenceToken: number,
  now: number,
  output: { name: string; opId: string; body: string },
): OutputResult {
  const { db, design, runId, read } = ctx;
  const judged = read();
  const changed = db.run(write, {
    run: runId,
    owner,
    token: fenceToken,
    now,
    name: output.name,
    op: output.opId,
    body: output.body,
  });
  const row = read();
  if (!row || !judged) return missingRun(runId, row);
  const conditions = design.rules?.output ?? COMMIT_CONDITIONS;
  const checked = checkConditions(conditions, judged, owner, fenceToken, now);
  if (changed > 0) {
    return {
      ok: true,
      changed,
      row,
      observed: same({ kind: 'applied', checked }),
      explanation: explainCommit({
        applied: true,
        changed,
        conditions,
        judged,
        after: row,
        owner,
        token: fenceToken,
        now,
      }),
    };
  }
  const stored = readOutput(output.name);
  const failed = checked.filter((c) => !c.held).map((c) => c.condition);
  // A retry whose first attempt landed is a duplicate, unless the writer has also lost the run.
  if (stored && stored.opId === output.opId && failed.length === 0) {
    return {
      ok: false,
      changed: 0,
      failed: [],
      duplicate: true,
      explanation: `0 rows changed: operation ${output.opId} already landed (by ${stored.owner} with token ${stored.fence}); the retry adds nothing.`,
      output: stored,
      row,
      observed: same({ kind: 'duplicate', opId: output.opId, original: stored }),
    };
  }
  return {
    ok: false,
    changed: 0,
    failed,
    explanation: explainCommit({
      applied: false,
      changed: 0,
      conditions,
      judged,
      after: row,
      owner,
      token: fenceToken,
      now,
    }),
    row,
    observed: same({ kind: 'refused', failed, checked }),
  };
}
