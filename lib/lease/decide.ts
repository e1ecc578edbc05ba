import { cancelingCheck, cancellableCheck, keyCheck, runExistsCheck } from './checks';
import {
  LESSON_CLAIM,
  type ClaimCondition,
  type RunCondition,
  type WriterFacts,
} from './catalogue';
import { conditionChecks } from './catalogue-checks';
import { splitClaimConditions } from './claim-compare';
import type { RowState, WriteDecision, WriteKind } from './decision';
import type { ConditionRow } from './conditions';
import { RUN_ROW } from './kinds/targets';
import { build, outcome, type DecisionContext, type HeldToken } from './judge';

/*
 * The decision builders: every engine hands the facts of one write (the row before and after,
 * what the target compared, who held the run) to one of these and gets the WriteDecision back.
 * They judge the outcome and the property a write broke; they write no words (explain.ts does).
 */

/**
 * A claim: `checked` says whether its write tested the row itself (false: it trusted a read);
 * `conditions` are the ones it tested, from the catalogue (the design's claimConditions; the
 * lesson's claimable test when absent). `read`: what the claim's own read returned, when that
 * read was a step of its own; the write then tests only the columns it compares with it
 * (claim-compare.ts), and none for a claim that compares nothing. Without it, a two-statement
 * claim's read and write judge the same row, so what it read is the row before.
 */
export function decideClaim(
  ctx: DecisionContext,
  w: {
    before: RowState;
    after: RowState;
    changed: number;
    checked: boolean;
    conditions?: readonly ClaimCondition[];
    read?: Partial<RowState>;
    others?: readonly HeldToken[];
  },
): WriteDecision {
  const applied = w.changed > 0;
  const conditions = w.conditions ?? LESSON_CLAIM;
  const facts = { owner: ctx.writer, token: w.before.fence, now: ctx.at };
  const checks = w.read
    ? conditionChecks(splitClaimConditions(conditions).compare, w.before, {
        ...facts,
        read: w.read,
      })
    : w.checked
      ? conditionChecks(conditions, w.before, { ...facts, read: w.before })
      : [];
  return build(ctx, {
    kind: 'claim',
    token: applied ? w.after.fence : null,
    target: RUN_ROW.target,
    checks,
    outcome: outcome(ctx, applied ? 'applied' : 'refused', w.changed),
    before: w.before,
    after: w.after,
    others: w.others,
  });
}

/**
 * A commit at the run row (renew, finish, a named output) under the statement's conditions.
 * `duplicate`: 0 rows because this writer's own earlier attempt already landed (a finish
 * retried, or an output whose operation id is stored: `storedBy` names that write's holder).
 */
export function decideCommit(
  ctx: DecisionContext,
  w: {
    kind: 'renew' | 'finish' | 'output';
    conditions: readonly RunCondition[];
    before: RowState;
    after: RowState;
    token: number;
    changed: number;
    /** What the writer's claim left and what it read, for catalogue conditions that compare them. */
    memory?: Pick<WriterFacts, 'claim' | 'read'>;
    duplicate?: { opId: string; storedBy?: string };
  },
): WriteDecision {
  const checks = conditionChecks(w.conditions, w.before, {
    owner: ctx.writer,
    token: w.token,
    now: ctx.at,
    ...w.memory,
  });
  if (w.kind === 'output' && w.duplicate)
    checks.push(keyCheck('operation', w.duplicate.opId, w.duplicate.storedBy ?? ctx.writer));
  const database = w.changed > 0 ? 'applied' : w.duplicate ? 'duplicate' : 'refused';
  return build(ctx, {
    kind: w.kind,
    token: w.token,
    target: RUN_ROW.target,
    checks,
    outcome: outcome(ctx, database, w.changed, w.duplicate?.opId),
    before: w.before,
    after: w.after,
  });
}

/** A renewal (a commit that extends the writer's own lease). */
export function decideRenew(
  ctx: DecisionContext,
  w: Omit<Parameters<typeof decideCommit>[1], 'kind' | 'duplicate'>,
): WriteDecision {
  return decideCommit(ctx, { ...w, kind: 'renew' });
}

/** A finish (a commit that marks the run done); `duplicate` when its own earlier finish landed. */
export function decideFinish(
  ctx: DecisionContext,
  w: Omit<Parameters<typeof decideCommit>[1], 'kind'>,
): WriteDecision {
  return decideCommit(ctx, { ...w, kind: 'finish' });
}

/** The user's cancel, or (`complete`) its completion once effects are reconciled. */
export function decideCancel(
  ctx: DecisionContext,
  w: { before: RowState; after: RowState; changed: number; complete?: boolean },
): WriteDecision {
  return build(ctx, {
    kind: w.complete ? 'complete-cancel' : 'cancel',
    token: null,
    target: RUN_ROW.target,
    checks: [w.complete ? cancelingCheck(w.before) : cancellableCheck(w.before)],
    outcome: outcome(ctx, w.changed > 0 ? 'applied' : 'refused', w.changed),
    before: w.before,
    after: w.after,
  });
}

/** A write to a run that does not exist: refused on `run`, the one check it failed. */
export function decideMissingRun(
  ctx: DecisionContext,
  w: { kind: WriteKind; runId: string; token: number | null },
): WriteDecision {
  return build(ctx, {
    kind: w.kind,
    token: w.token,
    target: RUN_ROW.target,
    checks: [runExistsCheck(w.runId)],
    outcome: outcome(ctx, 'refused', 0),
  });
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
