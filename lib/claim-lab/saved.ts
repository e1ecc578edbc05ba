import { z } from 'zod';
import { COMMIT_CONDITIONS } from '@/lib/lease';
import { STORAGE_KEYS, type LocalDoor } from '@/lib/storage';

/** Saved programs can be longer than the lab runs: an over-long draft is still kept, not lost. */
const MAX_SAVED_CHARS = 200_000;

export const savedProgramsSchema = z.record(z.string().max(100), z.string().max(MAX_SAVED_CHARS));
export type SavedPrograms = z.infer<typeof savedProgramsSchema>;

const deletionResult = z.enum(['let-through', 'blocked']);
export const labProgressSchema = z.object({
  solved: z.array(z.string().max(100)).max(100),
  // Saved before the lab used the rulebook's names, the status condition was keyed `state`.
  deletions: z.preprocess(
    (value) =>
      value !== null && typeof value === 'object' && 'state' in value
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k === 'state' ? 'status' : k, v]),
          )
        : value,
    z.partialRecord(z.enum(COMMIT_CONDITIONS), deletionResult),
  ),
});
export type LabProgress = z.infer<typeof labProgressSchema>;

export const EMPTY_PROGRESS: LabProgress = { solved: [], deletions: {} };

/** The learner's saved programs and progress, read through the storage door. */
export function loadLab(door: LocalDoor) {
  const programs = door.read(STORAGE_KEYS.claimLabPrograms, savedProgramsSchema, {});
  const progress = door.read(STORAGE_KEYS.claimLabProgress, labProgressSchema, EMPTY_PROGRESS);
  const problems = [programs, progress].flatMap((r) => (r.ok ? [] : [r.message]));
  return { programs: programs.value, progress: progress.value, problems };
}

/**
 * Saves one exercise's program; `undefined` forgets it (back to the original). A program past
 * the saving limit is refused with a message, and the page keeps it in memory.
 */
export function saveProgram(
  door: LocalDoor,
  programs: SavedPrograms,
  id: string,
  source: string | undefined,
) {
  const next: SavedPrograms = { ...programs };
  if (source === undefined) delete next[id];
  else if (source.length > MAX_SAVED_CHARS) {
    return {
      programs,
      problem: `This program is too long to save (over ${MAX_SAVED_CHARS.toLocaleString('en-US')} characters); it stays on the page until you leave.`,
    };
  } else next[id] = source;
  const written = door.write(STORAGE_KEYS.claimLabPrograms, savedProgramsSchema, next);
  return { programs: next, problem: written.ok ? null : written.message };
}

/** Saves the lab's progress; returns a message when it could not be saved. */
export function saveProgress(door: LocalDoor, progress: LabProgress): string | null {
  const written = door.write(STORAGE_KEYS.claimLabProgress, labProgressSchema, progress);
  return written.ok ? null : written.message;
}

/**
 * Whether a saved program still builds the demo's old `jobs` table (id, until, state, 'ready'),
 * saved before the lab's programs moved to the lesson's runs table. Such a program is kept and
 * runs as it was written; the page tells the learner in one line that the demo's names changed.
 */
export function savedUnderOldNames(source: string): boolean {
  return /\bCREATE\s+TABLE\s+(IF\s+NOT\s+EXISTS\s+)?jobs\s*\(/i.test(source);
}
