import type { FeatureSchema } from '@/lib/records/schema';
import { logActivity } from '@/lib/records/records';
import type { SqlDriver } from '@/lib/sqlite';
import { isDue, nextReview, REVIEW_KINDS, type ReviewKind, type ReviewState } from './schedule';

/** The review schedule in the records database (feature 'review'). */
export const reviewSchema: FeatureSchema = {
  feature: 'review',
  migrations: [
    `CREATE TABLE review_items (
       item_id    TEXT PRIMARY KEY,
       item_kind  TEXT    NOT NULL CHECK (item_kind IN ('quiz', 'prediction', 'question')),
       step       INTEGER NOT NULL CHECK (step IN (1, 2)),
       due_at     INTEGER NOT NULL,
       updated_at INTEGER NOT NULL
     );`,
    // Version 2: a foundation's graded question ('choice') comes back for review too. SQLite
    // cannot change a CHECK in place: the table is copied into one that allows the kind.
    `CREATE TABLE review_items_v2 (
       item_id    TEXT PRIMARY KEY,
       item_kind  TEXT    NOT NULL CHECK (item_kind IN ('quiz', 'prediction', 'question', 'choice')),
       step       INTEGER NOT NULL CHECK (step IN (1, 2)),
       due_at     INTEGER NOT NULL,
       updated_at INTEGER NOT NULL
     );
     INSERT INTO review_items_v2 (item_id, item_kind, step, due_at, updated_at)
       SELECT item_id, item_kind, step, due_at, updated_at FROM review_items;
     DROP TABLE review_items;
     ALTER TABLE review_items_v2 RENAME TO review_items;`,
  ],
};

export interface ReviewItem extends ReviewState {
  itemId: string;
  kind: ReviewKind;
}

/**
 * Applies one graded answer to the schedule (run inside RecordsDb.write, with the answer's own
 * row): schedules a wrong answer, moves a due one on, removes one that is done.
 */
export function recordReviewAnswer(
  db: SqlDriver,
  answer: { itemId: string; kind: ReviewKind; correct: boolean; at: number },
): void {
  const row = db.get<{ step: number; due_at: number }>(
    'SELECT step, due_at FROM review_items WHERE item_id = ?',
    [answer.itemId],
  );
  const current: ReviewState | null = row
    ? { step: Number(row.step) === 2 ? 2 : 1, dueAt: Number(row.due_at) }
    : null;
  const next = nextReview(current, answer.correct, answer.at);
  if (next === current) return;
  // A due review answered right: graded evidence for an item whose first try was wrong.
  if (current && answer.correct)
    logActivity(db, answer.at, 'review.passed', answer.itemId, { kind: answer.kind });
  if (next === null) {
    db.run('DELETE FROM review_items WHERE item_id = ?', [answer.itemId]);
    logActivity(db, answer.at, 'review.done', answer.itemId, { kind: answer.kind });
    return;
  }
  db.run(
    `INSERT INTO review_items (item_id, item_kind, step, due_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (item_id) DO UPDATE SET step = excluded.step, due_at = excluded.due_at, updated_at = excluded.updated_at`,
    [answer.itemId, answer.kind, next.step, next.dueAt, answer.at],
  );
}

/** Every scheduled review, soonest first. */
export function scheduledReviews(db: SqlDriver): ReviewItem[] {
  return db
    .all<{ item_id: string; item_kind: string; step: number; due_at: number }>(
      'SELECT item_id, item_kind, step, due_at FROM review_items ORDER BY due_at, item_id',
    )
    .flatMap((r) =>
      (REVIEW_KINDS as readonly string[]).includes(r.item_kind)
        ? [
            {
              itemId: String(r.item_id),
              kind: r.item_kind as ReviewKind,
              step: Number(r.step) === 2 ? (2 as const) : (1 as const),
              dueAt: Number(r.due_at),
            },
          ]
        : [],
    );
}

/** The reviews due at `now`, and the next one that is not due yet. */
export function reviewsDue(items: readonly ReviewItem[], now: number) {
  return {
    due: items.filter((item) => isDue(item, now)),
    next: items.find((item) => !isDue(item, now)) ?? null,
  };
}
