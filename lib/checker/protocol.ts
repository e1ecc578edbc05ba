import type { LeaseDesign } from '@/lib/lease';
import type { Bound, CheckerVerdict } from './types';
import type { ConditionPicks, StatementDraft, StatementProblem } from './validate';

/** What the page asks the checker worker. */
export type CheckerRequest =
  | { type: 'check'; design: LeaseDesign; bound: Bound; stateCache: boolean }
  | {
      type: 'check-draft';
      draft: StatementDraft;
      bound: Bound;
      stateCache: boolean;
      /** The catalogue conditions the draft started from: its tables are theirs (conditionsDesign). */
      picks?: ConditionPicks;
    };

/**
 * What the checker worker answers a request with, over lib/worker's protocol: progress
 * (SearchProgress) while it searches, then one of these; an error is the protocol's failure.
 */
export type CheckerReply =
  { type: 'result'; result: CheckerVerdict } | { type: 'invalid'; problems: StatementProblem[] };
