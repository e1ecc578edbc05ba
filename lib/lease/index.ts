export * from './types';
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
  fencedTargets,
  uncheckedTargets,
  DESIGN_CATALOG,
  FINISH_CONDITIONS,
  dropFinishCondition,
  comparedDesigns,
  designStatements,
  type NamedStatement,
  type FinishCondition,
} from './designs';
export {
  createLeaseModel,
  failedConditions,
  explainRefusal,
  type LeaseModel,
  type LeaseModelOptions,
} from './model';
export { runLessonDemo, LESSON_DEMO_OUTPUT } from './demo';
export { inlineParams } from './inline';
export { lessonJobsDesign, ownerOnlyJobsDesign, selectThenUpdateClaim } from './jobs-design';
export * from './outcome';
export { CLAIMABLE_CONDITION } from './conditions';
export { pickClaimableRun, CLAIM_PICKED_RUN } from './queue';
