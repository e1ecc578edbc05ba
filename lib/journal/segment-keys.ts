import { STORAGE_KEYS } from '@/lib/storage';

/**
 * Naming the journal's storage keys: `lease-lab.journal.v1.<prompt>.<writer>.<seq>`, one key per
 * segment, and `lease-lab.journal.v1.<prompt>.<writer>.head`, that writer's head record. Each
 * writer (a tab) writes only keys carrying its own id.
 */

/** Every journal key starts with this. */
export const JOURNAL_PREFIX = `${STORAGE_KEYS.journal}.`;

const KEY_PATTERN = /^lease-lab\.journal\.v1\.([a-z0-9-]{1,40})\.([A-Za-z0-9_-]{1,64})\.(\d{1,9})$/;
const HEAD_PATTERN = /^lease-lab\.journal\.v1\.([a-z0-9-]{1,40})\.([A-Za-z0-9_-]{1,64})\.head$/;
const INDEX_PATTERN = /^lease-lab\.journal\.v1\.saves\.([A-Za-z0-9_-]{1,64})$/;
const WRITER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** What a segment key says about its segment. */
export interface SegmentAddress {
  prompt: string;
  writer: string;
  seq: number;
}

/** The storage key of one segment. */
export function segmentKey(prompt: string, writer: string, seq: number): string {
  return `${JOURNAL_PREFIX}${prompt}.${writer}.${seq}`;
}

/** The prompt, writer and sequence number a key names, or null if it is no segment key. */
export function parseSegmentKey(key: string): SegmentAddress | null {
  const match = KEY_PATTERN.exec(key);
  return match ? { prompt: match[1], writer: match[2], seq: Number(match[3]) } : null;
}

/**
 * The key of one writer's head record for one prompt: the highest save number it has saved, kept
 * beside its segments so a load notices when the newest segment is gone.
 */
export function headKey(prompt: string, writer: string): string {
  return `${JOURNAL_PREFIX}${prompt}.${writer}.head`;
}

/** The prompt and writer a head key names, or null if it is no head key. */
export function parseHeadKey(key: string): { prompt: string; writer: string } | null {
  const match = HEAD_PATTERN.exec(key);
  return match ? { prompt: match[1], writer: match[2] } : null;
}

/**
 * The key of one writer's index of saves: the highest save number it saved, per prompt. A second
 * record of what the head records say, under a key of another shape (two parts after the prefix,
 * where segment and head keys have three), so losing a prompt's newest segment and its head
 * record together is still noticed (issue 42). Older versions of the app ignore it.
 */
export function indexKey(writer: string): string {
  return `${JOURNAL_PREFIX}saves.${writer}`;
}

/** The writer an index key names, or null if it is no index key. */
export function parseIndexKey(key: string): string | null {
  return INDEX_PATTERN.exec(key)?.[1] ?? null;
}

/**
 * The key of the journal's record of saves: per prompt, its newest save number and how many
 * versions it holds, written after every save by whichever tab saved (issue 42). Losing any
 * other key, a writer's newest segment, head record and index of saves together included, is
 * then a count that does not match; losing this key too is reported by the segments that name
 * it (see segmentSchema's `m`). One part after the prefix, so older versions ignore it.
 */
export function recordKey(): string {
  return `${JOURNAL_PREFIX}record`;
}

/** The prompt a journal key (segment or head) belongs to, or null. */
export function promptOfKey(key: string): string | null {
  return (parseSegmentKey(key) ?? parseHeadKey(key))?.prompt ?? null;
}

/** The prefix of every segment key of one prompt, or of the whole journal. */
export function segmentPrefix(prompt?: string): string {
  return prompt ? `${JOURNAL_PREFIX}${prompt}.` : JOURNAL_PREFIX;
}

/** Whether an id may name a writer (and so be part of a segment key). */
export function isWriterId(id: string): boolean {
  return WRITER_PATTERN.test(id);
}

/** A random writer id (per tab and page load), from the browser's crypto where there is one. */
export function randomWriterId(): string {
  const bytes = new Uint8Array(8);
  if (typeof crypto !== 'undefined' && crypto.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return (
    Array.from(bytes, (b) => (b % 36).toString(36)).join('') + Date.now().toString(36).slice(-4)
  );
}
