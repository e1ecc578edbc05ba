import { reportRecordMissing } from './gaps';
import { finishPass, forgetCount, syncCount, syncFromStorage, type SyncPass } from './load';
import { textAt } from './schema';
import { isWriterId, JOURNAL_PREFIX, parseIndexKey, promptOfKey, recordKey } from './segment-keys';
import type { JournalState, LoadedSegment } from './state';

/**
 * Living beside other tabs: each tab writes under its own writer id, reads what the others
 * wrote when the storage event says a journal key changed, and a new page load may continue an
 * idle earlier writer's segments instead of starting new ones.
 */

/**
 * Writer ids in storage, the most recently used first: candidates to adopt. A tab adopts one
 * only while it holds that writer's lock (navigator.locks in the browser), so two tabs never
 * share a writer.
 */
export function knownWriters(state: JournalState): string[] {
  const last = new Map<string, number>();
  for (const s of state.prompts.values()) {
    for (const meta of s.metas)
      last.set(meta.writer, Math.max(last.get(meta.writer) ?? 0, meta.time));
  }
  return [...last].sort((a, b) => b[1] - a[1]).map(([w]) => w);
}

/**
 * Continues an earlier page load's segments instead of starting new ones with full copies,
 * so many short sessions do not fill the quota. Only before this tab has saved anything.
 */
export function adoptWriter(state: JournalState, id: string): boolean {
  if (state.own.size > 0 || !isWriterId(id)) return false;
  syncFromStorage(state);
  state.writer = id;
  for (const [prompt, s] of state.prompts) {
    let last: LoadedSegment | null = null;
    for (const loaded of s.segments.values()) {
      if (loaded.segment.writer === id && (!last || loaded.segment.seq > last.segment.seq))
        last = loaded;
    }
    if (!last) continue;
    const index = last.segment.entries.length - 1;
    state.own.set(prompt, {
      key: last.key,
      seq: last.segment.seq,
      lastText: textAt(last.segment, last.keyframes, index),
    });
  }
  return true;
}

/**
 * The record of saves or one writer's index of saves, read alone on its storage event (every save
 * writes one: not a reason to list every key again). The prompts it names, before and after, are
 * read again first: a record or an index read before the parts it counts (its event came late,
 * or storage was already ahead of the event) must not read as a loss.
 */
function refreshCount(state: JournalState, key: string): boolean {
  const pass: SyncPass = { seen: new Set(), touched: new Map() };
  if (state.door.peek(key) === null) forgetCount(state, key, pass);
  else syncCount(state, key, pass);
  let changed = false;
  for (const prompt of pass.touched.keys()) changed = syncFromStorage(state, prompt) || changed;
  changed = finishPass(state, pass) || changed;
  if (key === recordKey()) reportRecordMissing(state);
  return changed;
}

/**
 * Re-reads storage after another tab changed it (the storage event's key; none for "anything
 * may have changed"): only that key's prompt when the key names a segment or a head record,
 * nothing for a key outside the journal. True when something changed.
 */
export function refreshFromStorage(state: JournalState, key?: string | null): boolean {
  if (key && !key.startsWith(JOURNAL_PREFIX)) return false;
  if (key === recordKey() || (key && parseIndexKey(key) !== null)) return refreshCount(state, key);
  return syncFromStorage(state, (key && promptOfKey(key)) || undefined);
}
