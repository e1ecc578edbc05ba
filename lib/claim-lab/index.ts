export { LAB_API_DTS, LAB_API_PATH } from './api';
export { LAB_LIMITS } from './limits';
export { compileProgram, type CompileResult } from './transpile';
export { runProgram, type LabRun, type LabStep, type RunOptions } from './run-program';
export type { LabError } from './program-failure';
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
export { CONDITION_TEXT, hintForRun, type LabAnalysis, type LabHint } from './hints';
