'use client';

import { RATINGS, type Rating } from '@/lib/lesson';
import { clock } from './lesson-store';
import { useLessonRecords } from './use-lesson-records';

const LABELS: Record<Rating, string> = { 'got-it': 'Got it', partly: 'Partly', missed: 'Missed' };

/** The self-rating after a reveal: got it, partly or missed. */
export function RatingButtons({ id }: { id: string }) {
  const { records, record } = useLessonRecords();
  const current = records.ratings[id];
  return (
    <div
      role="group"
      aria-label="How well did you know it?"
      className="mt-3 flex flex-wrap items-center gap-2"
    >
      <span className="text-sm font-semibold" aria-hidden="true">
        How well did you know it?
      </span>
      {RATINGS.map((rating) => (
        <button
          key={rating}
          type="button"
          aria-pressed={current === rating}
          onClick={() => void record([{ kind: 'rated', id, rating, at: clock() }])}
          className={`rounded-md border px-3 py-1 text-sm font-semibold ${
            current === rating
              ? 'border-accent bg-accent text-accent-ink'
              : 'border-line bg-surface hover:bg-surface-2'
          }`}
        >
          {LABELS[rating]}
        </button>
      ))}
    </div>
  );
}
