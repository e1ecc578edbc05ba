import type { SqlDriver } from '@/lib/sqlite';
import { logActivity } from '@/lib/records/records';
import type { FeatureSchema } from '@/lib/records/schema';
import {
  answerProblem,
  EMPTY_RECORDS,
  RATINGS,
  type LessonEvent,
  type LessonRecords,
  type Rating,
} from './progress';

/** The lesson's tables in the records database (feature 'lesson'). */
export const lessonSchema: FeatureSchema = {
  feature: 'lesson',
  migrations: [
    `CREATE TABLE lesson_reveals (
       item_id     TEXT PRIMARY KEY,
       item_kind   TEXT NOT NULL CHECK (item_kind IN ('question', 'case')),
       revealed_at INTEGER NOT NULL
     );
     CREATE TABLE lesson_answers (
       item_id     TEXT PRIMARY KEY,
       item_kind   TEXT NOT NULL CHECK (item_kind IN ('question', 'case')),
       answer      TEXT NOT NULL,
       answered_at INTEGER NOT NULL
     );
     CREATE TABLE lesson_ratings (
       item_id  TEXT PRIMARY KEY,
       rating   TEXT NOT NULL CHECK (rating IN ('got-it', 'partly', 'missed')),
       rated_at INTEGER NOT NULL
     );
     CREATE TABLE lesson_quiz (
       item_id     TEXT PRIMARY KEY,
       choice      INTEGER NOT NULL CHECK (choice IN (0, 1)),
       correct     INTEGER NOT NULL CHECK (correct IN (0, 1)),
       answered_at INTEGER NOT NULL
     );
     CREATE TABLE lesson_reading (
       section_id TEXT PRIMARY KEY,
       read_at    INTEGER NOT NULL
     );`,
  ],
};

/**
 * Stores one lesson event and, for what the progress view counts, appends it to the shared
 * activity log ('question.revealed', 'question.rated', 'quiz.answered', ...). Run inside
 * RecordsDb.write so the row and its log entry commit together.
 */
export function recordEvent(db: SqlDriver, event: LessonEvent): void {
  switch (event.kind) {
    case 'revealed': {
      const changed = db.run(
        'INSERT OR IGNORE INTO lesson_reveals (item_id, item_kind, revealed_at) VALUES (?, ?, ?)',
        [event.id, event.item, event.at],
      );
      if (changed === 1) logActivity(db, event.at, `${event.item}.revealed`, event.id);
      return;
    }
    case 'answered': {
      const problem = answerProblem(event.text);
      if (problem) throw new Error(problem);
      db.run(
        `INSERT INTO lesson_answers (item_id, item_kind, answer, answered_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (item_id) DO UPDATE SET answer = excluded.answer, answered_at = excluded.answered_at`,
        [event.id, event.item, event.text, event.at],
      );
      logActivity(db, event.at, `${event.item}.answered`, event.id, { length: event.text.length });
      return;
    }
    case 'rated':
      if (!RATINGS.includes(event.rating))
        throw new Error(`Unknown rating "${String(event.rating)}".`);
      db.run(
        `INSERT INTO lesson_ratings (item_id, rating, rated_at) VALUES (?, ?, ?)
         ON CONFLICT (item_id) DO UPDATE SET rating = excluded.rating, rated_at = excluded.rated_at`,
        [event.id, event.rating, event.at],
      );
      logActivity(db, event.at, 'question.rated', event.id, { rating: event.rating });
      return;
    case 'quiz':
      db.run(
        `INSERT INTO lesson_quiz (item_id, choice, correct, answered_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (item_id) DO UPDATE SET choice = excluded.choice, correct = excluded.correct, answered_at = excluded.answered_at`,
        [event.id, event.choice ? 1 : 0, event.correct ? 1 : 0, event.at],
      );
      logActivity(db, event.at, 'quiz.answered', event.id, {
        choice: event.choice,
        correct: event.correct,
      });
      return;
    case 'read':
      db.run('INSERT OR IGNORE INTO lesson_reading (section_id, read_at) VALUES (?, ?)', [
        event.sectionId,
        event.at,
      ]);
      return;
  }
}

/** Reads everything the lesson keeps for the learner. */
export function readLessonRecords(db: SqlDriver): LessonRecords {
  const records = { ...EMPTY_RECORDS } as {
    -readonly [K in keyof LessonRecords]: Record<string, LessonRecords[K][string]>;
  };
  records.revealed = Object.fromEntries(
    db
      .all<{ id: string; at: number }>(
        'SELECT item_id AS id, revealed_at AS at FROM lesson_reveals',
      )
      .map((r) => [r.id, Number(r.at)]),
  );
  records.answers = Object.fromEntries(
    db
      .all<{ id: string; answer: string }>('SELECT item_id AS id, answer FROM lesson_answers')
      .map((r) => [r.id, r.answer]),
  );
  records.ratings = Object.fromEntries(
    db
      .all<{ id: string; rating: Rating }>('SELECT item_id AS id, rating FROM lesson_ratings')
      .map((r) => [r.id, r.rating]),
  );
  records.quiz = Object.fromEntries(
    db
      .all<{ id: string; choice: number; correct: number }>(
        'SELECT item_id AS id, choice, correct FROM lesson_quiz',
      )
      .map((r) => [r.id, { choice: r.choice === 1, correct: r.correct === 1 }]),
  );
  records.read = Object.fromEntries(
    db
      .all<{ id: string; at: number }>('SELECT section_id AS id, read_at AS at FROM lesson_reading')
      .map((r) => [r.id, Number(r.at)]),
  );
  return records;
}
