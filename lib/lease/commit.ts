import type { SqlDriver } from '@/lib/sqlite';
import {
  conditionCheckName,
  conditionParams,
  orderedConditions,
  type RunCondition,
  type WriterFacts,
} from './catalogue';
import { conditionsHeld } from './catalogue-checks';
import { COMMIT_CONDITIONS, type ConditionRow } from './conditions';
import type { CheckName, RowState } from './decision';
import { describeChecked, explainCommit } from './explain-commit';
import { observe, type ObservedWrite } from './outcome';
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
    observed: observe(database),
  };
}

/**
 * What the store decided about a run-row commit, from the rows it changed and the row it judged:
 * applied when it changed a row; duplicate when it changed none because this holder's own
 * earlier attempt already landed (`landed`); refused otherwise, naming the conditions that did
 * not hold (among `conditions`, all four by default: a learner's own statement is judged on all).
 */
export function commitOutcome(args: {
  changed: number;
  judged: RowState;
  after: ConditionRow;
  conditions?: readonly RunCondition[];
  owner: string;
  token: number;
  now: number;
  /** What the writer's claim left and what it read (catalogue conditions that compare them). */
  memory?: Pick<WriterFacts, 'claim' | 'read'>;
  /** 0 rows because this writer's own attempt already landed; an object names that attempt. */
  landed: boolean | { opId: string; original: unknown };
}): ObservedWrite['database'] {
  const { changed, judged, owner, token, now } = args;
  const checked = conditionsHeld(args.conditions ?? COMMIT_CONDITIONS, judged, {
    owner,
    token,
    now,
    ...args.memory,
  });
  if (changed > 0) return { kind: 'applied', checked };
  if (args.landed)
    return args.landed === true
      ? { kind: 'duplicate', opId: `${owner}@${token}`, original: { status: args.after.status } }
      : { kind: 'duplicate', ...args.landed };
  const failed = checked.filter((c) => !c.held).map((c) => c.condition);
  return { kind: 'refused', failed, checked };
}

/**
 * Whether a finish that changed nothing is this holder's retry of a finish that already landed:
 * the run is done and the fence is still its token. Only a finish that checks owner and fence
 * leaves a row that says who finished it.
 */
export function finishLanded(
  conditions: readonly RunCondition[] = [],
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
export function claimOutcome(changed: number, judged: ConditionRow): ObservedWrite['database'] {
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

/** What a commit statement did, for {@link commitResult} to judge and explain. */
export interface CommitFacts {
  runId: string;
  /** Rows the statement changed. */
  changed: number;
  /** The conditions the statement checks (its WHERE); all four when unknown. */
  conditions?: readonly RunCondition[];
  /** What the writer's claim left and what it read (catalogue conditions that compare them). */
  memory?: Pick<WriterFacts, 'claim' | 'read'>;
  /**
   * The row the statement judged, read before it. Omitted when the statement was the only read
   * (a one-statement finish returns just the row it left): a statement built from the
   * conditions changed a row only if every one held, and one that changed nothing left the row
   * it judged.
   */
  judged?: RunRow;
  /** The row after the statement (undefined: the run does not exist). */
  after: RunRow | undefined;
  owner: string;
  token: number;
  now: number;
  /** 0 rows because this writer's own earlier attempt already landed (see {@link commitOutcome}). */
  landed?: boolean | { opId: string; original: unknown; explanation: string };
  /** Which commit it was, for its explanation (default finish). */
  kind?: 'renew' | 'finish' | 'output';
}

/**
 * A commit's result in the four outcomes, with its explanation: {@link commitOutcome}'s decision
 * on what the statement did. Pure; every engine, sync or async, calls it after its statement.
 */
export function commitResult(facts: CommitFacts): CommitResult {
  const { runId, changed, after, owner, token, now, memory } = facts;
  if (!after) return missingRun(runId);
  const conditions = facts.conditions ?? COMMIT_CONDITIONS;
  const judged = facts.judged ?? (changed > 0 ? undefined : after);
  const landed = changed === 0 ? (facts.landed ?? false) : false;
  const database = judged
    ? commitOutcome({ changed, judged, after, conditions, owner, token, now, landed, memory })
    : {
        kind: 'applied' as const,
        checked: orderedConditions(conditions).map((c) => ({
          condition: conditionCheckName(c),
          held: true,
        })),
      };
  const kind = facts.kind;
  const explain = (applied: boolean, duplicate = false): string =>
    judged
      ? explainCommit({
          applied,
          changed,
          conditions,
          judged,
          after,
          owner,
          token,
          now,
          kind,
          landed: duplicate,
          memory,
        })
      : `${changed} row changed: this design ${describeChecked(conditions)}.`;
  if (database.kind === 'applied')
    return {
      ok: true,
      changed,
      row: after,
      observed: observe(database),
      explanation: explain(true),
    };
  if (database.kind === 'duplicate') {
    return {
      ok: false,
      changed: 0,
      failed: [],
      row: after,
      observed: observe(database),
      explanation: typeof landed === 'object' ? landed.explanation : explain(false, true),
    };
  }
  return {
    ok: false,
    changed: 0,
    failed: database.failed as CheckName[],
    row: after,
    observed: observe(database),
    explanation: explain(false),
  };
}

/**
 * Runs a commit and says what it did in the four outcomes. The decision is the statement's;
 * on 0 rows the row is read again: a finish whose own earlier attempt landed is a duplicate.
 */
export function runCommit(
  ctx: CommitContext,
  sql: string,
  conditions: readonly RunCondition[] | undefined,
  owner: string,
  token: number,
  now: number,
  landed?: (row: RunRow) => boolean,
  kind?: 'renew' | 'finish',
  memory?: Pick<WriterFacts, 'claim' | 'read'>,
): CommitResult {
  const { db, runId, leaseSeconds, read } = ctx;
  const judged = read();
  const changed = db.run(sql, {
    run: runId,
    owner,
    token,
    now,
    lease: leaseSeconds,
    ...conditionParams(conditions ?? [], { owner, token, now, ...memory }),
  });
  const row = read();
  if (!row || !judged) return missingRun(runId, row);
  return commitResult({
    runId,
    changed,
    // A learner's own statement: its conditions are unknown, so it is judged on all four.
    conditions,
    judged,
    after: row,
    owner,
    token,
    now,
    landed: changed === 0 && (landed?.(row) ?? false),
    ...(kind ? { kind } : {}),
    ...(memory ? { memory } : {}),
  });
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
  const stored = changed > 0 ? undefined : readOutput(output.name);
  // A retry whose first attempt landed is a duplicate, unless the writer has also lost the run.
  const held = conditionsHeld(conditions, judged, { owner, token: fenceToken, now }).every(
    (c) => c.held,
  );
  const landed =
    stored && stored.opId === output.opId && held
      ? {
          opId: output.opId,
          original: stored,
          explanation: `0 rows changed: operation ${output.opId} already landed (by ${stored.owner} with token ${stored.fence}); the retry adds nothing.`,
        }
      : false;
  const result = commitResult({
    runId,
    changed,
    conditions,
    judged,
    after: row,
    owner,
    token: fenceToken,
    now,
    landed,
    kind: 'output',
  });
  return stored && !result.ok && result.observed.database.kind === 'duplicate'
    ? { ...result, failed: [], duplicate: true, output: stored }
    : result;
}
