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
  ],
};

const ratingInput = z.object({
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
