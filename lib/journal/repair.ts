import { appendEntries, type EntryFields } from './append';
import { MAX_IMPORT_SAVE_NUMBER } from './bounds';
import { at, misnumbered, type Fault } from './misnumbered';
import { inRange, newBase, renumber, type Renumbering } from './renumber';
import { MAX_SAVE_NUMBER, textAt } from './schema';
import { reportDamaged, setAsideNoting } from './set-aside';
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
 * above every number below it (or past MAX_SAVE_NUMBER) was not given by this app: the part
 * holding it is set aside (as a damaged one is, copied whole to a backup key) and its versions are
 * saved again, each out-of-range one numbered where the history shows it was saved (renumber.ts),
 * so the number it left is no hole reported as a lost version. No text is lost, and saving works
 * again.
 */

const count = (n: number) => n.toLocaleString('en-US');

/** What leaves a number this app never gives: said as a likely cause, never as a fact. */
const LEFT_BY = 'a hand edit, or an import by an earlier version of the app, leaves such a number';

/** Sets a head record or index of saves naming a number out of range aside, and reports it. */
function setRecordAside(state: JournalState, key: string, raw: string, gen: number): void {
  setAsideNoting(
    state,
    key,
    raw,
    (where) =>
      `A saved history record under "${key}" named save number ${count(gen)}, past any this app gives (${LEFT_BY}), so it ${where}. It held no text.`,
  );
}

/**
 * Repairs one prompt whose save numbers, or whose head records, indexes of saves or record of
 * saves, are out of the app's range (see above). Called after its history is rebuilt, before its
 * gaps are reported.
 */
export function repairOutOfRange(state: JournalState, prompt: string, s: PromptHistory): void {
  const { limit } = inRange(s);
  const ceiling = Math.min(limit + MAX_IMPORT_SAVE_NUMBER, MAX_SAVE_NUMBER);
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
  // What each writer's head record and index of saves name (those out of range set aside above).
  const heads = new Map<string, number>();
  const nameHead = (writer: string, gen: number) =>
    heads.set(writer, Math.max(heads.get(writer) ?? 0, gen));
  for (const head of s.heads.values()) nameHead(head.writer, head.gen);
  for (const index of state.indexes.values())
    if (Object.hasOwn(index.saves, prompt)) nameHead(index.writer, index.saves[prompt]);
  const { faults } = misnumbered(s, heads);
  if (faults.size === 0) return;
  const wrong = (key: string, index: number) => faults.has(at(key, index));
  const bad = [...s.segments.values()]
    .filter((loaded) => loaded.segment.entries.some((_, index) => wrong(loaded.key, index)))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const shown = new Set<string>();
  for (const loaded of s.segments.values())
    if (!bad.includes(loaded)) for (const e of loaded.segment.entries) shown.add(e.id);
  // Numbers with no witness in the history go after its newest: the newest in range, or a higher
  // one that a writer with no part set aside here names (its newest part is gone, and the gap
  // check says so). A head record or index of saves of a writer whose part is set aside names
  // the number its last save had (one pushed out of range by hand): a witness of where it goes.
  const repaired = new Set(bad.map((l) => l.segment.writer));
  let after = limit;
  const named = new Map<string, number>();
  const name = (writer: string, gen: number) => {
    if (repaired.has(writer)) named.set(writer, Math.max(named.get(writer) ?? 0, gen));
    else after = Math.max(after, gen);
  };
  for (const [writer, gen] of heads) name(writer, gen);
  const numbers = renumber(s, bad, { limit, after, named, wrong });
  for (const loaded of bad) saveAgain(state, prompt, s, loaded, { limit, numbers, shown, faults });
  rebuildHistory(s);
}

/** "save 5", "saves 3 and 4", "saves 3 to 9", "saves 2, 5 and 9", "12 saves from 2 to 90". */
function saveNumbers(gens: readonly number[]): string {
  const sorted = [...new Set(gens)].sort((a, b) => a - b);
  const [first, last] = [sorted[0], sorted[sorted.length - 1]];
  if (sorted.length === 1) return `save ${count(first)}`;
  if (last - first === sorted.length - 1 && sorted.length > 2)
    return `saves ${count(first)} to ${count(last)}`;
  if (sorted.length <= 4)
    return `saves ${sorted.slice(0, -1).map(count).join(', ')} and ${count(last)}`;
  return `${count(sorted.length)} saves from ${count(first)} to ${count(last)}`;
}

/** Where the out-of-range versions of one part went, for its notice. */
function numbering(ids: readonly string[], r: Renumbering, what: string): string {
  const gens = ids.map((id) => r.gens.get(id) as number);
  const placed = ids.filter((id) => r.placed.has(id)).length;
  const one = ids.length === 1;
  const where =
    placed === ids.length
      ? one
        ? 'its place in the history'
        : 'their places in the history'
      : placed === 0
        ? "after the history's newest"
        : `${count(placed)} in their places in the history, the rest after its newest`;
  return `${one ? `the one ${what}` : `the ${count(ids.length)} ${what}`} as ${saveNumbers(gens)}, ${where}`;
}

/** Why a part's numbers are repaired, for its notice: the fault of its first wrong number. */
function faultWhy(
  segment: LoadedSegment['segment'],
  key: string,
  faults: ReadonlyMap<string, Fault>,
  prompt: string,
): string {
  const index = segment.entries.findIndex((_, i) => faults.has(at(key, i)));
  const fault = faults.get(at(key, index));
  const gen = segment.entries[index].g;
  if (fault === 'fraction')
    return `held save number ${gen}, where every save of this app gives a whole number (a hand edit leaves such a number)`;
  if (fault === 'copied')
    return `held save number ${count(gen)} for a version the history shows was saved under another number: another version holds ${count(gen)}, and the number it was saved as is held by none (a hand edit leaves such a number; left in place, the number it was saved as would look like a lost version)`;
  const highest = Math.max(...segment.entries.map((e) => e.g));
  return `held save number ${count(highest)}, ${
    highest > MAX_SAVE_NUMBER
      ? `past ${count(MAX_SAVE_NUMBER)}, the most the journal counts`
      : `more than ${count(MAX_IMPORT_SAVE_NUMBER)} above the save before it, which no save of this app gives`
  } (${LEFT_BY}; left in place, every later save of "${prompt}" would be numbered after it)`;
}

/** Sets one segment with numbers out of range aside and saves its versions again. */
function saveAgain(
  state: JournalState,
  prompt: string,
  s: PromptHistory,
  loaded: LoadedSegment,
  context: {
    limit: number;
    numbers: Renumbering;
    shown: Set<string>;
    faults: ReadonlyMap<string, Fault>;
  },
): void {
  const { segment, keyframes, key, raw } = loaded;
  const { limit, numbers, shown, faults } = context;
  const items: { fields: EntryFields; text: string }[] = [];
  const moved: string[] = [];
  segment.entries.forEach((e, index) => {
    if (shown.has(e.id)) return;
    const g = numbers.gens.get(e.id) ?? e.g;
    if (faults.has(at(key, index))) moved.push(e.id);
    const fields: EntryFields = {
      id: e.id,
      g,
      b: newBase(e, numbers, limit, g),
      p: e.p,
      t: e.t,
      k: e.k,
      ...(e.s ? { s: 1 as const } : {}),
      ...(e.r ? { r: e.r } : {}),
    };
    items.push({ fields, text: textAt(segment, keyframes, index) });
  });
  const backupKey = state.door.setAside(key);
  s.segments.delete(key);
  const why = faultWhy(segment, key, faults, prompt);
  if (!backupKey) {
    reportDamaged(
      state,
      key,
      raw,
      `A saved history part under "${key}" ${why}. It could not be set aside (browser storage is full), so it is skipped and left where it is; its versions are not shown.`,
      null,
    );
    return;
  }
  const saved = appendEntries(state, prompt, items);
  const versions = `${count(items.length)} ${items.length === 1 ? 'version was' : 'versions were'}`;
  const what = [...faults.entries()].some(([k, f]) => k.startsWith(`${key}#`) && f === 'range')
    ? 'out of range'
    : 'renumbered';
  const placed = moved.length ? `, ${numbering(moved, numbers, what)}` : '';
  reportDamaged(
    state,
    key,
    raw,
    saved.ok
      ? `A saved history part under "${key}" ${why}. It was set aside as "${backupKey}" and its ${versions} saved again${placed}: no text is lost.`
      : `A saved history part under "${key}" ${why}. It was set aside as "${backupKey}", and ${count(saved.added)} of its ${count(items.length)} versions were saved again (${saved.message}): the rest are kept there.`,
    backupKey,
  );
}
