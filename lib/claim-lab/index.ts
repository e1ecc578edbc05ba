export { LAB_API_DTS, LAB_API_PATH } from './api';
export { LAB_LIMITS } from './limits';
export { stopLine, type StopLimit } from './stop-words';
// compileProgram and runProgram run only in the lab's Web Worker (claim-lab.worker.ts, inside
// this module): the page talks to them through createClaimLabWorker and never loads the
// compiler (sucrase, about 370 KiB of the page's first load when it was exported here).
export type { CompileResult } from './transpile';
export type { LabRun, LabStep, RunOptions } from './run-program';
export type { LabError } from './program-failure';
export {
  checkOutput,
  checkRun,
  expectedWriteWords,
  type ExpectedWrite,
  type LabCheck,
  isJudgedRun,
  type LineVerdict,
  type OutputCheck,
  type OutputVerdict,
} from './check';
export {
  findFinishStatement,
  missingConditions,
  recordDeletion,
  type DeletionFindings,
  type DeletionResult,
} from './conditions';
export type { LabExercise } from './exercise';
export { hintForRun, type LabAnalysis, type LabHint } from './hints';
/** Each step's write, as the rulebook names its outcome. */
export {
  finishCoverage,
  stepOutcomes,
  writeKind,
  type StepOutcome,
  type LabWriteKind,
} from './outcomes';
/** The learner's saved programs and progress in local storage. */
export {
  EMPTY_PROGRESS,
  loadLab,
  saveProgram,
  saveProgress,
  savedUnderOldNames,
  type LabProgress,
  type SavedPrograms,
} from './saved';
