export {
  readWorkFacts,
  exerciseResult,
  itemPassed,
  NO_WORK,
  type WorkFacts,
  type ExerciseResult,
  type ExerciseKey,
} from './mastery';
export {
  RATINGS,
  MAX_NOTE_CHARS,
  reflectSchema,
  recordRating,
  ratingHistory,
  latestRatings,
  latestNotes,
  saveNote,
  type NoteRecord,
  evidenceByKind,
  type SelfRating,
  type RatingRecord,
  type Evidence,
} from './assessment';
