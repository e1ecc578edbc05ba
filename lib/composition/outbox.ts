import { z } from 'zod';
import { lessonEventSchema, recordEvent, type LessonEvent } from '@/lib/lesson';
import {
  noteRecordSchema,
  ratingRecordSchema,
  recordRating,
  saveNote,
  type NoteRecord,
  type RatingRecord,
} from '@/lib/reflect';
import { createOutbox, type Outbox } from '@/lib/records';
import type { SqlDriver } from '@/lib/sqlite';
import { browserStore, createLocalDoor } from '@/lib/storage';

/** What a learner's action writes, held in the records outbox until the database has it. */
export type OutboxEntry =
  | { kind: 'lesson'; event: LessonEvent }
  | { kind: 'reflect.rated'; rating: RatingRecord }
  | { kind: 'reflect.note'; note: NoteRecord };

/** Every outbox entry's stored form: the outbox applies only what fits it. */
export const outboxEntrySchema: z.ZodType<OutboxEntry> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lesson'), event: lessonEventSchema }),
  z.object({ kind: z.literal('reflect.rated'), rating: ratingRecordSchema }),
  z.object({ kind: z.literal('reflect.note'), note: noteRecordSchema }),
]);

/** Applies one entry with its feature's own writer (inside the outbox's records write). */
export function applyOutboxEntry(db: SqlDriver, entry: OutboxEntry): void {
  switch (entry.kind) {
    case 'lesson':
      recordEvent(db, entry.event);
      return;
    case 'reflect.rated':
      recordRating(db, entry.rating);
      return;
    case 'reflect.note':
      saveNote(db, entry.note);
      return;
  }
}

/** An outbox of every feature's entries over the given storage door (tests pass their own). */
export function featureOutbox(
  door = createLocalDoor(browserStore()),
  now?: () => number,
): Outbox<OutboxEntry> {
  return createOutbox({ door, entry: outboxEntrySchema, apply: applyOutboxEntry, now });
}
