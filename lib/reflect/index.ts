export {
  RATINGS,
  MAX_NOTE_CHARS,
  reflectSchema,
  recordRating,
  ratingHistory,
  latestRatings,
  evidenceByKind,
  type Rating,
  type RatingRecord,
  type Evidence,
} from './assessment';
