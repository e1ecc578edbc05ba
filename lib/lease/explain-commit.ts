import {
  checkConditions,
  COMMIT_CONDITIONS,
  type CommitCondition,
  type ConditionRow,
} from './conditions';
import { decideCommit } from './decide';
import type { RowState } from './decision';
import { explain, type Explained } from './explain';
import { list } from './explain-words';
import type { RunRow } from './types';

/*
 * Sentences for a run-row commit where the engine knows only the rows, not the claims (the
 * claim lab, the crash lab, CommitResult.explanation): the run row stands for who holds the
 * run. They are written by the one explainer, from a decision built here.
 */

/** The conditions of a run-row statement as words: "checks only the status". */
export function describeChecked(conditions: readonly CommitCondition[]): string {
  if (conditions.length === 0) return 'checks nothing but the run id';
  const words = conditions.map((c) => `the ${c}`);
  return conditions.length === 4 ? `checks ${list(words)}` : `checks only ${list(words)}`;
}

/**
 * The sentence for a run-row commit where the engine knows only the rows (the claim lab, the
 * crash lab): the run row stands for who holds the run. An engine that tracks the claims
 * builds the decision itself (decideCommit) and calls {@link explain}.
 */
export function explainCommit(args: {
  applied: boolean;
  changed: number;
  conditions: readonly CommitCondition[];
  judged: ConditionRow;
  after: ConditionRow;
  owner: string;
  token: number;
  now: number;
  kind?: 'renew' | 'finish' | 'output';
  landed?: boolean;
}): Explained {
  const { judged, after, owner, token, now } = args;
  const d = decideCommit(
    { writer: owner, at: now, authority: { holder: after.owner || null, token: after.fence } },
    {
      kind: args.kind ?? 'finish',
      conditions: args.conditions,
      before: judged as RowState,
      after: after as RowState,
      token,
      changed: args.applied ? Math.max(1, args.changed) : 0,
      ...(args.landed ? { duplicate: { opId: `${owner}@${token}` } } : {}),
    },
  );
  return explain(d).sentence;
}

/**
 * Names the commit conditions that do not hold for `owner` with `fenceToken` at `now`, among
 * `conditions` (all four by default). Used to explain a refusal; the UPDATE decides.
 */
export function failedConditions(
  row: RunRow,
  owner: string,
  fenceToken: number,
  now: number,
  conditions: readonly CommitCondition[] = COMMIT_CONDITIONS,
): CommitCondition[] {
  return checkConditions(conditions, row, owner, fenceToken, now)
    .filter((c) => !c.held)
    .map((c) => c.condition);
}

/** A sentence for a refused commit, in the lesson's terms. */
export function explainRefusal(
  row: RunRow,
  failed: readonly CommitCondition[],
  owner: string,
  token: number,
  now: number,
): string {
  return explainCommit({
    applied: false,
    changed: 0,
    conditions: failed,
    judged: row,
    after: row,
    owner,
    token,
    now,
  });
}
