'use client';

import { useSyncExternalStore } from 'react';
import { createJournal, type Journal } from '@/lib/journal';
import { browserStore, STORAGE_KEYS, subscribeToPrefix } from '@/lib/storage';
import { moveLessonAnswers } from './move-lesson-answers';

let journal: Journal | null = null;
/** Unsaved texts of this tab, by prompt: kept in memory (say, when storage is full) and exported. */
const drafts = new Map<string, string>();

/** Holds a Web Lock for the life of the page if it is free; false when another tab holds it. */
function holdLock(locks: LockManager, name: string): Promise<boolean> {
  return new Promise((resolve) => {
    void locks.request(name, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      return lock ? new Promise<void>(() => {}) : undefined;
    });
  });
}

/**
 * Each tab writes only under its own writer id, guarded by a Web Lock (a lease on the id that
 * ends when the page closes). A new page load adopts an idle writer id, so it continues that
 * writer's segment with small deltas instead of starting a new one with a full copy.
 */
async function adoptIdleWriter(j: Journal): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return;
  await holdLock(locks, `${STORAGE_KEYS.journal}.writer.${j.writer}`);
  for (const id of j.knownWriters().slice(0, 8)) {
    if (id !== j.writer && (await holdLock(locks, `${STORAGE_KEYS.journal}.writer.${id}`))) {
      j.adoptWriter(id);
      return;
    }
  }
}

/** A later task, after the page's pending events and paint (setTimeout would be clamped to 4 ms). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * This tab's journal, kept up to date with other tabs via the storage event. It is read in
 * slices of at most ~20 ms of the main thread (issue 41: a history of 30,000 versions read at once
 * was a task of seconds); useJournal gives null, and the pages say "Opening your journal…", until
 * it is read.
 */
export function browserJournal(): Journal {
  if (!journal) {
    const created = createJournal({ store: browserStore() });
    journal = created;
    void created
      .loadInSlices({ pause: nextTask, clock: () => performance.now(), sliceMs: 20 })
      .then(() => {
        subscribeToPrefix(STORAGE_KEYS.journal, (key) => created.refresh(key));
        // Adopt a writer first, so moved answers continue an earlier segment rather than open one.
        return adoptIdleWriter(created).then(() => moveLessonAnswers(created));
      })
      .catch(() => undefined);
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
const snapshot = () => {
  const j = browserJournal();
  return j.ready() ? j.version() : -1;
};
const serverSnapshot = () => -1;

/**
 * The journal, once it is read, and a version number that changes whenever its contents change
 * (any tab); null while it is being read (and on the server).
 */
export function useJournal(): { journal: Journal | null; version: number } {
  const version = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return { journal: version < 0 ? null : browserJournal(), version };
}
