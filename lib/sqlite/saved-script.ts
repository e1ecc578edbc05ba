import { z } from 'zod';
import { STORAGE_KEYS, subscribeToKey, type LocalDoor } from '@/lib/storage';
import { CONSOLE_LIMITS } from './console';

/**
 * The SQL sandbox's script as stored: a draft longer than the console runs is still kept (twice
 * its bound), so nothing typed is lost to a rule about running.
 */
export const savedScriptSchema = z.string().max(2 * CONSOLE_LIMITS.maxScriptChars);

/**
 * The learner's stored script through the storage door: null when none is stored (the lesson's
 * script shows), with the door's notice when the stored value was damaged and kept aside.
 */
export function loadSandboxScript(door: LocalDoor): {
  script: string | null;
  problem: string | null;
} {
  const read = door.read(STORAGE_KEYS.sqlSandboxScript, savedScriptSchema, '');
  if (!read.ok) return { script: null, problem: read.message };
  return { script: read.found ? read.value : null, problem: null };
}

/**
 * Stores the learner's script; the lesson's own script (`original`) is kept as no edit at all, so
 * a later change to the lesson reaches a learner who never changed it. Returns the door's
 * message when storage refused the write (full, blocked, too long), else null.
 */
export function saveSandboxScript(
  door: LocalDoor,
  script: string,
  original: string,
): string | null {
  if (script === original) {
    door.remove(STORAGE_KEYS.sqlSandboxScript);
    return null;
  }
  const written = door.write(STORAGE_KEYS.sqlSandboxScript, savedScriptSchema, script);
  return written.ok ? null : written.message;
}

/**
 * Calls onChange when another tab stores or removes the script (the storage event); read it
 * again with loadSandboxScript. Returns the unsubscribe function.
 */
export function subscribeToSandboxScript(onChange: () => void): () => void {
  return subscribeToKey(STORAGE_KEYS.sqlSandboxScript, onChange);
}
