import type { RunCondition, WriterFacts } from './catalogue';
import { COMMIT_CONDITIONS, type ConditionRow } from './conditions';
import { decideCommit } from './decide';
import type { RowState } from './decision';
import { explain, type Explained } from './explain';
import { list } from './explain-words';

/*
 * Sentences for a run-row commit where the engine knows only the rows, not the claims (the
 * claim lab, the crash lab, CommitResult.explanation): the run row stands for who holds the
 * run. They are written by the one explainer, from a decision built here.
 */

/** The conditions of a run-row statement as words: "checks only the status". */
export function describeChecked(conditions: readonly RunCondition[]): string {
  if (conditions.length === 0) return 'checks nothing but the run id';
  const words = conditions.map((c) => `the ${conditionWords(c)}`);
  const all = COMMIT_CONDITIONS.every((c) => conditions.includes(c));
  return all ? `checks ${list(words)}` : `checks only ${list(words)}`;
}

/** A condition as a noun: "owner", "status (running or canceling)", "(attempt, claimed_at)". */
export function conditionWords(c: RunCondition): string {
  if (typeof c === 'string') return c;
  switch (c.kind) {
    case 'status-in':
      return `status (${c.statuses.join(' or ')})`;
    case 'attempt':
      return 'attempt';
    case 'fingerprint':
      return c.columns.length === 1 ? c.columns[0] : `(${c.columns.join(', ')})`;
    case 'as-read':
      return `${c.column} as read`;
    case 'claimable':
      return 'claimable test (queued, or its lease run out)';
    case 'lease-expired':
      return 'lease run out';
  }
}

/**
 * The sentence for a run-row commit where the engine knows only the rows (the claim lab, the
 * crash lab): the run row stands for who holds the run. An engine that tracks the claims
 * builds the decision itself (decideCommit) and calls {@link explain}.
 */
export function explainCommit(args: {
  applied: boolean;
  changed: number;
  conditions: readonly RunCondition[];
  judged: ConditionRow;
  after: ConditionRow;
  owner: string;
  token: number;
  now: number;
  kind?: 'renew' | 'finish' | 'output';
  landed?: boolean;
  memory?: Pick<WriterFacts, 'claim' | 'read'>;
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
      ...(args.memory ? { memory: args.memory } : {}),
    },
  );
  return explain(d).sentence;
}
