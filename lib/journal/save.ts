import { appendEntry } from './append';
import { syncFromStorage } from './load';
import { MAX_ANSWER_CHARS, MAX_SAVE_NUMBER, type EntryKind } from './schema';
import {
  headSaveNumber,
  newestEntry,
  promptHistory,
  recordedPrompt,
  versionText,
  type EntryMeta,
  type JournalState,
} from './state';

/**
 * Saving a version: the learner-facing rules around an append. Nothing a save meets makes it
 * throw; a save from a stale base is kept as a branch and reported (the lesson's fencing rule
 * applied to the app itself); a full quota keeps the text on the page and offers the export.
 */

export type SaveResult =
  | { ok: true; saved: true; entry: EntryMeta; newer: EntryMeta | null }
  | { ok: true; saved: false; entry: EntryMeta | null }
  | {
      ok: false;
      error: 'too-long' | 'quota' | 'unavailable' | 'invalid' | 'unknown-version';
      message: string;
    };

/** How a save was asked for: edited from which version, and why. */
export interface SaveRequest {
  baseId: string | null;
  kind?: EntryKind;
  restoredFrom?: string;
  /** Save even when the text equals the base's (a restore). */
  force?: boolean;
}

/** What a save needs from the journal around it. */
export interface SaveContext {
  now: () => number;
  /** A fresh entry id, asked for only when an entry is about to be written. */
  nextId: () => string;
  /** Tells subscribers the journal changed. */
  emit: () => void;
}

/** Saves, or says why not: nothing a save meets (stored data included) makes it throw. */
export function saveVersion(
  state: JournalState,
  context: SaveContext,
  prompt: string,
  text: string,
  request: SaveRequest,
): SaveResult {
  try {
    return saveUnguarded(state, context, prompt, text, request);
  } catch (error) {
    return {
      ok: false,
      error: 'unavailable',
      message: `This version could not be saved (${error instanceof Error ? error.message : String(error)}). Your text is still here on the page.`,
    };
  }
}

/** Adds a new entry with an old version's text; the past is never rewritten. */
export function restoreVersion(
  state: JournalState,
  context: SaveContext,
  prompt: string,
  entryId: string,
  baseId: string | null,
): SaveResult {
  const text = versionText(state, prompt, entryId);
  if (text === null)
    return {
      ok: false,
      error: 'unknown-version',
      message: 'That version is no longer in the journal.',
    };
  return saveVersion(state, context, prompt, text, {
    baseId,
    kind: 'restore',
    restoredFrom: entryId,
    force: true,
  });
}

function saveUnguarded(
  state: JournalState,
  context: SaveContext,
  prompt: string,
  text: string,
  opts: SaveRequest,
): SaveResult {
  if (text.length > MAX_ANSWER_CHARS) {
    return {
      ok: false,
      error: 'too-long',
      message: `This answer has ${text.length.toLocaleString('en-US')} characters; the limit is ${MAX_ANSWER_CHARS.toLocaleString('en-US')}. Nothing was saved.`,
    };
  }
  if (syncFromStorage(state, prompt)) context.emit();
  const s = promptHistory(state, prompt);
  // A base that has vanished (set aside as damaged by another tab) still lets the text be
  // saved: it counts as based on nothing, so it becomes a branch entry rather than being lost.
  const baseMeta = opts.baseId ? s.byId.get(opts.baseId)?.meta : undefined;
  const baseText = baseMeta ? versionText(state, prompt, baseMeta.id) : '';
  if (!opts.force && text === baseText) return { ok: true, saved: false, entry: baseMeta ?? null };
  const newest = newestEntry(state, prompt);
  // Past every save number stored and every one a head record names: after a lost newest
  // segment, the next save continues above it, so the gap stays one reported gap.
  const named = headSaveNumber(
    s,
    prompt,
    undefined,
    state.indexes,
    recordedPrompt(state, prompt)?.g,
  );
  const gen = Math.max(newest?.gen ?? 0, named) + 1;
  if (gen > MAX_SAVE_NUMBER) {
    return {
      ok: false,
      error: 'invalid',
      message: `This answer's history has reached ${MAX_SAVE_NUMBER.toLocaleString('en-US')} saves, the most the journal counts, so this version was not saved. Your text is still here on the page: export your journal, or copy the text.`,
    };
  }
  const baseGen = baseMeta?.gen ?? 0;
  const stale = newest !== null && newest.gen > baseGen;
  const id = context.nextId();
  const result = appendEntry(
    state,
    prompt,
    {
      id,
      g: gen,
      b: baseGen,
      p: opts.baseId,
      t: context.now(),
      k: opts.kind ?? 'save',
      ...(stale ? { s: 1 as const } : {}),
      ...(opts.restoredFrom ? { r: opts.restoredFrom } : {}),
    },
    text,
  );
  if (!result.ok) {
    return {
      ok: false,
      error: result.error,
      message:
        result.error === 'quota'
          ? 'Browser storage is full, so this version was not saved. Your text is still here on the page: export your journal to keep it safe.'
          : result.message,
    };
  }
  context.emit();
  const entry = s.byId.get(id)?.meta as EntryMeta;
  return { ok: true, saved: true, entry, newer: stale ? newest : null };
}
