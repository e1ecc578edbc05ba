export * from './types';
export {
  BOUND_CHOICES,
  CATALOG_BOUND,
  countSchedules,
  describeBound,
  expandPrograms,
  interleavings,
  standardProgram,
  stepsOf,
  uniformBound,
} from './bound';
export { scanParams, type StatementParams } from '@/lib/sqlite';
export { ScheduleMachine, setupDatabase } from './machine';
export { checkDesign, type SearchOptions } from './search';
export { traceRun, traceSchedule, STEP_ACTION } from './trace';
export { naiveCheck, type NaiveResult } from './naive';
export {
  validateDraft,
  conditionsDesign,
  MAX_STATEMENT_LENGTH,
  type ConditionPicks,
  type EditableStatement,
  type StatementDraft,
  type StatementProblem,
} from './validate';
export type { CheckerReply, CheckerRequest } from './protocol';
export { toTimelineScenario, type ReplayConversion } from './timeline-replay';
/** Logs one finished check in the learner's records database. */
export { logCheck } from './records';
