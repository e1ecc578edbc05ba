import { describe, expect, it } from 'vitest';
import { coreSchema, migrate } from '@/lib/records/schema';
import { openSqlJs } from '@/lib/sqlite';
import { reviewSchema, recordReviewAnswer, reviewsDue, scheduledReviews } from './records';
import { DAY_MS, nextReview } from './schedule';

describe('the spaced review schedule', () => {
  it('brings a wrong answer back after one day, then after three more, then lets it go', () => {
    const wrong = nextReview(null, false, 0);
    expect(wrong).toEqual({ step: 1, dueAt: DAY_MS });
    const early = nextReview(wrong, true, DAY_MS - 1);
    expect(early).toBe(wrong); // a retry straight after the explanation is not a review
    const second = nextReview(wrong, true, DAY_MS + 5);
    expect(second).toEqual({ step: 2, dueAt: DAY_MS + 5 + 3 * DAY_MS });
    expect(nextReview(second, true, 5 * DAY_MS)).toBeNull();
  });

  it('starts again at one day whenever a review is answered wrongly', () => {
    expect(nextReview({ step: 2, dueAt: 10 }, false, 20)).toEqual({ step: 1, dueAt: 20 + DAY_MS });
  });

  it('schedules nothing for an answer that was right the first time', () => {
    expect(nextReview(null, true, 0)).toBeNull();
  });

  it('keeps the schedule in the records database and says what is due at a given time', async () => {
    const db = await openSqlJs();
    migrate(db, [coreSchema, reviewSchema]);
    recordReviewAnswer(db, { itemId: 'quiz-a', kind: 'quiz', correct: false, at: 1_000 });
    recordReviewAnswer(db, { itemId: 'predict-b', kind: 'prediction', correct: true, at: 1_000 });
    const items = scheduledReviews(db);
    expect(items).toEqual([{ itemId: 'quiz-a', kind: 'quiz', step: 1, dueAt: 1_000 + DAY_MS }]);
    expect(reviewsDue(items, 1_000 + DAY_MS - 1).due).toEqual([]);
    expect(reviewsDue(items, 1_000 + DAY_MS).due.map((i) => i.itemId)).toEqual(['quiz-a']);

    recordReviewAnswer(db, { itemId: 'quiz-a', kind: 'quiz', correct: true, at: 1_000 + DAY_MS });
    expect(scheduledReviews(db)[0]).toMatchObject({ step: 2, dueAt: 1_000 + 4 * DAY_MS });
    recordReviewAnswer(db, {
      itemId: 'quiz-a',
      kind: 'quiz',
      correct: true,
      at: 1_000 + 4 * DAY_MS,
    });
    expect(scheduledReviews(db)).toEqual([]);
  });
});
