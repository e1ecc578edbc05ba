export * from './progress';
export { lessonSchema, recordEvent, readLessonRecords } from './records';
/** A lesson event's stored form, for the records outbox. */
export { lessonEventSchema } from './event-schema';
export * from './path-choice';
export * from './reading';
/** The lesson's saved answers, and moving them into the journal as its first versions. */
export { readLessonAnswers } from './records';
export { moveAnswersToJournal, movedEntryId, type StoredLessonAnswer } from './journal-migration';
/** Predictions made but not yet checked or run, kept across navigation and reload. */
export {
  clearPredictionDraft,
  MAX_PREDICTION_DRAFTS,
  readPredictionDraft,
  savePredictionDraft,
  type PredictionDraft,
} from './prediction-drafts';
