// zod/mini keeps the lesson pages' bundle small; the door accepts either build.
import * as z from 'zod/mini';
import { browserStore, createLocalDoor, STORAGE_KEYS, subscribeToKey } from '@/lib/storage';

/** The four ways into the lesson. */
export const LEARNING_PATH_IDS = ['understand', 'implement', 'debug', 'compare'] as const;
export type LearningPathId = (typeof LEARNING_PATH_IDS)[number];

export const pathChoiceSchema = z.nullable(z.enum(LEARNING_PATH_IDS));
export type PathChoice = z.infer<typeof pathChoiceSchema>;

/** The result of reading the stored path: the choice, and a message if it was damaged. */
export interface PathChoiceRead {
  choice: PathChoice;
  problem: string | null;
}

/** Reads the learner's chosen path through the storage door (a damaged value is kept aside). */
export function readPathChoice(door = createLocalDoor(browserStore())): PathChoiceRead {
  const result = door.read(STORAGE_KEYS.learningPath, pathChoiceSchema, null);
  return { choice: result.value, problem: result.ok ? null : result.message };
}

/** Stores the chosen path; returns an error message when it could not be saved. */
export function writePathChoice(
  choice: PathChoice,
  door = createLocalDoor(browserStore()),
): string | null {
  const result = door.write(STORAGE_KEYS.learningPath, pathChoiceSchema, choice);
  return result.ok ? null : result.message;
}

/** Calls onChange when another tab changes the path. */
export function subscribeToPathChoice(onChange: () => void): () => void {
  return subscribeToKey(STORAGE_KEYS.learningPath, onChange);
}
