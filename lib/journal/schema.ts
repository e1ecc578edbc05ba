import { z } from 'zod';
import {
  MAX_ANSWER_CHARS,
  MAX_EDIT_CHARS,
  MAX_EDITS_PER_DELTA,
  MAX_ENTRIES_PER_SEGMENT,
} from './bounds';
import { applyDelta, decompressText } from './delta';

export { MAX_ANSWER_CHARS } from './bounds';

/** Prompt ids become part of storage keys, so they are kept to a safe alphabet. */
export const promptIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, 'a prompt id uses a-z, 0-9 and "-" only');
const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'an entry id uses letters, digits, "_" and "-" only');
const timeSchema = z.number().int().min(0).max(8.64e15);

/**
 * The highest save number the journal stores: far below Number.MAX_SAFE_INTEGER, so one more
 * (the next save) is still exact. Import, storage reads and saves all use these schemas.
 */
export const MAX_SAVE_NUMBER = 1_000_000_000;
export const saveNumberSchema = z.number().int().min(1).max(MAX_SAVE_NUMBER);
export const baseSaveNumberSchema = z.number().int().min(0).max(MAX_SAVE_NUMBER);

/**
 * Save numbers as read from storage: any exact number, so a part a build from before the bound
 * stored (or a hand edit, 1.5 too) is read, its text kept and its numbers repaired (repair.ts), instead of
 * being set aside unread. Every write still takes the bounded schemas above.
 */
const storedSaveNumberSchema = z.number().positive().max(Number.MAX_SAFE_INTEGER);
const storedBaseNumberSchema = z.number().min(0).max(Number.MAX_SAFE_INTEGER);

export const ENTRY_KINDS = ['save', 'autosave', 'restore', 'draft'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

const opSchema = z.tuple([
  z.number().int().min(0).max(MAX_ANSWER_CHARS),
  z.number().int().min(0).max(MAX_ANSWER_CHARS),
  z.string().max(MAX_EDIT_CHARS),
]);

/**
 * The edits of one entry, stored (`o`) or imported (`patch`). zod checks the count before it
 * looks at any edit, so 150,000 edits are refused at once, before one is applied.
 */
export const deltaSchema = z.array(opSchema).max(MAX_EDITS_PER_DELTA);

/** The stored shapes, with the save numbers they take: bounded to write, any to read. */
function storedShapes(gen: typeof saveNumberSchema, base: typeof baseSaveNumberSchema) {
  /**
   * One stored history entry, in short field names because 1,000 of them share the quota:
   * g save number, b base save number, p parent id, t time, n size, k kind, s stale (a branch),
   * r restored-from id; and exactly one of f full text, z compressed full text, o edits against
   * the previous entry of the same segment.
   */
  const entry = z.object({
    id: idSchema,
    g: gen,
    b: base,
    p: idSchema.nullable(),
    t: timeSchema,
    n: z.number().int().min(0).max(MAX_ANSWER_CHARS),
    k: z.enum(ENTRY_KINDS),
    s: z.literal(1).optional(),
    r: idSchema.optional(),
    f: z.string().max(MAX_ANSWER_CHARS).optional(),
    z: z.string().max(MAX_ANSWER_CHARS).optional(),
    o: deltaSchema.optional(),
  });
  /**
   * A segment: the entries one tab wrote for one prompt, under a key only that tab writes, so
   * two tabs can never overwrite each other's history. Its first entry is a full copy; later
   * ones are usually edits against the entry before them.
   */
  const segment = z.object({
    v: z.literal(1),
    prompt: promptIdSchema,
    writer: idSchema,
    seq: z.number().int().min(0).max(999_999_999),
    entries: z.array(entry).min(1).max(MAX_ENTRIES_PER_SEGMENT),
    /** Written by a version that keeps the record of saves (recordKey): it must be there too. */
    m: z.literal(1).optional(),
  });
  /**
   * A writer's head record for one prompt: the highest save number it has saved. Written after
   * the segment, so it never names a save number that is not stored (unless the segment was
   * removed).
   */
  const head = z
    .object({ v: z.literal(1), prompt: promptIdSchema, writer: idSchema, gen })
    .strict();
  /**
   * A writer's index of saves: the highest save number it has saved, per prompt (see indexKey).
   * Written after the head record, so it never names a save number that is not stored.
   */
  const index = z
    .object({
      v: z.literal(1),
      writer: idSchema,
      saves: z
        .record(promptIdSchema, gen)
        .refine((saves) => Object.keys(saves).length <= MAX_INDEXED_PROMPTS, {
          message: `an index of saves names at most ${MAX_INDEXED_PROMPTS.toLocaleString('en-US')} prompts`,
        }),
    })
    .strict();
  /**
   * The journal's record of saves (see recordKey): per prompt, the newest save number and the
   * number of versions stored when a tab last saved it. Written after the segment, head record
   * and index of saves, from what the saving tab had just read, so it never names more than
   * storage held.
   */
  const record = z
    .object({
      v: z.literal(1),
      prompts: z
        .record(
          promptIdSchema,
          z.object({ g: gen, n: z.number().int().min(1).max(MAX_SAVE_NUMBER) }).strict(),
        )
        .refine((prompts) => Object.keys(prompts).length <= MAX_INDEXED_PROMPTS, {
          message: `the record of saves names at most ${MAX_INDEXED_PROMPTS.toLocaleString('en-US')} prompts`,
        }),
    })
    .strict();
  return { entry, segment, head, index, record };
}

/** The most prompts one writer's index of saves names (the journal has a handful). */
export const MAX_INDEXED_PROMPTS = 10_000;

const written = storedShapes(saveNumberSchema, baseSaveNumberSchema);
/** What storage reads take: the written shapes with any exact save number (see above). */
export const readShapes = storedShapes(storedSaveNumberSchema, storedBaseNumberSchema);

export const storedEntrySchema = written.entry;
export type StoredEntry = z.infer<typeof storedEntrySchema>;
export const segmentSchema = written.segment;
export type Segment = z.infer<typeof segmentSchema>;
export const headSchema = written.head;
export type HeadRecord = z.infer<typeof headSchema>;
export const savesIndexSchema = written.index;
export type SavesIndex = z.infer<typeof savesIndexSchema>;
export const recordSchema = written.record;
export type SavesRecord = z.infer<typeof recordSchema>;

/** The text of one entry, given the text of the entry before it (null for the first). */
export function decodeEntry(entry: StoredEntry, prev: string | null): string {
  const forms =
    Number(entry.f !== undefined) + Number(entry.z !== undefined) + Number(entry.o !== undefined);
  if (forms !== 1)
    throw new Error(
      `entry ${entry.id} must hold exactly one of a text, a compressed text or edits`,
    );
  let text: string;
  if (entry.f !== undefined) text = entry.f;
  else if (entry.z !== undefined) text = decompressText(entry.z, entry.n);
  else {
    if (prev === null) throw new Error(`entry ${entry.id} holds edits but nothing comes before it`);
    text = applyDelta(prev, entry.o ?? []);
  }
  if (text.length !== entry.n)
    throw new Error(
      `entry ${entry.id} should be ${entry.n} characters but decodes to ${text.length}`,
    );
  return text;
}

/**
 * Decodes a whole segment, checking every entry, and returns keyframes: the text of every
 * `every`-th entry and of the last one, so any version later opens with few edits to apply.
 * Throws when an edit or a size does not fit (a damaged or hand-edited segment).
 */
export function decodeSegment(segment: Segment, every = 16): Map<number, string> {
  const keyframes = new Map<number, string>();
  const ids = new Set<string>();
  let text: string | null = null;
  segment.entries.forEach((entry, i) => {
    if (ids.has(entry.id)) throw new Error(`entry ${entry.id} appears twice`);
    ids.add(entry.id);
    text = decodeEntry(entry, text);
    if (i % every === 0 || i === segment.entries.length - 1) keyframes.set(i, text);
  });
  return keyframes;
}

/** The text of entry `index`, starting from the nearest keyframe at or before it. */
export function textAt(segment: Segment, keyframes: Map<number, string>, index: number): string {
  let from = index;
  while (from > 0 && !keyframes.has(from)) from -= 1;
  let text = keyframes.get(from) ?? decodeEntry(segment.entries[0], null);
  for (let i = from + 1; i <= index; i += 1) text = decodeEntry(segment.entries[i], text);
  return text;
}
