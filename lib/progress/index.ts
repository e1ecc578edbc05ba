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
export { pathProgress, stepAfter, stepDone, timelineSolved, type ProgressStep } from './course';
