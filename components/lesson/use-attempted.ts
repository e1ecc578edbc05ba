'use client';

import { useCallback } from 'react';
import { useJournal } from '@/components/journal/use-journal';
import { JOURNAL_PROMPTS } from '@/content/reflect';
import { isRealAttempt } from '@/lib/lesson';
import { useLessonRecords } from './use-lesson-records';

/**
 * Whether the learner has attempted a lesson item: an explicit "I don't know yet" or a saved
 * answer in the records, or a saved version of its journal prompt (typed here or on REFLECT)
 * with real content: a few words, not a space.
 */
export function useAttempted(): (itemId: string) => boolean {
  const { records } = useLessonRecords();
  const { journal, version } = useJournal();
  return useCallback(
    (itemId: string) => {
      if (itemId in records.attempts) return true;
      const prompt = JOURNAL_PROMPTS.find((p) => p.lessonItem === itemId);
      const head = journal && prompt ? journal.head(prompt.id) : null;
      return Boolean(
        journal && prompt && head && isRealAttempt(journal.textOf(prompt.id, head.id) ?? ''),
      );
    },
    // version changes whenever the journal's contents do
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [records.attempts, journal, version],
  );
}
