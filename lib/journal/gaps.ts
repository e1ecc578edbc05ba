import { parseBackupKey } from '@/lib/storage';
import { exactTime } from '@/lib/when';
import { parseSegmentKey, recordKey, segmentPrefix } from './segment-keys';
import {
  headSaveNumber,
  recordedPrompt,
  textKey,
  type JournalState,
  type PromptHistory,
} from './state';

/**
 * Telling the learner that versions vanished: a run of missing save numbers, or saves after the
 * newest one left that a head record or an index of saves names.
 */

const versions = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'version' : 'versions'}`;
/** A save number in these notices, grouped like the counts beside it ("save 1,000,000"). */
const save = (n: number) => `save ${n.toLocaleString('en-US')}`;

/**
 * This app's own backups (`<key>.corrupt.<time>`, set-aside.ts) of the prompt's parts that are
 * missing from its history: where the versions of a gap went when the app itself found their
 * part damaged, on this load or an earlier one.
 */
function setAsideParts(state: JournalState, prompt: string, s: PromptHistory) {
  const parts: { key: string; at: number }[] = [];
  for (const key of state.door.keys(segmentPrefix(prompt))) {
    const backup = parseBackupKey(key);
    if (!backup || parseSegmentKey(backup.key)?.prompt !== prompt) continue;
    if (!s.segments.has(backup.key)) parts.push({ key, at: backup.at });
  }
  return parts;
}

/** Why versions are missing, when this app set their part aside: where their text is kept. */
function setAsideCause(parts: readonly { key: string; at: number }[], missing: number): string {
  if (parts.length === 1)
    return `this app found the part of its saved history that held ${
      missing === 1 ? 'it' : 'them'
    } damaged and set it aside on ${exactTime(parts[0].at)} as "${parts[0].key}", where its text is kept`;
  const named = parts.map((p) => `"${p.key}" (${exactTime(p.at)})`).join(', ');
  return `this app found ${parts.length} parts of its saved history damaged and set them aside as ${named}, where their text is kept`;
}

/**
 * Save numbers (`gen`) count up by one per save, so a run of missing numbers means entries
 * vanished from storage (a segment deleted by hand or by a cleaner): report it once, with
 * where, instead of silently showing a shorter history. Saves after the newest one left are
 * missing when a writer's head record names a higher number (its newest segment is gone).
 */
export function reportGaps(state: JournalState, prompt: string, s: PromptHistory): void {
  const gens = [...new Set(s.metas.map((m) => m.gen))].sort((a, b) => a - b);
  let reported = false;
  let aside: ReturnType<typeof setAsideParts> | null = null;
  /** The versions' place in the history, and why they are missing, in the app's words. */
  const missingBecause = (missing: number, outside: string) => {
    aside ??= setAsideParts(state, prompt, s);
    return aside.length > 0
      ? `${missing === 1 ? 'is' : 'are'} missing from the history shown: ${setAsideCause(aside, missing)}.`
      : `${missing === 1 ? 'is' : 'are'} missing: ${outside}.`;
  };
  const report = (key: string, message: string) => {
    reported = true;
    if (state.gapsReported.has(key)) return;
    state.gapsReported.add(key);
    state.problems.push({ message, backupKey: null });
  };
  let prev = 0;
  for (const gen of gens) {
    const missing = gen - prev - 1;
    if (missing > 0) {
      const where = prev === 0 ? `before ${save(gen)}` : `between ${save(prev)} and ${save(gen)}`;
      report(
        `${prompt}:${prev}:${gen}`,
        `${versions(missing)} of "${prompt}" ${where} ${missingBecause(
          missing,
          'part of its saved history was removed from browser storage outside this app',
        )} The versions around the gap are intact.`,
      );
    }
    prev = gen;
  }
  const recorded = recordedPrompt(state, prompt);
  const top = headSaveNumber(s, prompt, state.setAsideSeq, state.indexes, recorded?.g);
  if (top > prev) {
    const missing = top - prev;
    // Keyed like the hole it becomes once the next save (number top + 1) lands, so it is
    // reported once, not again as a hole.
    report(
      `${prompt}:${prev}:${top + 1}`,
      `${versions(missing)} of "${prompt}" ${prev === 0 ? '' : `after ${save(prev)} `}${missingBecause(
        missing,
        `the newest part of its saved history is gone from browser storage (its saves had reached number ${top.toLocaleString('en-US')})`,
      )}${prev === 0 ? '' : ` The versions up to ${save(prev)} are intact.`}`,
    );
  }
  // Versions lost without a hole in the save numbers or a missing newest one (two tabs saved the
  // same number, one tab's part is gone): the record of saves counted more than storage holds.
  const found = s.metas.length;
  const asideNow = [...state.setAsideSeq.keys()].some((k) => k.startsWith(textKey(prompt, '')));
  if (!reported && !asideNow && recorded && found < recorded.n) {
    const missing = recorded.n - found;
    report(
      `${prompt}:count:${recorded.n}:${found}`,
      `${versions(missing)} of "${prompt}" ${missingBecause(
        missing,
        `the journal's record of saves counts ${recorded.n.toLocaleString('en-US')} and ${found.toLocaleString('en-US')} are in browser storage, so part of its saved history was removed outside this app`,
      )} The versions shown are intact.`,
    );
  }
}

/** This app's newest backup of the record of saves (set aside as damaged), or null. */
function setAsideRecord(state: JournalState): { key: string; at: number } | null {
  let newest: { key: string; at: number } | null = null;
  for (const key of state.door.keys(recordKey())) {
    const backup = parseBackupKey(key);
    if (backup?.key === recordKey() && (newest === null || backup.at > newest.at))
      newest = { key, at: backup.at };
  }
  return newest;
}

/**
 * The record of saves itself gone (or damaged and set aside) while parts written beside it
 * remain: versions removed with it cannot be counted, so say that some may be missing. Parts
 * written by a version of the app from before the record (no `m`) do not ask for it.
 */
export function reportRecordMissing(state: JournalState): void {
  if (state.record !== null) state.gapsReported.delete('record-missing');
  if (state.record !== null || state.gapsReported.has('record-missing')) return;
  for (const s of state.prompts.values()) {
    for (const loaded of s.segments.values()) {
      if (loaded.segment.m !== 1) continue;
      state.gapsReported.add('record-missing');
      const aside = setAsideRecord(state);
      state.problems.push({
        message: aside
          ? `The record of your journal's saved history is not in browser storage: this app found it damaged and set it aside on ${exactTime(aside.at)} as "${aside.key}", and the next save writes it again. Until then versions removed from storage cannot be counted: some of your newest versions may be missing. The versions shown are intact.`
          : "The record of your journal's saved history is missing from browser storage (removed outside this app, or not written while storage was full), so versions removed with it cannot be counted: some of your newest versions may be missing. The versions shown are intact.",
        backupKey: null,
      });
      return;
    }
  }
}
