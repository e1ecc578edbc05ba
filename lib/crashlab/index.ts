export * from './types';
export {
  createCrashLab,
  submitLab,
  labRunIds,
  type CrashLab,
  type CrashLabOptions,
  type LabOps,
} from './lab';
export { PUBLISHER_FENCE, staleExplanation } from './publisher';
export {
  CRASHLAB_SCHEMA_VERSION,
  PUBLISHER_RESOURCE,
  clockStatement,
  holdsLab,
  schemaProblem,
} from './schema';
export {
  runWorker,
  performStep,
  type ChaosHooks,
  type WorkerEvent,
  type WorkerOptions,
  type WorkerSummary,
} from './worker';
export { describeWorkerEvent } from './worker-log';
export {
  evaluate,
  LAB_PROPERTIES,
  type Evaluation,
  type LabProperty,
  type LabViolation,
} from './evaluate';
export {
  HISTORY_OPS,
  formatEntry,
  parseHistory,
  type HistoryEntry,
  type HistoryOp,
} from './history';
export {
  CHAOS_POINTS,
  NEMESIS_ACTIONS,
  ONLY_FENCE_POINTS,
  chaosPlan,
  describePlan,
  seededRandom,
  type ChaosPoint,
  type NemesisAction,
  type PlannedFault,
} from './plan';
