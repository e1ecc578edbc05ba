'use client';

import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useJournal } from '@/components/journal/use-journal';
import { JOURNAL_PROMPTS } from '@/content/reflect';
import { LEARNING_PATHS } from '@/content/lesson/paths';
import { SECTIONS } from '@/content/lesson/sections';
import type { LearningPath } from '@/content/lesson/types';
import { readPathChoice, subscribeToPathChoice } from '@/lib/lesson';
import { NO_FACTS, readCourseFacts, type CourseFacts } from '@/lib/progress';

const PARENTS: Record<string, string> = Object.fromEntries(
  SECTIONS.flatMap((section) => section.children.map((child) => [child.id, section.id])),
);

const storedChoice = () => readPathChoice().choice;

/** A path as one sequence: what to read, then what to practise (each step with its evidence). */
export function pathSequence(path: LearningPath) {
  return [...path.steps, ...path.exercises];
}

/**
 * The learner's course progress from the records database (reloaded whenever any tab writes
 * to it) and the chosen path. `loaded` is false until the records have been read.
 */
export function useCourseProgress() {
  const [facts, setFacts] = useState<CourseFacts>(NO_FACTS);
  const [loaded, setLoaded] = useState(false);
  const choice = useSyncExternalStore(subscribeToPathChoice, storedChoice, () => null);
  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    // The records database (SQLite WASM) is loaded after the page's own content.
    void import('@/lib/composition').then(({ browserRecords, subscribeToRecords }) => {
      const refresh = () =>
        browserRecords()
          .read((db) => readCourseFacts(db, PARENTS))
          .then(
            (next) => {
              if (!live) return;
              setFacts(next);
              setLoaded(true);
            },
            () => live && setLoaded(true),
          );
      void refresh();
      if (live) unsubscribe = subscribeToRecords(() => void refresh());
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  // Journal answers live in the journal store, not the records: folded in here.
  const { journal, version } = useJournal();
  const withJournal = useMemo<CourseFacts>(() => {
    if (!journal) return facts;
    const answered = JOURNAL_PROMPTS.filter((p) => journal.history(p.id).length > 0);
    return { ...facts, journalAnswered: new Set(answered.map((p) => p.id)) };
    // version changes whenever the journal's contents do
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [facts, journal, version]);
  const path = LEARNING_PATHS.find((p) => p.id === choice) ?? null;
  return { facts: withJournal, loaded, choice, path };
}
