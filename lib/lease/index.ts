export * from './types';
export * from './outcome';
export {
  COMMIT_CONDITIONS,
  RUNS_TABLE,
  JOBS_TABLE,
  commitWhere,
  conditionSql,
  conditionHolds,
  checkConditions,
  describeCondition,
  type RunTable,
  type ConditionRow,
} from './conditions';
export {
  FENCE_SCHEMA,
  FENCE_SEEN_TABLE,
  fenceSeenTable,
  admitSql,
  admitsPosition,
  fencedWriteSql,
  registerSql,
  READ_SEEN,
  READ_SEEN_BY_RUN,
  READ_SEEN_BY_RESOURCE,
  REGISTER_AND_READ_SEEN,
  fenceGuardTrigger,
  type ResourceFence,
  type FenceKind,
  type FenceOrder,
  type FencePosition,
} from './fence';
export {
  registerAt,
  writeThroughFence,
  seenByResource,
  seenByRun,
  resourceWrites,
  type ResourceWrite,
  type FenceWriteRequest,
  type FenceWriteResult,
} from './fence-write';
export {
  buildDesign,
  buildTargets,
  runTableSchema,
  REPORT_RESOURCE,
  GATEWAY_RESOURCE,
} from './build';
export {
  fencedDesign,
  ttlOnlyDesign,
  selectThenUpdateDesign,
  randomTokenDesign,
  renewWithoutTokenDesign,
  workerSideCheckDesign,
  fencePerBatchDesign,
  finishOnRunIdDesign,
  finishOnStateDesign,
  cancelWithoutFencingDesign,
  lessonJobsDesign,
  ownerOnlyJobsDesign,
  selectThenUpdateClaim,
  FENCED_TARGETS,
  UNCHECKED_TARGETS,
  LESSON_RULES,
  DESIGN_CATALOG,
  dropFinishCondition,
  comparedDesigns,
  designStatements,
  type NamedStatement,
} from './designs';
export { createLeaseModel, failedConditions, explainRefusal } from './model';
export type { LeaseModel, LeaseModelOptions, CancelReconciliation } from './model-api';
export { runLessonDemo, LESSON_DEMO_OUTPUT } from './demo';
export { inlineParams } from './inline';
export * from './properties';
export { CLAIMABLE_CONDITION } from './conditions';
export { pickClaimableRun, CLAIM_PICKED_RUN } from './queue';
export { explainCommit, describeChecked } from './explain';
export {
  claimBlockedBy,
  commitResult,
  decideClaim,
  decideCommit,
  finishLanded,
  missingRun,
  type CommitFacts,
} from './commit';
export * from './decision';
