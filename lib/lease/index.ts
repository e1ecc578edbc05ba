export * from './types';
export { fencedDesign, ttlOnlyDesign } from './designs';
export { createLeaseModel, failedConditions, explainRefusal, type LeaseModel, type LeaseModelOptions } from './model';
export { runLessonDemo, LESSON_DEMO_OUTPUT } from './demo';
export { inlineParams } from './inline';
export { lessonJobsDesign, ownerOnlyJobsDesign, selectThenUpdateClaim } from './jobs-design';
