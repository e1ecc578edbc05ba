'use client';

import { useMemo, useState } from 'react';
import { RATING_LABELS, type AssessmentItem } from '@/content/reflect';
import { MAX_NOTE_CHARS, RATINGS, type SelfRating, type RatingRecord } from '@/lib/reflect';
import { SaveIndicator } from '@/components/ui/save-indicator';
import { useAutosave } from '@/components/ui/use-autosave';
import { formatTime } from '@/components/journal/format';
import { panelClass } from '@/components/ui/panel';

/** One item to rate: not yet / partly / confident and an optional note, saved on their own. */
export function RatingForm({
  item,
  latest,
  onRate,
}: {
  item: AssessmentItem;
  latest: RatingRecord | undefined;
  onRate: (item: string, rating: SelfRating, note: string) => Promise<void>;
}) {
  const [rating, setRating] = useState<SelfRating | null>(latest?.rating ?? null);
  const [note, setNote] = useState(latest?.note ?? '');
  const [seenAt, setSeenAt] = useState(latest?.at);
  // What this form saved last: the rating that comes back from the records is not news.
  const [savedHere, setSavedHere] = useState<{ rating: SelfRating; note: string } | null>(null);
  // A newer rating arrived from another tab: show it, unless this form has unsaved changes.
  if (latest && latest.at !== seenAt) {
    setSeenAt(latest.at);
    const ours = savedHere && savedHere.rating === latest.rating && savedHere.note === latest.note;
    if (!ours) {
      setRating(latest.rating);
      setNote(latest.note);
    }
  }
  const changed = rating !== null && (rating !== latest?.rating || note !== (latest?.note ?? ''));
  const value = useMemo(() => ({ rating, note }), [rating, note]);
  const { state } = useAutosave(value, changed, async (next) => {
    if (!next.rating) return;
    setSavedHere({ rating: next.rating, note: next.note });
    await onRate(item.id, next.rating, next.note);
  });

  return (
    <fieldset className={panelClass({ tone: 'plain' }, 'min-w-0 space-y-3')}>
      <legend className="px-1 font-bold">{item.name}</legend>
      <p>{item.text}</p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {RATINGS.map((value) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={`rating-${item.id}`}
              value={value}
              checked={rating === value}
              onChange={() => setRating(value)}
              className="size-4 accent-accent"
            />
            {RATING_LABELS[value]}
          </label>
        ))}
      </div>
      <label className="block text-sm font-semibold">
        Note (optional)
        <textarea
          value={note}
          maxLength={MAX_NOTE_CHARS}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
          className="mt-1 block w-full rounded-md border border-line bg-surface p-2 text-base font-normal"
        />
      </label>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <SaveIndicator
          state={state}
          idle={
            rating === null
              ? note
                ? 'Choose a rating and your note is saved with it.'
                : 'Not rated yet'
              : undefined
          }
        />
        <p className="text-sm text-muted">
          {latest
            ? `Last rated ${RATING_LABELS[latest.rating].toLowerCase()} on ${formatTime(latest.at)}`
            : null}
        </p>
      </div>
    </fieldset>
  );
}
