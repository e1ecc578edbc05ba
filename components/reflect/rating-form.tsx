'use client';

import { useMemo, useState } from 'react';
import { RATING_LABELS, type AssessmentItem } from '@/content/reflect';
import {
  MAX_NOTE_CHARS,
  RATINGS,
  type NoteRecord,
  type RatingRecord,
  type SelfRating,
} from '@/lib/reflect';
import { SaveIndicator } from '@/components/ui/save-indicator';
import { useAutosave } from '@/components/ui/use-autosave';
import { RelativeTime } from '@/components/ui/relative-time';
import { panelClass } from '@/components/ui/panel';

/**
 * One item to rate: not yet / partly / confident and an optional note, saved on their own. The
 * note is the learner's text and autosaves like every other text of the course, rated or not; a
 * new rating is stored with the note it was given with.
 */
export function RatingForm({
  item,
  latest,
  storedNote,
  onRate,
  onNote,
}: {
  item: AssessmentItem;
  latest: RatingRecord | undefined;
  storedNote: NoteRecord | undefined;
  onRate: (item: string, rating: SelfRating, note: string) => Promise<void>;
  onNote: (item: string, note: string) => Promise<void>;
}) {
  const savedNote = storedNote?.note ?? latest?.note ?? '';
  const [rating, setRating] = useState<SelfRating | null>(latest?.rating ?? null);
  const [note, setNote] = useState(savedNote);
  const [seenRatingAt, setSeenRatingAt] = useState(latest?.at);
  const [seenNoteAt, setSeenNoteAt] = useState(storedNote?.at);
  // What this form saved last: what comes back from the records is not news.
  const [savedHere, setSavedHere] = useState<{ rating: SelfRating | null; note: string } | null>(
    null,
  );
  // A newer rating or note arrived from another tab: show it, unless this form saved it.
  if (latest && latest.at !== seenRatingAt) {
    setSeenRatingAt(latest.at);
    if (savedHere?.rating !== latest.rating) setRating(latest.rating);
  }
  if (storedNote && storedNote.at !== seenNoteAt) {
    setSeenNoteAt(storedNote.at);
    if (savedHere?.note !== storedNote.note) setNote(storedNote.note);
  }
  const ratingChanged = rating !== null && rating !== latest?.rating;
  const changed = ratingChanged || note !== savedNote;
  const value = useMemo(() => ({ rating, note }), [rating, note]);
  const { state } = useAutosave(value, changed, async (next) => {
    setSavedHere(next);
    if (next.rating !== null && next.rating !== latest?.rating)
      await onRate(item.id, next.rating, next.note);
    else await onNote(item.id, next.note);
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
          idle={rating === null && !note ? 'Not rated yet' : undefined}
          keptIn="records"
        />
        <p className="text-sm text-muted">
          {latest ? (
            <>
              Last rated {RATING_LABELS[latest.rating].toLowerCase()}{' '}
              <RelativeTime at={latest.at} />
            </>
          ) : null}
        </p>
      </div>
    </fieldset>
  );
}
