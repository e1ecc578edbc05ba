import { createLocalDoor, STORAGE_KEYS, type KeyValueStore, type LocalDoor } from '@/lib/storage';
import { compressText, computeDelta, deltaCost } from './delta';
import {
  decodeSegment,
  MAX_ANSWER_CHARS,
  segmentSchema,
  textAt,
  type EntryKind,
  type Segment,
  type StoredEntry,
} from './schema';

const PREFIX = `${STORAGE_KEYS.journal}.`;
const KEY_PATTERN = /^lease-lab\.journal\.v1\.([a-z0-9-]{1,40})\.([A-Za-z0-9_-]{1,64})\.(\d{1,9})$/;

/** One version of an answer, as the history list shows it. */
export interface EntryMeta {
  id: string;
  prompt: string;
  /** Generation: one more than the newest generation the saving tab knew of. */
  gen: number;
  /** The generation the saved text was edited from. */
  base: number;
  parent: string | null;
  time: number;
  size: number;
  kind: EntryKind;
  /** Saved from a stale base: another tab had saved newer text first. */
  stale: boolean;
  /** Saved at the same moment as another tab's entry of the same generation. */
  concurrent: boolean;
  restoredFrom: string | null;
  writer: string;
}

/** Something wrong found in storage and handled: reported to the learner once. */
export interface JournalProblem {
  message: string;
  backupKey: string | null;
}

export type SaveResult =
  | { ok: true; saved: true; entry: EntryMeta; newer: EntryMeta | null }
  | { ok: true; saved: false; entry: EntryMeta | null }
  | { ok: false; error: 'too-long' | 'quota' | 'unavailable' | 'unknown-version'; message: string };

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

interface LoadedSegment {
  key: string;
  raw: string;
  segment: Segment;
  /** Decoded texts of some entries (see decodeSegment), kept to open versions quickly. */
  keyframes: Map<number, string>;
}

interface PromptState {
  segments: Map<string, LoadedSegment>;
  metas: EntryMeta[];
  byId: Map<string, { key: string; index: number; meta: EntryMeta }>;
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

/** The storage key of one segment. */
export function segmentKey(prompt: string, writer: string, seq: number): string {
  return `${PREFIX}${prompt}.${writer}.${seq}`;
}

function compareEntries(a: EntryMeta, b: EntryMeta): number {
  return a.gen - b.gen || a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The answer journal: an append-only history per prompt in localStorage, through the storage
 * door. Entries are never rewritten. Each tab appends to segments under keys only it writes, so
 * two tabs saving at once both keep their entries; a save whose base generation is older than
 * the newest one is kept as a stale (branch) entry and reported, the lesson's fencing rule
 * applied to the app itself. Small edits are stored as deltas, full copies are compressed.
 */
export function createJournal(options: JournalOptions) {
  const now = options.now ?? Date.now;
  const door: LocalDoor = createLocalDoor(options.store, now);
  let writer = options.writerId ?? randomWriterId();
  /** Entry ids are unique per page load even when a writer id is adopted from an earlier one. */
  const idPrefix = randomWriterId().slice(0, 8);
  const maxEntries = options.segmentEntries ?? 200;
  const maxChars = options.segmentChars ?? 60_000;
  const prompts = new Map<string, PromptState>();
  const problems: JournalProblem[] = [];
  let reported: readonly JournalProblem[] = [];
  const listeners = new Set<() => void>();
  /** The segment this tab appends to, per prompt, with the text of its last entry. */
  const own = new Map<string, { key: string; seq: number; lastText: string }>();
  const textCache = new Map<string, string>();
  let counter = 0;
  let version = 0;

  function state(prompt: string): PromptState {
    let s = prompts.get(prompt);
    if (!s) {
      s = { segments: new Map(), metas: [], byId: new Map() };
      prompts.set(prompt, s);
    }
    return s;
  }

  function rebuild(s: PromptState) {
    const metas: EntryMeta[] = [];
    const byId: PromptState['byId'] = new Map();
    for (const loaded of s.segments.values()) {
      loaded.segment.entries.forEach((e, index) => {
        if (byId.has(e.id)) return; // the same entry stored twice (two imports at once): show it once
        const meta: EntryMeta = {
          id: e.id,
          prompt: loaded.segment.prompt,
          gen: e.g,
          base: e.b,
          parent: e.p,
          time: e.t,
          size: e.n,
          kind: e.k,
          stale: e.s === 1,
          concurrent: false,
          restoredFrom: e.r ?? null,
          writer: loaded.segment.writer,
        };
        byId.set(e.id, { key: loaded.key, index, meta });
        metas.push(meta);
      });
    }
    metas.sort(compareEntries);
    for (let i = 1; i < metas.length; i += 1)
      metas[i].concurrent = metas[i].gen === metas[i - 1].gen;
    s.metas = metas;
    s.byId = byId;
  }

  function emit() {
    if (problems.length > reported.length) reported = [...problems];
    version += 1;
    for (const listener of listeners) listener();
  }

  /** Reads one segment key; a damaged or mislabelled one is set aside and reported. */
  function loadKey(key: string, raw: string): LoadedSegment | null {
    const match = KEY_PATTERN.exec(key);
    if (!match) return null;
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
      segment.prompt !== match[1] ||
      segment.writer !== match[2] ||
      segment.seq !== Number(match[3])
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

  /** Brings one prompt (or all) up to date with storage; true when something changed. */
  function sync(prompt?: string): boolean {
    const prefix = prompt ? `${PREFIX}${prompt}.` : PREFIX;
    const seen = new Set<string>();
    const touched = new Set<PromptState>();
    for (const key of door.keys(prefix)) {
      const match = KEY_PATTERN.exec(key);
      if (!match) continue;
      seen.add(key);
      const s = state(match[1]);
      const raw = door.peek(key);
      const known = s.segments.get(key);
      if (raw === null || (known && known.raw === raw)) continue;
      const loaded = loadKey(key, raw);
      if (loaded) s.segments.set(key, loaded);
      else s.segments.delete(key);
      touched.add(s);
    }
    for (const [name, s] of prompts) {
      if (prompt && name !== prompt) continue;
      for (const key of s.segments.keys()) {
        if (!seen.has(key)) {
          s.segments.delete(key);
          touched.add(s);
        }
      }
    }
    for (const s of touched) rebuild(s);
    return touched.size > 0;
  }

  function textOf(prompt: string, id: string): string | null {
    const cacheKey = `${prompt}\u0000${id}`;
    const cached = textCache.get(cacheKey);
    if (cached !== undefined) return cached;
    const s = prompts.get(prompt);
    const found = s?.byId.get(id);
    const loaded = found && s?.segments.get(found.key);
    if (!found || !loaded) return null;
    const text = textAt(loaded.segment, loaded.keyframes, found.index);
    if (textCache.size > 32) textCache.delete(textCache.keys().next().value as string);
    textCache.set(cacheKey, text);
    return text;
  }

  /** Appends one entry to this tab's segment for the prompt, starting a new one when full. */
  function append(
    prompt: string,
    fields: Omit<StoredEntry, 'f' | 'z' | 'o' | 'n'>,
    text: string,
  ): { ok: true } | { ok: false; error: 'quota' | 'unavailable'; message: string } {
    const s = state(prompt);
    let mine = own.get(prompt);
    const current = mine ? s.segments.get(mine.key) : undefined;
    const full =
      !mine ||
      !current ||
      current.segment.entries.length >= maxEntries ||
      current.raw.length >= maxChars;
    let stored: StoredEntry;
    const base = { ...fields, n: text.length };
    if (!full && mine) {
      const ops = computeDelta(mine.lastText, text);
      stored = deltaCost(ops) * 2 <= text.length + 64 ? { ...base, o: ops } : fullEntry(base, text);
    } else {
      stored = fullEntry(base, text);
    }
    const seq = full ? (mine ? mine.seq + 1 : 0) : (mine as { seq: number }).seq;
    const key = segmentKey(prompt, writer, seq);
    const segment: Segment =
      !full && current
        ? { ...current.segment, entries: [...current.segment.entries, stored] }
        : { v: 1, prompt, writer, seq, entries: [stored] };
    const written = door.write(key, segmentSchema, segment);
    if (!written.ok) return written;
    const keyframes = !full && current ? current.keyframes : new Map<number, string>();
    const index = segment.entries.length - 1;
    if (index % 16 === 0) keyframes.set(index, text);
    s.segments.set(key, {
      key,
      raw: door.peek(key) ?? JSON.stringify(segment),
      segment,
      keyframes,
    });
    mine = { key, seq, lastText: text };
    own.set(prompt, mine);
    textCache.set(`${prompt}\u0000${fields.id}`, text);
    rebuild(s);
    return { ok: true };
  }

  function nextId(): string {
    counter += 1;
    return `${idPrefix}-${counter.toString(36)}`;
  }

  function head(prompt: string): EntryMeta | null {
    const metas = prompts.get(prompt)?.metas ?? [];
    return metas.length ? metas[metas.length - 1] : null;
  }

  function save(
    prompt: string,
    text: string,
    opts: { baseId: string | null; kind?: EntryKind; restoredFrom?: string; force?: boolean },
  ): SaveResult {
    if (text.length > MAX_ANSWER_CHARS) {
      return {
        ok: false,
        error: 'too-long',
        message: `This answer has ${text.length.toLocaleString('en-US')} characters; the limit is ${MAX_ANSWER_CHARS.toLocaleString('en-US')}. Nothing was saved.`,
      };
    }
    if (sync(prompt)) emit();
    const s = state(prompt);
    // A base that has vanished (set aside as damaged by another tab) still lets the text be
    // saved: it counts as based on nothing, so it becomes a branch entry rather than being lost.
    const baseMeta = opts.baseId ? s.byId.get(opts.baseId)?.meta : undefined;
    const baseText = baseMeta ? textOf(prompt, baseMeta.id) : '';
    if (!opts.force && text === baseText)
      return { ok: true, saved: false, entry: baseMeta ?? null };
    const newest = head(prompt);
    const baseGen = baseMeta?.gen ?? 0;
    const stale = newest !== null && newest.gen > baseGen;
    const id = nextId();
    const result = append(
      prompt,
      {
        id,
        g: (newest?.gen ?? 0) + 1,
        b: baseGen,
        p: opts.baseId,
        t: now(),
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
    emit();
    const entry = s.byId.get(id)?.meta as EntryMeta;
    return { ok: true, saved: true, entry, newer: stale ? newest : null };
  }

  return {
    get writer() {
      return writer;
    },
    /**
     * Writer ids in storage, the most recently used first: candidates to adopt. A tab adopts one
     * only while it holds that writer's lock (navigator.locks in the browser), so two tabs never
     * share a writer.
     */
    knownWriters(): string[] {
      const last = new Map<string, number>();
      for (const s of prompts.values()) {
        for (const meta of s.metas)
          last.set(meta.writer, Math.max(last.get(meta.writer) ?? 0, meta.time));
      }
      return [...last].sort((a, b) => b[1] - a[1]).map(([w]) => w);
    },
    /**
     * Continues an earlier page load's segments instead of starting new ones with full copies,
     * so many short sessions do not fill the quota. Only before this tab has saved anything.
     */
    adoptWriter(id: string): boolean {
      if (own.size > 0 || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return false;
      sync();
      writer = id;
      for (const [prompt, s] of prompts) {
        let last: LoadedSegment | null = null;
        for (const loaded of s.segments.values()) {
          if (loaded.segment.writer === id && (!last || loaded.segment.seq > last.segment.seq))
            last = loaded;
        }
        if (!last) continue;
        const index = last.segment.entries.length - 1;
        own.set(prompt, {
          key: last.key,
          seq: last.segment.seq,
          lastText: textAt(last.segment, last.keyframes, index),
        });
      }
      return true;
    },
    /** Reads everything stored; problems found are kept for takeProblems(). */
    load(): void {
      sync();
      emit();
    },
    /** Re-reads storage after another tab changed it (the storage event). */
    refresh(key?: string | null): boolean {
      if (key && !key.startsWith(PREFIX)) return false;
      const match = key ? KEY_PATTERN.exec(key) : null;
      const changed = sync(match ? match[1] : undefined);
      if (changed) emit();
      return changed;
    },
    /** Every entry of a prompt, oldest first (by generation, then time). */
    history(prompt: string): readonly EntryMeta[] {
      return prompts.get(prompt)?.metas ?? [];
    },
    head,
    prompts(): string[] {
      return [...prompts.keys()].filter((p) => (prompts.get(p)?.metas.length ?? 0) > 0);
    },
    /** The full text of any version, or null if it is not in the journal. */
    textOf,
    save,
    /** Adds a new entry with an old version's text; the past is never rewritten. */
    restore(prompt: string, entryId: string, baseId: string | null): SaveResult {
      const text = textOf(prompt, entryId);
      if (text === null)
        return {
          ok: false,
          error: 'unknown-version',
          message: 'That version is no longer in the journal.',
        };
      return save(prompt, text, { baseId, kind: 'restore', restoredFrom: entryId, force: true });
    },
    /** Appends already-identified entries (an import), keeping their ids and generations. */
    appendExisting(
      prompt: string,
      meta: Omit<EntryMeta, 'prompt' | 'concurrent' | 'writer'>,
      text: string,
    ) {
      const result = append(
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
      return result;
    },
    has(prompt: string, id: string): boolean {
      return prompts.get(prompt)?.byId.has(id) ?? false;
    },
    /** Problems found while reading (damaged data set aside), each reported once. */
    takeProblems(): JournalProblem[] {
      reported = [];
      return problems.splice(0, problems.length);
    },
    /** Problems found so far and not taken, for showing on the page (same array until one is added). */
    problems(): readonly JournalProblem[] {
      return reported;
    },
    /** Total characters the journal occupies in storage (keys and values). */
    storedChars(): number {
      let total = 0;
      for (const s of prompts.values())
        for (const seg of s.segments.values()) total += seg.key.length + seg.raw.length;
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

  function fullEntry(base: Omit<StoredEntry, 'f' | 'z' | 'o'>, text: string): StoredEntry {
    const packed = compressText(text);
    return packed === null ? { ...base, f: text } : { ...base, z: packed };
  }
}

export type Journal = ReturnType<typeof createJournal>;
