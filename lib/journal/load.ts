import type { Schema } from '@/lib/storage';
import { MAX_SEGMENT_CHARS } from './bounds';
import { decodeSegment, readShapes } from './schema';
import {
  parseHeadKey,
  parseIndexKey,
  parseSegmentKey,
  recordKey,
  segmentPrefix,
} from './segment-keys';
import { reportGaps, reportRecordMissing } from './gaps';
import { raiseRecord } from './record';
import { repairOutOfRange } from './repair';
import { reportDamaged, setAsideWrong } from './set-aside';
import {
  promptHistory,
  rebuildHistory,
  type JournalState,
  type LoadedHead,
  type LoadedSegment,
  type PromptHistory,
} from './state';

/**
 * Reading the journal from storage: every segment key validated (its size, then its zod shape
 * with the import's bounds, then every edit replayed), a damaged or mislabelled segment set
 * aside and reported, vanished versions reported, the newest ones too (by the head records).
 */

/** Reads one segment key; a damaged or mislabelled one is set aside and reported. */
export function loadSegment(state: JournalState, key: string, raw: string): LoadedSegment | null {
  const address = parseSegmentKey(key);
  if (!address) return null;
  // Checked before anything else: no segment this app writes comes near the bound, and such a
  // value is not parsed (a hand-made 1.5 MB one took seconds). It is set aside like any damaged
  // segment, by copying it whole to a backup key (one getItem and one setItem on the page's
  // thread: CPU time well under the 200 ms bound for the largest value storage can hold twice);
  // with no room for the copy it stays where it is and is reported once per load.
  if (raw.length > MAX_SEGMENT_CHARS) {
    setAsideWrong(
      state,
      key,
      raw,
      `it holds ${raw.length.toLocaleString('en-US')} characters, more than the ${MAX_SEGMENT_CHARS.toLocaleString('en-US')} of any part this app writes, so it was not read`,
    );
    return null;
  }
  const segment = readStored(state, key, raw, readShapes.segment, 'part');
  if (!segment) return null;
  let fault: string | null = null;
  let keyframes = new Map<number, string>();
  if (
    segment.prompt !== address.prompt ||
    segment.writer !== address.writer ||
    segment.seq !== address.seq
  ) {
    fault = 'it did not match its own key';
  } else {
    try {
      keyframes = decodeSegment(segment);
    } catch (error) {
      fault = error instanceof Error ? error.message : String(error);
    }
  }
  if (fault !== null) {
    setAsideWrong(state, key, raw, fault);
    return null;
  }
  return { key, raw, segment, keyframes };
}

/**
 * Reads a stored part or record through the door: null when absent, or damaged (set aside as
 * the door does) and reported.
 */
function readStored<T>(
  state: JournalState,
  key: string,
  raw: string,
  schema: Schema<T>,
  what: 'part' | 'record',
): T | null {
  const read = state.door.read(key, schema, null);
  if (read.ok) return read.value;
  reportDamaged(
    state,
    key,
    raw,
    `A saved history ${what} was damaged and ${read.backupKey ? 'set aside' : 'could not be set aside'}. ${read.message}`,
    read.backupKey,
  );
  return null;
}

/**
 * The stored text under key when it differs from `known` (what was read before) and from a
 * value left in place for want of room: it is to be read again. Null when there is nothing new.
 */
function changed(state: JournalState, key: string, known: string | undefined): string | null {
  const raw = state.door.peek(key);
  if (raw === null || raw === known || state.unmovable.get(key) === raw) return null;
  state.unmovable.delete(key);
  return raw;
}

/** Reads one writer's head record; a damaged or mislabelled one is set aside and reported. */
function loadHead(state: JournalState, key: string, raw: string): LoadedHead | null {
  const address = parseHeadKey(key);
  if (!address) return null;
  const head = readStored(state, key, raw, readShapes.head, 'record');
  if (!head) return null;
  if (head.prompt !== address.prompt || head.writer !== address.writer) {
    setAsideWrong(state, key, raw, 'it did not match its own key');
    return null;
  }
  return { raw, writer: head.writer, gen: head.gen };
}

/** What one pass over storage found: the keys seen, and the prompts whose parts changed. */
export interface SyncPass {
  seen: Set<string>;
  touched: Map<string, PromptHistory>;
  /** Every journal key was listed (not one prompt's): the record of saves was read too. */
  full?: boolean;
}

/** The prompts the record of saves, or one writer's index of saves, named when last read. */
function countedBy(state: JournalState, key: string): string[] {
  const named = key === recordKey() ? state.record?.prompts : state.indexes.get(key)?.saves;
  return Object.keys(named ?? {});
}

/** Forgets the record of saves or an index of saves; the prompts it named are touched. */
export function forgetCount(state: JournalState, key: string, pass: SyncPass): void {
  for (const prompt of countedBy(state, key))
    pass.touched.set(prompt, promptHistory(state, prompt));
  if (key === recordKey()) state.record = null;
  else state.indexes.delete(key);
}

/**
 * Reads the record of saves or one writer's index of saves if its stored text changed; every
 * prompt it names, or named before, is touched (its gaps are checked again). A damaged one is
 * set aside and reported (the next save writes it again).
 */
export function syncCount(state: JournalState, key: string, pass: SyncPass): void {
  const writer = parseIndexKey(key);
  if (writer === null && key !== recordKey()) return;
  pass.seen.add(key);
  const raw = changed(
    state,
    key,
    writer === null ? state.record?.raw : state.indexes.get(key)?.raw,
  );
  if (raw === null) return;
  forgetCount(state, key, pass);
  if (writer === null) {
    const record = readStored(state, key, raw, readShapes.record, 'record');
    if (record) state.record = { raw, prompts: record.prompts };
  } else {
    const index = readStored(state, key, raw, readShapes.index, 'record');
    if (index && index.writer !== writer)
      setAsideWrong(state, key, raw, 'it did not match its own key');
    else if (index) state.indexes.set(key, { raw, writer, saves: index.saves });
  }
  for (const prompt of countedBy(state, key))
    pass.touched.set(prompt, promptHistory(state, prompt));
}

/** Reads one key if its stored text differs from what was read before. */
function syncKey(state: JournalState, key: string, pass: SyncPass): void {
  if (key === recordKey() || parseIndexKey(key) !== null) return syncCount(state, key, pass);
  const address = parseSegmentKey(key) ?? parseHeadKey(key);
  if (!address) return;
  pass.seen.add(key);
  const s = promptHistory(state, address.prompt);
  const isHead = !('seq' in address);
  const raw = changed(state, key, (isHead ? s.heads.get(key) : s.segments.get(key))?.raw);
  if (raw === null) return;
  if (isHead) {
    const head = loadHead(state, key, raw);
    if (head) s.heads.set(key, head);
    else s.heads.delete(key);
  } else {
    const loaded = loadSegment(state, key, raw);
    if (loaded) s.segments.set(key, loaded);
    else s.segments.delete(key);
  }
  pass.touched.set(address.prompt, s);
}

/** Forgets parts no longer in storage (of one prompt, or all); the prompts they leave are touched. */
function dropVanished(state: JournalState, pass: SyncPass, prompt?: string): void {
  if (prompt === undefined)
    for (const key of [recordKey(), ...state.indexes.keys()])
      if (!pass.seen.has(key)) forgetCount(state, key, pass);
  for (const [name, s] of state.prompts) {
    if (prompt && name !== prompt) continue;
    for (const map of [s.segments, s.heads]) {
      for (const key of map.keys()) {
        if (!pass.seen.has(key)) {
          map.delete(key);
          pass.touched.set(name, s);
        }
      }
    }
  }
}

/**
 * Brings one prompt (or all) up to date with storage; true when something changed. Only keys
 * whose stored text differs from what was read before are read again.
 */
export function syncFromStorage(state: JournalState, prompt?: string): boolean {
  const pass: SyncPass = { seen: new Set(), touched: new Map(), full: prompt === undefined };
  for (const key of state.door.keys(segmentPrefix(prompt))) syncKey(state, key, pass);
  dropVanished(state, pass, prompt);
  return finishPass(state, pass);
}

/** Puts every touched prompt's history in order and reports its gaps; true when one was touched. */
export function finishPass(state: JournalState, pass: SyncPass): boolean {
  for (const [name, s] of pass.touched) finishPrompt(state, name, s);
  if (pass.full) reportRecordMissing(state);
  return pass.touched.size > 0;
}

/**
 * One touched prompt: its history in order, save numbers out of range repaired, gaps reported,
 * and the record of saves raised if it counts fewer versions than were read.
 */
function finishPrompt(state: JournalState, name: string, s: PromptHistory): void {
  rebuildHistory(s);
  repairOutOfRange(state, name, s);
  reportGaps(state, name, s);
  raiseRecord(state, name, s);
}

/** How a sliced load gives the page its main thread back, and how it tells time. */
export interface Slicer {
  /** Resolves in a later task (the page's events and paints run in between). */
  pause: () => Promise<void>;
  /** A clock in milliseconds (performance.now in the browser). */
  clock: () => number;
  /** Work done in one task before pausing. */
  sliceMs: number;
}

/**
 * The whole journal read as syncFromStorage(state) reads it, in slices: after each part, once
 * `sliceMs` have passed, it pauses so no task of the page grows with the history (issue 41:
 * 30,000 versions were one task of seconds). A part is at most MAX_SEGMENT_CHARS, so one slice
 * is at most `sliceMs` plus one part. Each prompt's history is put in order in a slice of its own.
 */
export async function syncInSlices(state: JournalState, slicer: Slicer): Promise<boolean> {
  const pass: SyncPass = { seen: new Set(), touched: new Map(), full: true };
  let started = slicer.clock();
  const breathe = async () => {
    if (slicer.clock() - started < slicer.sliceMs) return;
    await slicer.pause();
    started = slicer.clock();
  };
  for (const key of state.door.keys(segmentPrefix())) {
    await breathe();
    syncKey(state, key, pass);
  }
  dropVanished(state, pass);
  for (const [name, s] of pass.touched) {
    await breathe();
    finishPrompt(state, name, s);
  }
  reportRecordMissing(state);
  return pass.touched.size > 0;
}
