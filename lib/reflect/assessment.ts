import { z } from 'zod';
import { logActivity, type FeatureSchema } from '@/lib/records';
import type { SqlDriver } from '@/lib/sqlite';

export const RATINGS = ['not-yet', 'partly', 'confident'] as const;
export type SelfRating = (typeof RATINGS)[number];
export const MAX_NOTE_CHARS = 2_000;

/** The self-assessment table: every rating is a new row, so the history of ratings is kept. */
export const reflectSchema: FeatureSchema = {
  feature: 'reflect',
  migrations: [
    `CREATE TABLE self_assessment (
       id     INTEGER PRIMARY KEY AUTOINCREMENT,
       at     INTEGER NOT NULL,
       item   TEXT    NOT NULL,
       rating TEXT    NOT NULL CHECK (rating IN ('not-yet', 'partly', 'confident')),
       note   TEXT    NOT NULL DEFAULT ''
     );
     CREATE INDEX self_assessment_item ON self_assessment (item, at);`,
    // Version 2: a note is the learner's text, saved on its own whether or not a rating is
    // chosen (it was lost on leaving the page when no rating had been picked). One row per item:
    // the latest note.
    `CREATE TABLE self_assessment_notes (
       item TEXT    PRIMARY KEY,
       note TEXT    NOT NULL,
       at   INTEGER NOT NULL
     );`,
  ],
};

/** A rating's stored form (also how the records outbox holds one). */
export const ratingInput = z.object({
  item: z.string().regex(/^[a-z0-9-]{1,40}$/),
  rating: z.enum(RATINGS),
  note: z
    .string()
    .max(MAX_NOTE_CHARS, `A note is at most ${MAX_NOTE_CHARS.toLocaleString('en-US')} characters.`),
  at: z.number().int().min(0),
});
export type RatingRecord = z.infer<typeof ratingInput>;

/** Stores one rating with its time, and logs it in the shared activity log. */
export function recordRating(db: SqlDriver, input: RatingRecord): void {
  const rating = ratingInput.parse(input);
  db.run('INSERT INTO self_assessment (at, item, rating, note) VALUES (?, ?, ?, ?)', [
    rating.at,
    rating.item,
    rating.rating,
    rating.note,
  ]);
  logActivity(db, rating.at, 'reflect.rated', rating.item, { rating: rating.rating });
}

/** A note's stored form (also how the records outbox holds one). */
export const noteInput = ratingInput.pick({ item: true, note: true, at: true });
export type NoteRecord = z.infer<typeof noteInput>;

/** Saves an item's note on its own (no rating needed); the latest note per item is kept. */
export function saveNote(db: SqlDriver, input: NoteRecord): void {
  const note = noteInput.parse(input);
  db.run(
    `INSERT INTO self_assessment_notes (item, note, at) VALUES (?, ?, ?)
     ON CONFLICT (item) DO UPDATE SET note = excluded.note, at = excluded.at`,
    [note.item, note.note, note.at],
  );
}

/**
 * Each item's latest note: the notes table, or for ratings stored before it existed, the note
 * of the item's newest rating.
 */
export function latestNotes(db: SqlDriver): Map<string, NoteRecord> {
  const notes = new Map<string, NoteRecord>();
  for (const rating of ratingHistory(db)) notes.set(rating.item, rating);
  for (const row of db.all('SELECT item, note, at FROM self_assessment_notes')) {
    const parsed = noteInput.safeParse({ ...row, at: Number(row.at) });
    if (parsed.success) {
      const before = notes.get(parsed.data.item);
      if (!before || before.at <= parsed.data.at) notes.set(parsed.data.item, parsed.data);
    }
  }
  return notes;
}

/** Every rating, oldest first; rows that do not fit the shape are skipped. */
export function ratingHistory(db: SqlDriver): RatingRecord[] {
  const rows = db.all('SELECT item, rating, note, at FROM self_assessment ORDER BY at, id');
  return rows.flatMap((row) => {
    const parsed = ratingInput.safeParse({ ...row, at: Number(row.at) });
    return parsed.success ? [parsed.data] : [];
  });
}

/** The newest rating of each item. */
export function latestRatings(db: SqlDriver): Map<string, RatingRecord> {
  const latest = new Map<string, RatingRecord>();
  for (const record of ratingHistory(db)) latest.set(record.item, record);
  return latest;
}

export interface Evidence {
  kind: string;
  count: number;
  last: number;
  subjects: string[];
}

/**
 * What the activity log holds of the given kinds: per kind, how often, when last, and the
 * latest few subjects. Evidence sits next to the learner's own ratings.
 */
export function evidenceByKind(db: SqlDriver, kinds: readonly string[]): Map<string, Evidence> {
  const found = new Map<string, Evidence>();
  if (kinds.length === 0) return found;
  const marks = kinds.map(() => '?').join(', ');
  const rows = db.all<{ kind: string; subject: string; at: number }>(
    `SELECT kind, subject, at FROM activity WHERE kind IN (${marks}) ORDER BY at DESC, id DESC`,
    [...kinds],
  );
  for (const row of rows) {
    const evidence = found.get(row.kind) ?? {
      kind: row.kind,
      count: 0,
      last: Number(row.at),
      subjects: [],
    };
    evidence.count += 1;
    if (evidence.subjects.length < 3 && !evidence.subjects.includes(String(row.subject)))
      evidence.subjects.push(String(row.subject));
    found.set(row.kind, evidence);
  }
  return found;
}
