/** Course progress from the records: which step is done, judged by the evidence it lists. */
export { NO_FACTS, readCourseFacts, type CourseFacts } from './facts';
export {
  evidenceLines,
  evidenceMet,
  timelineFullMarks,
  type EvidenceLine,
  type StepEvidence,
  type StepEvidenceKind,
} from './evidence';
export {
  pathProgress,
  stepAfter,
  stepDone,
  stepMark,
  timelineSolved,
  type ProgressStep,
  type StepMark,
} from './course';
export {
  readWorkFacts,
  exerciseResult,
  itemPassed,
  caseFileCounted,
  scenariosRun,
  NO_WORK,
  TIMELINE_REVIEW_MS,
  type WorkFacts,
  type ExerciseResult,
  type ExerciseKey,
} from './graded';
