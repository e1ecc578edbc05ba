import { decodeSegment, segmentSchema } from './schema';
import { parseSegmentKey, segmentPrefix } from './segment-keys';
import {
  promptHistory,
  rebuildHistory,
  type JournalState,
  type LoadedSegment,
  type PromptHistory,
} from './state';

/**
 * Reading the journal from storage: every segment key validated (zod shape, then every edit
 * replayed), a damaged or mislabelled segment set aside and reported, vanished versions reported.
 */

/** Reads one segment key; a damaged or mislabelled one is set aside and reported. */
export function loadSegment(state: JournalState, key: string, raw: string): LoadedSegment | null {
  const address = parseSegmentKey(key);
  if (!address) return null;
  const { door, problems } = state;
  const read = door.read(key, segmentSchema, null);
  if (!read.ok) {
    problems.push({
      message: `A saved history part was damaged and set aside. ${read.message}`,
      backupKey: read.backupKey,
    });
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
    const backupKey = door.setAside(key);
    problems.push({
      message: `A saved history part under "${key}" was damaged or edited by hand (${fault}), so it was set aside${
        backupKey ? ` as "${backupKey}"` : ''
      }; the rest of the journal keeps working.`,
      backupKey,
    });
    return null;
  }
  return { key, raw, segment, keyframes };
}

/**
 * Brings one prompt (or all) up to date with storage; true when something changed. Only keys
 * whose stored text differs from what was read before are read again.
 */
export function syncFromStorage(state: JournalState, prompt?: string): boolean {
  const seen = new Set<string>();
  const touched = new Set<PromptHistory>();
  for (const key of state.door.keys(segmentPrefix(prompt))) {
    const address = parseSegmentKey(key);
    if (!address) continue;
    seen.add(key);
    const s = promptHistory(state, address.prompt);
    const raw = state.door.peek(key);
    const known = s.segments.get(key);
    if (raw === null || (known && known.raw === raw)) continue;
    const loaded = loadSegment(state, key, raw);
    if (loaded) s.segments.set(key, loaded);
    else s.segments.delete(key);
    touched.add(s);
  }
  for (const [name, s] of state.prompts) {
    if (prompt && name !== prompt) continue;
    for (const key of s.segments.keys()) {
      if (!seen.has(key)) {
        s.segments.delete(key);
        touched.add(s);
      }
    }
  }
  for (const s of touched) {
    rebuildHistory(s);
    reportGaps(state, s);
  }
  return touched.size > 0;
}

/**
 * Generations are counted up by one per save, so a run of missing generations means entries
 * vanished from storage (a segment deleted by hand or by a cleaner): report it once, with
 * where, instead of silently showing a shorter history.
 */
function reportGaps(state: JournalState, s: PromptHistory): void {
  const gens = [...new Set(s.metas.map((m) => m.gen))].sort((a, b) => a - b);
  const prompt = s.metas[0]?.prompt;
  if (!prompt) return;
  let prev = 0;
  for (const gen of gens) {
    const missing = gen - prev - 1;
    const key = `${prompt}:${prev}:${gen}`;
    if (missing > 0 && !state.gapsReported.has(key)) {
      state.gapsReported.add(key);
      const where =
        prev === 0
          ? `before generation ${gen}`
          : `between generation ${prev} and generation ${gen}`;
      state.problems.push({
        message: `${missing.toLocaleString('en-US')} ${missing === 1 ? 'version' : 'versions'} of "${prompt}" ${where} ${
          missing === 1 ? 'is' : 'are'
        } missing: part of its saved history was removed from browser storage outside this app. The versions around the gap are intact.`,
        backupKey: null,
      });
    }
    prev = gen;
  }
}
