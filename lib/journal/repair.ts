import { appendEntries, type EntryFields } from './append';
import { MAX_IMPORT_SAVE_NUMBER } from './bounds';
import { textAt } from './schema';
import { reportDamaged } from './set-aside';
import {
  rebuildHistory,
  recordedPrompt,
  type JournalState,
  type LoadedSegment,
  type PromptHistory,
} from './state';

/**
 * Repairing save numbers this app never gives (issue 42 review). A build from before the import
 * check took an entry with save number 1,000,000,000; it became the newest version, and every
 * later save of that answer was refused, reloads included. A save is one more than the newest
 * number known and an import brings at most MAX_IMPORT_SAVE_NUMBER, so a number more than that
 * above every number below it was not given by this app: the part holding it is set aside (as a
 * damaged one is, copied whole to a backup key) and its versions are saved again, in order, with
 * numbers that continue the history. No text is lost, and saving works again.
 */

const count = (n: number) => n.toLocaleString('en-US');

/** The highest save number of a prompt that is in the app's range, and whether any is past it. */
function inRange(s: PromptHistory): { limit: number; past: boolean } {
  let limit = 0;
  // metas are in save-number order.
  for (const meta of s.metas) {
    if (meta.gen - limit > MAX_IMPORT_SAVE_NUMBER) return { limit, past: true };
    limit = meta.gen;
  }
  return { limit, past: false };
}

/** Sets a head record or index of saves naming a number out of range aside, and reports it. */
function setRecordAside(state: JournalState, key: string, raw: string, gen: number): void {
  const backupKey = state.door.setAside(key);
  reportDamaged(
    state,
    key,
    raw,
    `A saved history record under "${key}" named save number ${count(gen)}, past any this app gives (an import by an earlier version of the app brought it), so it ${
      backupKey
        ? `was set aside as "${backupKey}"`
        : 'could not be set aside (browser storage is full) and is skipped'
    }. It held no text.`,
    backupKey,
  );
}

/**
 * Repairs one prompt whose save numbers, or whose head records, indexes of saves or record of
 * saves, are out of the app's range (see above). Called after its history is rebuilt, before its
 * gaps are reported.
 */
export function repairOutOfRange(state: JournalState, prompt: string, s: PromptHistory): void {
  const { limit, past } = inRange(s);
  const ceiling = limit + MAX_IMPORT_SAVE_NUMBER;
  for (const [key, head] of [...s.heads]) {
    if (head.gen <= ceiling) continue;
    s.heads.delete(key);
    setRecordAside(state, key, head.raw, head.gen);
  }
  for (const [key, index] of [...state.indexes]) {
    const gen = Object.hasOwn(index.saves, prompt) ? index.saves[prompt] : 0;
    if (gen <= ceiling) continue;
    state.indexes.delete(key);
    setRecordAside(state, key, index.raw, gen);
  }
  const recorded = recordedPrompt(state, prompt);
  if (state.record && recorded && recorded.g > ceiling) {
    // Shared by every tab and rewritten by the next save: forgotten here, not set aside.
    const prompts = { ...state.record.prompts };
    delete prompts[prompt];
    state.record = { raw: state.record.raw, prompts };
  }
  if (!past) return;
  const bad = [...s.segments.values()]
    .filter((loaded) => loaded.segment.entries.some((e) => e.g > limit))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const shown = new Set<string>();
  for (const loaded of s.segments.values())
    if (!bad.includes(loaded)) for (const e of loaded.segment.entries) shown.add(e.id);
  // Every number out of range, in order, becomes the next number after the history's newest:
  // the newest in range, or a higher one that a writer with no part set aside here names (its
  // newest part is gone, and the gap check says so). A head record, index of saves or record of
  // saves of a writer whose part is set aside may name the very entry whose number was pushed out
  // of range (a number edited by hand); counting it would leave a false gap below the new number.
  const repaired = new Set(bad.map((l) => l.segment.writer));
  let next = limit;
  for (const head of s.heads.values())
    if (!repaired.has(head.writer) && head.gen <= ceiling) next = Math.max(next, head.gen);
  for (const index of state.indexes.values()) {
    const gen = Object.hasOwn(index.saves, prompt) ? index.saves[prompt] : 0;
    if (!repaired.has(index.writer) && gen <= ceiling) next = Math.max(next, gen);
  }
  const renumbered = new Map<number, number>();
  const outOfRange = bad.flatMap((l) => l.segment.entries.map((e) => e.g).filter((g) => g > limit));
  for (const gen of [...new Set(outOfRange)].sort((a, b) => a - b)) renumbered.set(gen, ++next);
  for (const loaded of bad) saveAgain(state, prompt, s, loaded, { limit, renumbered, shown });
  rebuildHistory(s);
}

/** Sets one segment with numbers out of range aside and saves its versions again. */
function saveAgain(
  state: JournalState,
  prompt: string,
  s: PromptHistory,
  loaded: LoadedSegment,
  numbers: { limit: number; renumbered: Map<number, number>; shown: Set<string> },
): void {
  const { segment, keyframes, key, raw } = loaded;
  const { limit, renumbered, shown } = numbers;
  const items: { fields: EntryFields; text: string }[] = [];
  segment.entries.forEach((e, index) => {
    if (shown.has(e.id)) return;
    const fields: EntryFields = {
      id: e.id,
      g: renumbered.get(e.g) ?? e.g,
      b: e.b > limit ? (renumbered.get(e.b) ?? limit) : e.b,
      p: e.p,
      t: e.t,
      k: e.k,
      ...(e.s ? { s: 1 as const } : {}),
      ...(e.r ? { r: e.r } : {}),
    };
    items.push({ fields, text: textAt(segment, keyframes, index) });
  });
  const highest = Math.max(...segment.entries.map((e) => e.g));
  const news = [...new Set(items.map((i) => i.fields.g).filter((g) => g > limit))];
  const backupKey = state.door.setAside(key);
  s.segments.delete(key);
  const why = `held save number ${count(highest)}, past any this app gives (an import by an earlier version of the app brought it), so no later save of "${prompt}" could be kept`;
  if (!backupKey) {
    reportDamaged(
      state,
      key,
      raw,
      `A saved history part under "${key}" ${why}. It could not be set aside (browser storage is full), so it is skipped and left where it is; saving works again.`,
      null,
    );
    return;
  }
  const saved = appendEntries(state, prompt, items);
  const numbering = news.length
    ? `, the out-of-range ones as save ${news.length === 1 ? count(news[0]) : `${count(Math.min(...news))} to ${count(Math.max(...news))}`}`
    : '';
  reportDamaged(
    state,
    key,
    raw,
    saved.ok
      ? `A saved history part under "${key}" ${why}. It was set aside as "${backupKey}" and its ${count(items.length)} ${items.length === 1 ? 'version was' : 'versions were'} saved again${numbering}: no text is lost, and saving works again.`
      : `A saved history part under "${key}" ${why}. It was set aside as "${backupKey}", and ${count(saved.added)} of its ${count(items.length)} versions were saved again (${saved.message}): the rest are kept there. Saving works again.`,
    backupKey,
  );
}
