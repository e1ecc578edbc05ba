export {
  RATINGS,
  MAX_NOTE_CHARS,
  reflectSchema,
  recordRating,
  ratingHistory,
  latestRatings,
  evidenceByKind,
  type SelfRating,
  type RatingRecord,
  type Evidence,
} from './assessment';
