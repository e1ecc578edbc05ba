'use client';

import { quizScore } from '@/lib/lesson';
import { useLessonRecords } from './use-lesson-records';

/** A one-line summary of what the learner has done with a set of lesson items. */
export function ItemProgress({ ids, kind }: { ids: readonly string[]; kind: 'revealed' | 'quiz' }) {
  const { records, status } = useLessonRecords();
  if (status !== 'ready') return <span className="text-muted">Loading your progress…</span>;
  if (kind === 'quiz') {
    const score = quizScore(ids, records);
    return (
      <span>
        {score.answered} of {score.total} answered, {score.correct} right on the first try
      </span>
    );
  }
  const revealed = ids.filter((id) => id in records.revealed).length;
  return (
    <span>
      {revealed} of {ids.length} revealed
    </span>
  );
}
