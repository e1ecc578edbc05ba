import { z } from 'zod';
import { ATTEMPT_KINDS, RATINGS, WRITE_FATES, type LessonEvent } from './progress';

const itemId = z.string().min(1).max(120);
const at = z.number().int().min(0);
const item = z.enum(['question', 'case']);

/**
 * One lesson event as stored in the records outbox (lib/records/outbox.ts): what is read back
 * from browser storage must fit it before it is applied. Bounded: ids of at most 120 characters,
 * a prediction of at most 40 writes.
 */
export const lessonEventSchema: z.ZodType<LessonEvent> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('revealed'), item, id: itemId, at }),
  z.object({ kind: z.literal('attempted'), item, id: itemId, how: z.enum(ATTEMPT_KINDS), at }),
  z.object({ kind: z.literal('rated'), id: itemId, rating: z.enum(RATINGS), at }),
  z.object({ kind: z.literal('quiz'), id: itemId, choice: z.boolean(), correct: z.boolean(), at }),
  z.object({
    kind: z.literal('chose'),
    id: itemId,
    choice: z.string().min(1).max(40),
    correct: z.boolean(),
    at,
  }),
  z.object({
    kind: z.literal('predicted'),
    id: itemId,
    answers: z
      .record(z.string().min(1).max(80), z.enum(WRITE_FATES))
      .refine((answers) => Object.keys(answers).length <= 40, 'at most 40 writes'),
    correct: z.boolean(),
    at,
  }),
  z.object({ kind: z.literal('read'), sectionId: itemId, at }),
]);
