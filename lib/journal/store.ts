import { createLocalDoor, type KeyValueStore } from '@/lib/storage';
import { appendEntries, appendEntry } from './append';
import { syncFromStorage, syncInSlices, type Slicer } from './load';
import {
  restoreVersion,
  saveVersion,
  type SaveContext,
  type SaveRequest,
  type SaveResult,
} from './save';
import { randomWriterId } from './segment-keys';
import {
  createJournalState,
  newestEntry,
  versionText,
  type EntryMeta,
  type JournalProblem,
} from './state';
import { adoptWriter, knownWriters, refreshFromStorage } from './tabs';

// The journal's parts, one job each: segment-keys (naming), state (what this tab knows, in
// history order), load (reading and setting damaged data aside), append (writing segments),
// save (the rules of a save), tabs (other tabs and adopted writers). This file puts them
// together behind the one object pages use.
export { randomWriterId, segmentKey } from './segment-keys';
export type { EntryMeta, JournalProblem } from './state';
export type { SaveResult } from './save';
export type { Slicer } from './load';

export interface JournalOptions {
  store: KeyValueStore | null;
  now?: () => number;
  /** This tab's writer id; a fresh random one by default. */
  writerId?: string;
  /** A segment is closed (and the next starts with a full copy) at this many entries... */
  segmentEntries?: number;
  /** ...or at this many stored characters, whichever comes first. */
  segmentChars?: number;
}

/**
 * The answer journal: an append-only history per prompt in localStorage, through the storage
 * door. Entries are never rewritten. Each tab appends to segments under keys only it writes, so
 * two tabs saving at once both keep their entries; a save whose base save number is older than
 * the newest one is kept as a stale (branch) entry and reported, the lesson's fencing rule
 * applied to the app itself. Small edits are stored as deltas, full copies are compressed.
 */
export function createJournal(options: JournalOptions) {
  const now = options.now ?? Date.now;
  const state = createJournalState(
    createLocalDoor(options.store, now),
    options.writerId ?? randomWriterId(),
    { segmentEntries: options.segmentEntries ?? 200, segmentChars: options.segmentChars ?? 60_000 },
  );
  /** Entry ids are unique per page load even when a writer id is adopted from an earlier one. */
  const idPrefix = randomWriterId().slice(0, 8);
  let reported: readonly JournalProblem[] = [];
  const listeners = new Set<() => void>();
  let counter = 0;
  let version = 0;
  let loaded = false;

  function emit() {
    if (state.problems.length > reported.length) reported = [...state.problems];
    version += 1;
    for (const listener of listeners) listener();
  }

  const saving: SaveContext = {
    now,
    nextId() {
      counter += 1;
      return `${idPrefix}-${counter.toString(36)}`;
    },
    emit,
  };

  return {
    get writer() {
      return state.writer;
    },
    /** Writer ids in storage, most recently used first (see tabs.ts: adopt one only under its lock). */
    knownWriters(): string[] {
      return knownWriters(state);
    },
    /** Continues an idle earlier writer's segments (see tabs.ts); only before this tab has saved. */
    adoptWriter(id: string): boolean {
      return adoptWriter(state, id);
    },
    /** Reads everything stored; problems found are kept for takeProblems(). */
    load(): void {
      syncFromStorage(state);
      loaded = true;
      emit();
    },
    /**
     * Reads everything stored as load() does, in slices of the page's main thread (see
     * syncInSlices), then once more at once for what other tabs changed meanwhile (only changed
     * parts are read again). ready() is true from then on.
     */
    async loadInSlices(slicer: Slicer): Promise<void> {
      await syncInSlices(state, slicer);
      syncFromStorage(state);
      loaded = true;
      emit();
    },
    /** Whether load() or loadInSlices() has finished: before that, the history is not known. */
    ready(): boolean {
      return loaded;
    },
    /** Re-reads storage after another tab changed it (the storage event). */
    refresh(key?: string | null): boolean {
      const changed = refreshFromStorage(state, key);
      if (changed) emit();
      return changed;
    },
    /** Every entry of a prompt, oldest first (by save number, then time). */
    history(prompt: string): readonly EntryMeta[] {
      return state.prompts.get(prompt)?.metas ?? [];
    },
    /** The newest entry of a prompt, or null. */
    head(prompt: string): EntryMeta | null {
      return newestEntry(state, prompt);
    },
    prompts(): string[] {
      return [...state.prompts.keys()].filter((p) => (state.prompts.get(p)?.metas.length ?? 0) > 0);
    },
    /** The full text of any version, or null if it is not in the journal. */
    textOf(prompt: string, id: string): string | null {
      return versionText(state, prompt, id);
    },
    /** Saves, or says why not: nothing a save meets (stored data included) makes it throw. */
    save(prompt: string, text: string, opts: SaveRequest): SaveResult {
      return saveVersion(state, saving, prompt, text, opts);
    },
    /** Adds a new entry with an old version's text; the past is never rewritten. */
    restore(prompt: string, entryId: string, baseId: string | null): SaveResult {
      return restoreVersion(state, saving, prompt, entryId, baseId);
    },
    /** Appends already-identified entries (an import), keeping their ids and save numbers. */
    appendExisting(
      prompt: string,
      meta: Omit<EntryMeta, 'prompt' | 'concurrent' | 'writer'>,
      text: string,
    ) {
      return appendEntry(
        state,
        prompt,
        {
          id: meta.id,
          g: meta.gen,
          b: meta.base,
          p: meta.parent,
          t: meta.time,
          k: meta.kind,
          ...(meta.stale ? { s: 1 as const } : {}),
          ...(meta.restoredFrom ? { r: meta.restoredFrom } : {}),
        },
        text,
      );
    },
    /**
     * Appends many already-identified entries in one pass (an import): each segment is written
     * once and the history rebuilt once. Entries in segments written before a failure are kept.
     */
    appendMany(prompt: string, items: Parameters<typeof appendEntries>[2]) {
      return appendEntries(state, prompt, items);
    },
    has(prompt: string, id: string): boolean {
      return state.prompts.get(prompt)?.byId.has(id) ?? false;
    },
    /** Problems found while reading (damaged data set aside), each reported once. */
    takeProblems(): JournalProblem[] {
      reported = [];
      return state.problems.splice(0, state.problems.length);
    },
    /** Problems found so far and not taken, for showing on the page (same array until one is added). */
    problems(): readonly JournalProblem[] {
      return reported;
    },
    /** Total characters the journal occupies in storage (keys and values). */
    storedChars(): number {
      let total = 0;
      for (const s of state.prompts.values()) {
        for (const seg of s.segments.values()) total += seg.key.length + seg.raw.length;
        for (const [key, head] of s.heads) total += key.length + head.raw.length;
      }
      return total;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version(): number {
      return version;
    },
    notify: emit,
  };
}

export type Journal = ReturnType<typeof createJournal>;
