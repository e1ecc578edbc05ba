import { compressText, computeDelta, deltaCost } from './delta';
import {
  headSchema,
  MAX_INDEXED_PROMPTS,
  savesIndexSchema,
  segmentSchema,
  type Segment,
  type StoredEntry,
} from './schema';
import { writeRecord } from './record';
import { headKey, indexKey, segmentKey } from './segment-keys';
import {
  addNewestOfSegment,
  promptHistory,
  rebuildHistory,
  textKey,
  type JournalState,
} from './state';

/**
 * Writing the journal: entries appended to this tab's own segments, never rewritten. A segment
 * starts with a full (compressed) copy; later entries are edits against the one before, unless
 * the edit would cost more than a copy. Writes go through the storage door, which turns a full
 * quota into a result instead of an exception; nothing is kept in memory that storage refused.
 */

/** An entry's identity and history fields: everything stored except its text. */
export type EntryFields = Omit<StoredEntry, 'f' | 'z' | 'o' | 'n'>;

/** Why storage refused a write. */
export interface AppendFailure {
  error: 'quota' | 'unavailable' | 'invalid';
  message: string;
}

/** Appends one entry to this tab's segment for the prompt, starting a new one when full. */
export function appendEntry(
  state: JournalState,
  prompt: string,
  fields: EntryFields,
  text: string,
): { ok: true } | ({ ok: false } & AppendFailure) {
  const { door, own, writer } = state;
  const s = promptHistory(state, prompt);
  let mine = own.get(prompt);
  const current = mine ? s.segments.get(mine.key) : undefined;
  const full =
    !mine ||
    !current ||
    current.segment.entries.length >= state.segmentEntries ||
    current.raw.length >= state.segmentChars;
  let stored: StoredEntry;
  const base = { ...fields, n: text.length };
  if (!full && mine) {
    const ops = computeDelta(mine.lastText, text);
    stored = deltaCost(ops) * 2 <= text.length + 64 ? { ...base, o: ops } : fullEntry(base, text);
  } else {
    stored = fullEntry(base, text);
  }
  const seq = full
    ? freeSeq(state, prompt, mine ? mine.seq + 1 : 0)
    : (mine as { seq: number }).seq;
  const key = segmentKey(prompt, writer, seq);
  const segment: Segment =
    !full && current
      ? { ...current.segment, m: 1, entries: [...current.segment.entries, stored] }
      : { v: 1, prompt, writer, seq, entries: [stored], m: 1 };
  const written = door.write(key, segmentSchema, segment);
  if (!written.ok) return written;
  const keyframes = !full && current ? current.keyframes : new Map<number, string>();
  const index = segment.entries.length - 1;
  if (index % 16 === 0) keyframes.set(index, text);
  const loaded = { key, raw: door.peek(key) ?? JSON.stringify(segment), segment, keyframes };
  s.segments.set(key, loaded);
  mine = { key, seq, lastText: text };
  own.set(prompt, mine);
  state.texts.set(textKey(prompt, fields.id), text);
  addNewestOfSegment(s, loaded);
  writeHead(state, prompt, fields.g);
  writeRecord(state, prompt);
  return { ok: true };
}

/**
 * Records that this writer has saved up to `gen` (see headSchema), after the segment holding it
 * was written, so the head never names a save number that was not stored. A refused head write
 * (a full quota) loses nothing: the entry is stored, and the next save writes the head again;
 * until then a load cannot notice that this writer's newest segment went missing.
 */
function writeHead(state: JournalState, prompt: string, gen: number): void {
  const s = promptHistory(state, prompt);
  const key = headKey(prompt, state.writer);
  if ((s.heads.get(key)?.gen ?? 0) >= gen) return;
  const head = { v: 1 as const, prompt, writer: state.writer, gen };
  if (!state.door.write(key, headSchema, head).ok) return;
  s.heads.set(key, {
    raw: state.door.peek(key) ?? JSON.stringify(head),
    writer: state.writer,
    gen,
  });
  writeIndex(state, prompt, gen);
}

/**
 * Records the same in this writer's index of saves (see indexKey), after the head record: a
 * second witness of the newest save, so a load notices a lost newest segment even when its head
 * record went with it. Refused (a full quota, or more prompts than an index names), it loses
 * nothing: the head record still holds the save number.
 */
function writeIndex(state: JournalState, prompt: string, gen: number): void {
  const key = indexKey(state.writer);
  const saves = { ...(state.indexes.get(key)?.saves ?? {}) };
  if ((saves[prompt] ?? 0) >= gen) return;
  if (!(prompt in saves) && Object.keys(saves).length >= MAX_INDEXED_PROMPTS) return;
  saves[prompt] = gen;
  const index = { v: 1 as const, writer: state.writer, saves };
  if (!state.door.write(key, savesIndexSchema, index).ok) return;
  state.indexes.set(key, {
    raw: state.door.peek(key) ?? JSON.stringify(index),
    writer: state.writer,
    saves,
  });
}

/**
 * Appends many already-identified entries to this tab's segments in one pass (an import):
 * each segment is written once, and the history is rebuilt once, so a large import costs
 * time in proportion to its size. Entries in segments written before a failure are kept.
 */
export function appendEntries(
  state: JournalState,
  prompt: string,
  items: readonly { fields: EntryFields; text: string }[],
): { ok: true; added: number } | ({ ok: false; added: number } & AppendFailure) {
  const { door, own, writer } = state;
  const s = promptHistory(state, prompt);
  const mine = own.get(prompt);
  const current = mine ? s.segments.get(mine.key) : undefined;
  let seq = mine ? mine.seq : -1;
  let entries: StoredEntry[] = current ? [...current.segment.entries] : [];
  let chars = current ? current.raw.length : 0;
  let keyframes = current ? current.keyframes : new Map<number, string>();
  // A segment no longer in storage (set aside since) is not continued: the next starts afresh.
  let lastText = current ? (mine?.lastText ?? null) : null;
  let added = 0;
  let pending = 0;
  let failure: AppendFailure | null = null;
  let newestVersion = 0;
  const flush = (): boolean => {
    if (pending === 0 || seq < 0) return true;
    const key = segmentKey(prompt, writer, seq);
    const segment: Segment = { v: 1, prompt, writer, seq, entries, m: 1 };
    const written = door.write(key, segmentSchema, segment);
    if (!written.ok) {
      failure = written;
      return false;
    }
    s.segments.set(key, {
      key,
      raw: door.peek(key) ?? JSON.stringify(segment),
      segment,
      keyframes,
    });
    own.set(prompt, { key, seq, lastText: lastText ?? '' });
    for (const entry of entries) newestVersion = Math.max(newestVersion, entry.g);
    added += pending;
    pending = 0;
    return true;
  };
  for (const { fields, text } of items) {
    const base = { ...fields, n: text.length };
    const full =
      seq < 0 ||
      lastText === null ||
      entries.length >= state.segmentEntries ||
      chars >= state.segmentChars;
    let stored: StoredEntry;
    if (full) {
      if (!flush()) break;
      seq = freeSeq(state, prompt, seq + 1);
      entries = [];
      chars = 0;
      keyframes = new Map();
      stored = fullEntry(base, text);
    } else {
      const ops = computeDelta(lastText as string, text);
      stored = deltaCost(ops) * 2 <= text.length + 64 ? { ...base, o: ops } : fullEntry(base, text);
    }
    entries.push(stored);
    if ((entries.length - 1) % 16 === 0) keyframes.set(entries.length - 1, text);
    chars += JSON.stringify(stored).length + 1;
    lastText = text;
    pending += 1;
  }
  if (!failure) {
    keyframes.set(entries.length - 1, lastText ?? '');
    flush();
  }
  if (newestVersion > 0) writeHead(state, prompt, newestVersion);
  rebuildHistory(s);
  if (added > 0) writeRecord(state, prompt);
  const failed = failure as AppendFailure | null;
  return failed ? { ok: false, added, ...failed } : { ok: true, added };
}

/**
 * The first segment number from `seq` whose key holds nothing: a value left in place (there was
 * no room to set it aside), or a segment of this writer this tab has not read, is never written
 * over.
 */
function freeSeq(state: JournalState, prompt: string, seq: number): number {
  let free = seq;
  const taken = (key: string) => state.unmovable.has(key) || state.door.peek(key) !== null;
  while (taken(segmentKey(prompt, state.writer, free))) free += 1;
  return free;
}

/** A full copy of the text, compressed when that is smaller. */
function fullEntry(base: Omit<StoredEntry, 'f' | 'z' | 'o'>, text: string): StoredEntry {
  const packed = compressText(text);
  return packed === null ? { ...base, f: text } : { ...base, z: packed };
}
