import type { SqlDriver } from '@/lib/sqlite';
import { logActivity } from '@/lib/records/records';
import type { FeatureSchema } from '@/lib/records/schema';
import { recordReviewAnswer } from '@/lib/review/records';
import {
  ATTEMPT_KINDS,
  type AttemptKind,
  EMPTY_RECORDS,
  RATINGS,
  type LessonEvent,
  type LessonRecords,
  type Rating,
  type WriteFate,
} from './progress';
import { CHOICES_MIGRATION, readChoices, recordChoice } from './choices';

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
    // Version 2: attempts before a reveal; quiz answers lock on the first try and count tries;
    // predictions. lesson_answers stays as it was: its rows move into the journal once.
    `CREATE TABLE lesson_attempts (
       item_id      TEXT PRIMARY KEY,
       item_kind    TEXT NOT NULL CHECK (item_kind IN ('question', 'case')),
       how          TEXT NOT NULL CHECK (how IN ('answered', 'dont-know')),
       attempted_at INTEGER NOT NULL
     );
     ALTER TABLE lesson_quiz ADD COLUMN tries INTEGER NOT NULL DEFAULT 1;
     ALTER TABLE lesson_quiz ADD COLUMN last_correct INTEGER;
     UPDATE lesson_quiz SET last_correct = correct;
     CREATE TABLE lesson_predictions (
       item_id      TEXT PRIMARY KEY,
       answers      TEXT NOT NULL,
       correct      INTEGER NOT NULL CHECK (correct IN (0, 1)),
       tries        INTEGER NOT NULL DEFAULT 1,
       last_correct INTEGER NOT NULL CHECK (last_correct IN (0, 1)),
       answered_at  INTEGER NOT NULL
     );`,
    // Version 3: the foundations' multiple-choice questions.
    CHOICES_MIGRATION,
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
    case 'attempted': {
      if (!ATTEMPT_KINDS.includes(event.how))
        throw new Error(`Unknown attempt "${String(event.how)}".`);
      // The first attempt is kept, except that an own answer saved after "I don't know yet"
      // replaces it: only an own answer marks a question as attempted on a path.
      const changed = db.run(
        `INSERT INTO lesson_attempts (item_id, item_kind, how, attempted_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (item_id) DO UPDATE SET how = excluded.how, attempted_at = excluded.attempted_at
         WHERE lesson_attempts.how = 'dont-know' AND excluded.how = 'answered'`,
        [event.id, event.item, event.how, event.at],
      );
      if (changed === 1)
        logActivity(
          db,
          event.at,
          event.how === 'dont-know' ? `${event.item}.dont-know` : `${event.item}.answered`,
          event.id,
        );
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
      // A reference answer the learner says they missed comes back like a wrong answer.
      if (event.rating !== 'partly')
        recordReviewAnswer(db, {
          itemId: event.id,
          kind: 'question',
          correct: event.rating === 'got-it',
          at: event.at,
        });
      return;
    case 'quiz': {
      const first = db.run(
        `INSERT OR IGNORE INTO lesson_quiz (item_id, choice, correct, answered_at, tries, last_correct) VALUES (?, ?, ?, ?, 1, ?)`,
        [event.id, event.choice ? 1 : 0, event.correct ? 1 : 0, event.at, event.correct ? 1 : 0],
      );
      if (first === 0)
        db.run('UPDATE lesson_quiz SET tries = tries + 1, last_correct = ? WHERE item_id = ?', [
          event.correct ? 1 : 0,
          event.id,
        ]);
      logActivity(db, event.at, 'quiz.answered', event.id, {
        choice: event.choice,
        correct: event.correct,
        firstTry: first === 1,
      });
      recordReviewAnswer(db, {
        itemId: event.id,
        kind: 'quiz',
        correct: event.correct,
        at: event.at,
      });
      return;
    }
    case 'chose':
      recordChoice(db, event);
      return;
    case 'predicted': {
      const first = db.run(
        `INSERT OR IGNORE INTO lesson_predictions (item_id, answers, correct, tries, last_correct, answered_at) VALUES (?, ?, ?, 1, ?, ?)`,
        [
          event.id,
          JSON.stringify(event.answers),
          event.correct ? 1 : 0,
          event.correct ? 1 : 0,
          event.at,
        ],
      );
      if (first === 0)
        db.run(
          'UPDATE lesson_predictions SET tries = tries + 1, last_correct = ? WHERE item_id = ?',
          [event.correct ? 1 : 0, event.id],
        );
      logActivity(db, event.at, 'prediction.answered', event.id, {
        correct: event.correct,
        firstTry: first === 1,
      });
      recordReviewAnswer(db, {
        itemId: event.id,
        kind: 'prediction',
        correct: event.correct,
        at: event.at,
      });
      return;
    }
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
  records.attempts = Object.fromEntries(
    db
      .all<{ id: string; how: string }>('SELECT item_id AS id, how FROM lesson_attempts')
      .flatMap((r): [string, AttemptKind][] =>
        (ATTEMPT_KINDS as readonly string[]).includes(r.how) ? [[r.id, r.how as AttemptKind]] : [],
      ),
  );
  records.quiz = Object.fromEntries(
    db
      .all<{ id: string; choice: number; correct: number; tries: number; last: number }>(
        'SELECT item_id AS id, choice, correct, tries, last_correct AS last FROM lesson_quiz',
      )
      .map((r) => [
        r.id,
        {
          choice: r.choice === 1,
          correct: r.correct === 1,
          tries: Number(r.tries),
          lastCorrect: r.last === 1,
        },
      ]),
  );
  records.predictions = Object.fromEntries(
    db
      .all<{ id: string; answers: string; correct: number; tries: number; last: number }>(
        'SELECT item_id AS id, answers, correct, tries, last_correct AS last FROM lesson_predictions',
      )
      .map((r) => [
        r.id,
        {
          answers: JSON.parse(r.answers) as Record<string, WriteFate>,
          correct: r.correct === 1,
          tries: Number(r.tries),
          lastCorrect: r.last === 1,
        },
      ]),
  );
  records.choices = readChoices(db);
  records.read = Object.fromEntries(
    db
      .all<{ id: string; at: number }>('SELECT section_id AS id, read_at AS at FROM lesson_reading')
      .map((r) => [r.id, Number(r.at)]),
  );
  return records;
}

/** Own answers stored before the journal took every answer box over, with their times. */
export function readLessonAnswers(db: SqlDriver): { itemId: string; text: string; at: number }[] {
  return db
    .all<{ id: string; answer: string; at: number }>(
      'SELECT item_id AS id, answer, answered_at AS at FROM lesson_answers ORDER BY answered_at, item_id',
    )
    .map((r) => ({ itemId: String(r.id), text: String(r.answer), at: Number(r.at) }));
}
