import type { LeaseDesign } from '@/lib/lease';
import type { Bound, CheckerVerdict, SearchProgress } from './types';
import type { StatementDraft, StatementProblem } from './validate';

/** What the page asks the checker worker. */
export type CheckerRequest =
  | { type: 'check'; design: LeaseDesign; bound: Bound; stateCache: boolean }
  | { type: 'check-draft'; draft: StatementDraft; bound: Bound; stateCache: boolean };

/** What the checker worker answers: progress while it searches, then one final message. */
export type CheckerMessage =
  | { type: 'progress'; progress: SearchProgress }
  | { type: 'result'; result: CheckerVerdict }
  | { type: 'invalid'; problems: StatementProblem[] }
  | { type: 'error'; message: string };
