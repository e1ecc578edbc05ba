// zod/mini: this module ships on every page, so it uses the small build of zod.
import * as z from 'zod/mini';
import { browserStore, createLocalDoor, STORAGE_KEYS, subscribeToKey } from '@/lib/storage';

export const themeChoice = z.enum(['light', 'dark', 'system']);
export type ThemeChoice = z.infer<typeof themeChoice>;

/** Reads the learner's theme choice through the storage door. */
export function readThemeChoice(): ThemeChoice {
  return createLocalDoor(browserStore()).read(STORAGE_KEYS.theme, themeChoice, 'system').value;
}

/** Stores the learner's theme choice; returns an error message when it could not be saved. */
export function writeThemeChoice(choice: ThemeChoice): string | null {
  const result = createLocalDoor(browserStore()).write(STORAGE_KEYS.theme, themeChoice, choice);
  return result.ok ? null : result.message;
}

export function subscribeToThemeChoice(onChange: () => void): () => void {
  return subscribeToKey(STORAGE_KEYS.theme, onChange);
}

/** Whether the page should be dark for a choice, given the system preference. */
export function resolveDark(choice: ThemeChoice, systemPrefersDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && systemPrefersDark);
}

/**
 * A tiny script run before the first paint, so a dark-theme learner never sees a white flash.
 * It is the one place outside lib/storage that reads storage, because it must run before any
 * bundle loads; it reads the same key and accepts only the values the schema accepts.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var v=JSON.parse(localStorage.getItem(${JSON.stringify(
  STORAGE_KEYS.theme,
)})||'"system"');var d=v==='dark'||(v!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d);}catch(e){}})();`;
