export * from './types';
export {
  createCrashLab,
  type CrashLab,
  type CrashLabOptions,
  type LabClaim,
  type CheckpointResult,
  type StepStart,
  type SubmitOptions,
} from './lab';
export {
  createPublisher,
  type Publisher,
  type PublishRequest,
  type PublishResult,
} from './publisher';
export {
  CRASHLAB_SCHEMA_VERSION,
  TASK_SCHEMA,
  PUBLISHER_SCHEMA,
  schemaProblem,
  databaseClock,
} from './schema';
export {
  runWorker,
  performStep,
  type LabOps,
  type WorkerEvent,
  type WorkerOptions,
  type WorkerOutcome,
} from './worker';
export { evaluate, type Check, type CheckId, type Evaluation } from './evaluate';
