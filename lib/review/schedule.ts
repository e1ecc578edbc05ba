/**
 * Spaced review: an item answered wrongly comes back after one day, and once answered right
 * then, again after three more days; right that time too, it is done. Pure functions of the
 * answer and the time passed in; the records database keeps the state.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Days until the next review, by step: step 1 after a wrong answer, step 2 after the first good review. */
export const REVIEW_DAYS = [1, 3] as const;

/** What can come back for review ('choice': a foundation's graded question on /learn). */
export const REVIEW_KINDS = ['quiz', 'prediction', 'question', 'choice'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export interface ReviewState {
  /** 1: the one-day review is pending; 2: the three-day review is pending. */
  step: 1 | 2;
  dueAt: number;
}

/**
 * The next state after an answer at `at`. Wrong: back to the one-day review. Right while a
 * review is due: on to the next step, or done (null). Right before it is due (a retry straight
 * after seeing the explanation) changes nothing: a review counts only once it has waited.
 */
export function nextReview(
  current: ReviewState | null,
  correct: boolean,
  at: number,
): ReviewState | null {
  if (!correct) return { step: 1, dueAt: at + REVIEW_DAYS[0] * DAY_MS };
  if (!current) return null;
  if (at < current.dueAt) return current;
  return current.step === 1 ? { step: 2, dueAt: at + REVIEW_DAYS[1] * DAY_MS } : null;
}

/** Whether a review is due at `now`. */
export function isDue(state: ReviewState, now: number): boolean {
  return now >= state.dueAt;
}
