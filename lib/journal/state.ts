import type { LocalDoor } from '@/lib/storage';
import { clashId, sameEntry } from './clash';
import { textAt, type EntryKind, type Segment } from './schema';

/** One version of an answer, as the history list shows it. */
export interface EntryMeta {
  id: string;
  prompt: string;
  /**
   * Save number (stored as `gen`): one more than the newest the saving tab knew of, so two tabs
   * saving at once share one. Not the learner's "version N", which is the place in the history.
   */
  gen: number;
  /** The save number the saved text was edited from. */
  base: number;
  parent: string | null;
  time: number;
  size: number;
  kind: EntryKind;
  /** Saved from a stale base: another tab had saved newer text first. */
  stale: boolean;
  /** Saved at the same moment as another tab's entry of the same save number. */
  concurrent: boolean;
  restoredFrom: string | null;
  writer: string;
}

/** Something wrong found in storage and handled: reported to the learner once. */
export interface JournalProblem {
  message: string;
  backupKey: string | null;
}

/** One segment as read from storage, with the raw text it was read from. */
export interface LoadedSegment {
  key: string;
  raw: string;
  segment: Segment;
  /** Decoded texts of some entries (see decodeSegment), kept to open versions quickly. */
  keyframes: Map<number, string>;
}

/** One writer's head record as read from storage (see headSchema). */
export interface LoadedHead {
  raw: string;
  writer: string;
  gen: number;
}

/** One writer's index of saves as read from storage (see savesIndexSchema). */
export interface LoadedIndex {
  raw: string;
  writer: string;
  saves: Readonly<Record<string, number>>;
}

/** The journal's record of saves as read from storage (see recordSchema). */
export interface LoadedRecord {
  raw: string;
  prompts: Readonly<Record<string, { g: number; n: number }>>;
}

/** Everything known of one prompt: its segments, and its entries in history order. */
export interface PromptHistory {
  segments: Map<string, LoadedSegment>;
  /** Head records by key: the highest save number each writer saved. */
  heads: Map<string, LoadedHead>;
  metas: EntryMeta[];
  byId: Map<string, { key: string; index: number; meta: EntryMeta }>;
}

/** The segment this tab appends to for one prompt, with the text of its last entry. */
export interface OwnSegment {
  key: string;
  seq: number;
  lastText: string;
}

/**
 * What one journal (one tab) knows of storage, shared by its reading, writing and tab parts.
 * Storage stays the truth: this is a picture of it, brought up to date by syncFromStorage.
 */
export interface JournalState {
  readonly door: LocalDoor;
  readonly prompts: Map<string, PromptHistory>;
  /** The segment this tab appends to, per prompt. */
  readonly own: Map<string, OwnSegment>;
  /** Texts opened or saved recently, by textKey(prompt, id). */
  readonly texts: Map<string, string>;
  /** Problems found and not yet taken by the page. */
  readonly problems: JournalProblem[];
  /** Gaps in the save numbers already reported, so each is reported once. */
  readonly gapsReported: Set<string>;
  /**
   * Damaged values that could not be set aside (no room), by key, with the text reported: not
   * read or reported again until that text changes, so the notice shows once per load.
   */
  readonly unmovable: Map<string, string>;
  /**
   * The highest segment number set aside (or left unmovable) per prompt and writer, by
   * textKey(prompt, writer): that writer's newest versions were reported there, so its head
   * record does not report them missing a second time.
   */
  readonly setAsideSeq: Map<string, number>;
  /** Every writer's index of saves, by its key: a second record of each head (see indexKey). */
  readonly indexes: Map<string, LoadedIndex>;
  /** The journal's record of saves (see recordKey), or null when storage holds none. */
  record: LoadedRecord | null;
  /** This tab's writer id; changes once if the tab adopts an earlier page load's id. */
  writer: string;
  /** A segment is closed (and the next starts with a full copy) at this many entries... */
  readonly segmentEntries: number;
  /** ...or at this many stored characters, whichever comes first. */
  readonly segmentChars: number;
}

/** An empty picture of storage for a new journal. */
export function createJournalState(
  door: LocalDoor,
  writer: string,
  limits: { segmentEntries: number; segmentChars: number },
): JournalState {
  return {
    door,
    prompts: new Map(),
    own: new Map(),
    texts: new Map(),
    problems: [],
    gapsReported: new Set(),
    unmovable: new Map(),
    setAsideSeq: new Map(),
    indexes: new Map(),
    record: null,
    writer,
    ...limits,
  };
}

/** The history of one prompt, created empty the first time it is asked for. */
export function promptHistory(state: JournalState, prompt: string): PromptHistory {
  let s = state.prompts.get(prompt);
  if (!s) {
    s = { segments: new Map(), heads: new Map(), metas: [], byId: new Map() };
    state.prompts.set(prompt, s);
  }
  return s;
}

/** History order: by save number, then time, then id, so every tab shows the same order. */
export function compareEntries(a: EntryMeta, b: EntryMeta): number {
  return a.gen - b.gen || a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The history entry of one stored entry of a segment. */
function metaOf(e: Segment['entries'][number], segment: Segment): EntryMeta {
  return {
    id: e.id,
    prompt: segment.prompt,
    gen: e.g,
    base: e.b,
    parent: e.p,
    time: e.t,
    size: e.n,
    kind: e.k,
    stale: e.s === 1,
    concurrent: false,
    restoredFrom: e.r ?? null,
    writer: segment.writer,
  };
}

/** Recomputes a prompt's entry list and id lookup from its segments. */
export function rebuildHistory(s: PromptHistory): void {
  const metas: EntryMeta[] = [];
  const byId: PromptHistory['byId'] = new Map();
  for (const loaded of s.segments.values()) {
    loaded.segment.entries.forEach((e, index) => {
      const meta = metaOf(e, loaded.segment);
      const taken = byId.get(e.id)?.meta;
      // The same entry stored twice (two imports at once): shown once.
      if (taken && sameEntry(taken, meta)) return;
      // Another entry under a taken id (a key edited by hand): kept beside it, as an import keeps
      // a clash, under an id of its own, so no version is hidden.
      if (taken) meta.id = clashId(e.id, loaded.key);
      byId.set(meta.id, { key: loaded.key, index, meta });
      metas.push(meta);
    });
  }
  metas.sort(compareEntries);
  for (let i = 1; i < metas.length; i += 1) metas[i].concurrent = metas[i].gen === metas[i - 1].gen;
  s.metas = metas;
  s.byId = byId;
}

/**
 * Adds the last entry of a segment this tab just wrote to the history, in its place, without
 * rebuilding the rest: a save costs the same whatever the history's length (rebuilding 30,000
 * entries on every save was tens of milliseconds). The list is a new array, so a page that
 * compares histories by identity sees the change.
 */
export function addNewestOfSegment(s: PromptHistory, loaded: LoadedSegment): void {
  const index = loaded.segment.entries.length - 1;
  const e = loaded.segment.entries[index];
  if (s.byId.has(e.id)) return;
  const meta = metaOf(e, loaded.segment);
  s.byId.set(e.id, { key: loaded.key, index, meta });
  const metas = [...s.metas];
  let at = metas.length;
  while (at > 0 && compareEntries(metas[at - 1], meta) > 0) at -= 1;
  metas.splice(at, 0, meta);
  for (let i = Math.max(1, at); i <= Math.min(at + 1, metas.length - 1); i += 1)
    metas[i].concurrent = metas[i].gen === metas[i - 1].gen;
  s.metas = metas;
}

/** The key of one version's text in JournalState.texts. */
export function textKey(prompt: string, id: string): string {
  return `${prompt}\u0000${id}`;
}

/** The full text of any version, or null if it is not in the journal. */
export function versionText(state: JournalState, prompt: string, id: string): string | null {
  const cacheKey = textKey(prompt, id);
  const cached = state.texts.get(cacheKey);
  if (cached !== undefined) return cached;
  const s = state.prompts.get(prompt);
  const found = s?.byId.get(id);
  const loaded = found && s?.segments.get(found.key);
  if (!found || !loaded) return null;
  const text = textAt(loaded.segment, loaded.keyframes, found.index);
  if (state.texts.size > 32) state.texts.delete(state.texts.keys().next().value as string);
  state.texts.set(cacheKey, text);
  return text;
}

/** What the record of saves says of one prompt, or undefined. */
export function recordedPrompt(
  state: Pick<JournalState, 'record'>,
  prompt: string,
): { g: number; n: number } | undefined {
  const prompts = state.record?.prompts;
  return prompts && Object.hasOwn(prompts, prompt) ? prompts[prompt] : undefined;
}

/**
 * The highest save number a prompt's head records, the writers' indexes of saves and the
 * record of saves name (0 when none does): what its history should reach. With `setAsideSeq`,
 * a writer whose newest segment was set aside (and reported so) is left out, and so is the
 * record once any of the prompt's parts was, since the versions it misses were already reported.
 */
export function headSaveNumber(
  s: PromptHistory,
  prompt = '',
  setAsideSeq?: Map<string, number>,
  indexes?: Map<string, LoadedIndex>,
  recorded?: number,
): number {
  const named: { writer: string; gen: number }[] = [...s.heads.values()];
  const anyAside = [...(setAsideSeq?.keys() ?? [])].some((k) => k.startsWith(textKey(prompt, '')));
  if (recorded !== undefined && !anyAside) named.push({ writer: '', gen: recorded });
  for (const index of indexes?.values() ?? []) {
    const gen = Object.hasOwn(index.saves, prompt) ? index.saves[prompt] : undefined;
    if (gen !== undefined) named.push({ writer: index.writer, gen });
  }
  let top = 0;
  for (const head of named) {
    const aside = setAsideSeq?.get(textKey(prompt, head.writer));
    if (aside !== undefined) {
      let newest = -1;
      for (const loaded of s.segments.values())
        if (loaded.segment.writer === head.writer) newest = Math.max(newest, loaded.segment.seq);
      if (aside > newest) continue;
    }
    top = Math.max(top, head.gen);
  }
  return top;
}

/** The newest entry of a prompt (last in history order), or null when it has none. */
export function newestEntry(state: JournalState, prompt: string): EntryMeta | null {
  const metas = state.prompts.get(prompt)?.metas ?? [];
  return metas.length ? metas[metas.length - 1] : null;
}
