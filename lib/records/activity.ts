/**
 * Every kind of entry the shared activity log holds: one list, so the features that write the
 * log and the reflection page that reads it as evidence cannot drift apart (a test ties them).
 */
export const ACTIVITY_KINDS = [
  'question.revealed',
  'case.revealed',
  'question.answered',
  'case.answered',
  'question.dont-know',
  'case.dont-know',
  'question.rated',
  'quiz.answered',
  'choice.answered',
  'prediction.answered',
  'review.passed',
  'review.done',
  'reflect.rated',
  'timeline.scored',
  'case.predicted',
  'checker.checked',
  'crashlab.evaluated',
  'lab.challenge.solved',
  'lab.challenge.judged',
  'crashlab.predicted',
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** True for a kind the activity log knows. */
export function isActivityKind(kind: string): kind is ActivityKind {
  return (ACTIVITY_KINDS as readonly string[]).includes(kind);
}
