import { MAX_SEGMENT_CHARS } from './bounds';
import { decodeSegment, headSchema, segmentSchema } from './schema';
import { parseHeadKey, parseSegmentKey, segmentPrefix } from './segment-keys';
import {
  headSaveNumber,
  promptHistory,
  rebuildHistory,
  textKey,
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

/** Reports a damaged value; one that could not be set aside is remembered, so it is reported once. */
function reportDamaged(
  state: JournalState,
  key: string,
  raw: string,
  message: string,
  backupKey: string | null,
): void {
  if (backupKey === null) state.unmovable.set(key, raw);
  const address = parseSegmentKey(key);
  if (address) {
    const writer = textKey(address.prompt, address.writer);
    state.setAsideSeq.set(writer, Math.max(state.setAsideSeq.get(writer) ?? -1, address.seq));
  }
  state.problems.push({ message, backupKey });
}

/** Sets aside a value that parsed but is wrong for its key or its contents, and reports it. */
function setAsideWrong(state: JournalState, key: string, raw: string, fault: string): void {
  const backupKey = state.door.setAside(key);
  reportDamaged(
    state,
    key,
    raw,
    `A saved history part under "${key}" was damaged or edited by hand (${fault}), so it ${
      backupKey
        ? `was set aside as "${backupKey}"`
        : 'could not be set aside (browser storage is full) and is skipped'
    }; the rest of the journal keeps working.`,
    backupKey,
  );
}

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
  const read = state.door.read(key, segmentSchema, null);
  if (!read.ok) {
    reportDamaged(
      state,
      key,
      raw,
      `A saved history part was damaged and ${read.backupKey ? 'set aside' : 'could not be set aside'}. ${read.message}`,
      read.backupKey,
    );
    return null;
  }
  const segment = read.value;
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

/** Reads one writer's head record; a damaged or mislabelled one is set aside and reported. */
function loadHead(state: JournalState, key: string, raw: string): LoadedHead | null {
  const address = parseHeadKey(key);
  if (!address) return null;
  const read = state.door.read(key, headSchema, null);
  if (!read.ok) {
    reportDamaged(
      state,
      key,
      raw,
      `A saved history record was damaged and ${read.backupKey ? 'set aside' : 'could not be set aside'}. ${read.message}`,
      read.backupKey,
    );
    return null;
  }
  const head = read.value;
  if (!head) return null;
  if (head.prompt !== address.prompt || head.writer !== address.writer) {
    setAsideWrong(state, key, raw, 'it did not match its own key');
    return null;
  }
  return { raw, writer: head.writer, gen: head.gen };
}

/**
 * Brings one prompt (or all) up to date with storage; true when something changed. Only keys
 * whose stored text differs from what was read before are read again.
 */
export function syncFromStorage(state: JournalState, prompt?: string): boolean {
  const seen = new Set<string>();
  const touched = new Map<string, PromptHistory>();
  for (const key of state.door.keys(segmentPrefix(prompt))) {
    const address = parseSegmentKey(key) ?? parseHeadKey(key);
    if (!address) continue;
    seen.add(key);
    const s = promptHistory(state, address.prompt);
    const raw = state.door.peek(key);
    const isHead = !('seq' in address);
    const known = isHead ? s.heads.get(key) : s.segments.get(key);
    if (raw === null || known?.raw === raw || state.unmovable.get(key) === raw) continue;
    state.unmovable.delete(key);
    if (isHead) {
      const head = loadHead(state, key, raw);
      if (head) s.heads.set(key, head);
      else s.heads.delete(key);
    } else {
      const loaded = loadSegment(state, key, raw);
      if (loaded) s.segments.set(key, loaded);
      else s.segments.delete(key);
    }
    touched.set(address.prompt, s);
  }
  for (const [name, s] of state.prompts) {
    if (prompt && name !== prompt) continue;
    for (const map of [s.segments, s.heads]) {
      for (const key of map.keys()) {
        if (!seen.has(key)) {
          map.delete(key);
          touched.set(name, s);
        }
      }
    }
  }
  for (const [name, s] of touched) {
    rebuildHistory(s);
    reportGaps(state, name, s);
  }
  return touched.size > 0;
}

const versions = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'version' : 'versions'}`;

/**
 * Save numbers (`gen`) count up by one per save, so a run of missing numbers means entries
 * vanished from storage (a segment deleted by hand or by a cleaner): report it once, with
 * where, instead of silently showing a shorter history. Saves after the newest one left are
 * missing when a writer's head record names a higher number (its newest segment is gone).
 */
function reportGaps(state: JournalState, prompt: string, s: PromptHistory): void {
  const gens = [...new Set(s.metas.map((m) => m.gen))].sort((a, b) => a - b);
  const report = (key: string, message: string) => {
    if (state.gapsReported.has(key)) return;
    state.gapsReported.add(key);
    state.problems.push({ message, backupKey: null });
  };
  let prev = 0;
  for (const gen of gens) {
    const missing = gen - prev - 1;
    if (missing > 0) {
      const where = prev === 0 ? `before save ${gen}` : `between save ${prev} and save ${gen}`;
      report(
        `${prompt}:${prev}:${gen}`,
        `${versions(missing)} of "${prompt}" ${where} ${
          missing === 1 ? 'is' : 'are'
        } missing: part of its saved history was removed from browser storage outside this app. The versions around the gap are intact.`,
      );
    }
    prev = gen;
  }
  const top = headSaveNumber(s, prompt, state.setAsideSeq);
  if (top > prev) {
    const missing = top - prev;
    // Keyed like the hole it becomes once the next save (number top + 1) lands, so it is
    // reported once, not again as a hole.
    report(
      `${prompt}:${prev}:${top + 1}`,
      `${versions(missing)} of "${prompt}" ${prev === 0 ? '' : `after save ${prev} `}${
        missing === 1 ? 'is' : 'are'
      } missing: the newest part of its saved history is gone from browser storage (its saves had reached number ${top}).${
        prev === 0 ? '' : ` The versions up to save ${prev} are intact.`
      }`,
    );
  }
}
