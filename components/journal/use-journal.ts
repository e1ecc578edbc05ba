'use client';

import { useSyncExternalStore } from 'react';
import { createJournal, type Journal } from '@/lib/journal';
import { browserStore, STORAGE_KEYS, subscribeToPrefix } from '@/lib/storage';

let journal: Journal | null = null;
/** Unsaved texts of this tab, by prompt: kept in memory (say, when storage is full) and exported. */
const drafts = new Map<string, string>();

/** This tab's journal, loaded once and kept up to date with other tabs via the storage event. */
export function browserJournal(): Journal {
  if (!journal) {
    journal = createJournal({ store: browserStore() });
    journal.load();
    subscribeToPrefix(STORAGE_KEYS.journal, (key) => journal?.refresh(key));
  }
  return journal;
}

export function setDraft(prompt: string, text: string | null): void {
  if (text === null) drafts.delete(prompt);
  else drafts.set(prompt, text);
}

export function getDraft(prompt: string): string | undefined {
  return drafts.get(prompt);
}

export function allDrafts(): Record<string, string> {
  return Object.fromEntries(drafts);
}

const subscribe = (listener: () => void) => browserJournal().subscribe(listener);
const snapshot = () => browserJournal().version();
const serverSnapshot = () => -1;

/** The journal and a version number that changes whenever its contents change (any tab). */
export function useJournal(): { journal: Journal | null; version: number } {
  const version = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return { journal: version < 0 ? null : browserJournal(), version };
}
