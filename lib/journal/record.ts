import { MAX_SAVE_NUMBER, readShapes, recordSchema } from './schema';
import { recordKey } from './segment-keys';
import { recordedPrompt, type JournalState, type PromptHistory } from './state';

/**
 * The journal's record of saves (see recordKey): per prompt, the newest save number and how many
 * versions storage holds. Every tab writes it, from what it has read, so two tabs saving at the
 * same instant each write a count without the other's version, and the one written last wins
 * (issue 42 review): the record counted fewer versions than storage held, and a later loss of
 * one went unnoticed. So a count is never lowered by what a tab merely has not read yet: a save
 * sets its own prompt (after a reported loss, that is how the loss is taken as known), every
 * other prompt only rises, and a tab that reads more versions than the record counts raises it.
 * The record then settles on what storage holds once every tab has read every save.
 */

type Counts = Record<string, { g: number; n: number }>;

/** What one prompt's history holds: its newest save number and its versions, or null. */
function held(s: PromptHistory): { g: number; n: number } | null {
  const newest = s.metas[s.metas.length - 1];
  return newest ? { g: newest.gen, n: s.metas.length } : null;
}

/** Reads the record as stored, lets `change` edit it, and writes it when `change` says so. */
function updateRecord(state: JournalState, change: (prompts: Counts) => boolean): void {
  const key = recordKey();
  const read = state.door.read(key, readShapes.record, null);
  const prompts: Counts = {};
  // A number past the journal's range (an old build's) is forgotten, as the load's repair does.
  for (const [name, saved] of Object.entries(read.value?.prompts ?? {}))
    if (saved.g <= MAX_SAVE_NUMBER) prompts[name] = saved;
  if (!change(prompts)) return;
  const record = { v: 1 as const, prompts };
  if (!state.door.write(key, recordSchema, record).ok) return;
  state.record = { raw: state.door.peek(key) ?? JSON.stringify(record), prompts };
}

/** Raises one prompt's count to what this tab holds; true when it rose. */
function raise(prompts: Counts, name: string, s: PromptHistory): boolean {
  const now = held(s);
  const was = Object.hasOwn(prompts, name) ? prompts[name] : undefined;
  if (!now || (was && was.g >= now.g && was.n >= now.n)) return false;
  prompts[name] = { g: Math.max(was?.g ?? 0, now.g), n: Math.max(was?.n ?? 0, now.n) };
  return true;
}

/**
 * Records the saved prompt's newest save number and versions, after every other write of the
 * save: what this tab has just read and written, never more than storage holds. Every other
 * prompt this tab holds is raised to what it holds, never lowered. Refused (a full quota), it
 * loses nothing: the next save writes it.
 */
export function writeRecord(state: JournalState, prompt: string): void {
  updateRecord(state, (prompts) => {
    for (const [name, s] of state.prompts) {
      const now = held(s);
      if (name === prompt && now) prompts[name] = now;
      else raise(prompts, name, s);
    }
    return true;
  });
}

/**
 * After a read of one prompt: when this tab holds more versions of it (or a newer save) than the
 * record counts, another tab wrote the record without them; the record is raised to what this
 * tab holds. Nothing is written when the record already counts them, nor when there is no record
 * (its loss is reported; the next save writes it again).
 */
export function raiseRecord(state: JournalState, prompt: string, s: PromptHistory): void {
  const now = held(s);
  const recorded = recordedPrompt(state, prompt);
  if (!state.record || !now || (recorded && recorded.g >= now.g && recorded.n >= now.n)) return;
  updateRecord(state, (prompts) => raise(prompts, prompt, s));
}
