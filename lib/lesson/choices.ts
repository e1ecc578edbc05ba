import type { SqlDriver } from '@/lib/sqlite';
import { logActivity } from '@/lib/records/records';
import { recordReviewAnswer } from '@/lib/review/records';
import type { ChoiceAnswer, LessonEvent } from './progress';

/**
 * The lesson's multiple-choice answers (the foundations' graded questions): one row per question,
 * the first answer locked and scored, later tries counted. Migration 3 of the lesson's tables.
 */
export const CHOICES_MIGRATION = `CREATE TABLE lesson_choices (
       item_id      TEXT PRIMARY KEY,
       choice       TEXT NOT NULL,
       correct      INTEGER NOT NULL CHECK (correct IN (0, 1)),
       tries        INTEGER NOT NULL DEFAULT 1,
       last_correct INTEGER NOT NULL CHECK (last_correct IN (0, 1)),
       answered_at  INTEGER NOT NULL
     );`;

/**
 * Stores one multiple-choice answer: the first locks, a later one only counts as a try. Like a
 * quiz statement, a wrong answer comes back for review a day later (lib/review), and a right
 * answer then is logged as review.passed: the evidence lib/progress reads.
 */
export function recordChoice(db: SqlDriver, event: Extract<LessonEvent, { kind: 'chose' }>): void {
  const first = db.run(
    `INSERT OR IGNORE INTO lesson_choices (item_id, choice, correct, tries, last_correct, answered_at) VALUES (?, ?, ?, 1, ?, ?)`,
    [event.id, event.choice, event.correct ? 1 : 0, event.correct ? 1 : 0, event.at],
  );
  if (first === 0)
    db.run('UPDATE lesson_choices SET tries = tries + 1, last_correct = ? WHERE item_id = ?', [
      event.correct ? 1 : 0,
      event.id,
    ]);
  logActivity(db, event.at, 'choice.answered', event.id, {
    choice: event.choice,
    correct: event.correct,
    firstTry: first === 1,
  });
  recordReviewAnswer(db, {
    itemId: event.id,
    kind: 'choice',
    correct: event.correct,
    at: event.at,
  });
}

/** Every multiple-choice answer, by question id. */
export function readChoices(db: SqlDriver): Record<string, ChoiceAnswer> {
  return Object.fromEntries(
    db
      .all<{ id: string; choice: string; correct: number; tries: number; last: number }>(
        'SELECT item_id AS id, choice, correct, tries, last_correct AS last FROM lesson_choices',
      )
      .map((r) => [
        String(r.id),
        {
          choice: String(r.choice),
          correct: r.correct === 1,
          tries: Number(r.tries),
          lastCorrect: r.last === 1,
        },
      ]),
  );
}
