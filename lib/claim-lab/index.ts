export { LAB_API_DTS, LAB_API_PATH } from './api';
export { LAB_LIMITS } from './limits';
export { compileProgram, type CompileResult } from './transpile';
export {
  runProgram,
  type LabError,
  type LabRun,
  type LabStep,
  type RunOptions,
} from './run-program';
export {
  checkOutput,
  checkRun,
  type LineVerdict,
  type OutputCheck,
  type OutputVerdict,
} from './check';
export {
  FINISH_CONDITIONS,
  findFinishStatement,
  missingConditions,
  recordDeletion,
  type DeletionFindings,
  type DeletionResult,
  type FinishCondition,
} from './conditions';
export type { LabExercise } from './exercise';
