'use client';

import { useState } from 'react';
import { RATING_LABELS, type AssessmentItem } from '@/content/reflect';
import { MAX_NOTE_CHARS, RATINGS, type SelfRating, type RatingRecord } from '@/lib/reflect';
import { Button } from '@/components/ui/button';
import { formatTime } from '@/components/journal/format';

/** One item to rate: not yet / partly / confident, an optional note, and a save button. */
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
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [seenAt, setSeenAt] = useState(latest?.at);
  // A newer rating arrived (saved here or in another tab): show it.
  if (latest && latest.at !== seenAt) {
    setSeenAt(latest.at);
    setRating(latest.rating);
    setNote(latest.note);
  }
  const changed = rating !== (latest?.rating ?? null) || note !== (latest?.note ?? '');

  async function save() {
    if (!rating)
      return setStatus({ ok: false, text: 'Choose not yet, partly or confident first.' });
    try {
      await onRate(item.id, rating, note);
      setStatus({ ok: true, text: `Saved: ${RATING_LABELS[rating]}.` });
    } catch (e) {
      setStatus({ ok: false, text: `Not saved: ${e instanceof Error ? e.message : String(e)}` });
    }
  }

  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg border border-line p-4">
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
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          aria-label={`Save rating: ${item.name}`}
          onClick={() => void save()}
          disabled={!changed && latest !== undefined}
        >
          Save rating
        </Button>
        <p className="text-sm text-muted">
          {latest
            ? `Last rated ${RATING_LABELS[latest.rating].toLowerCase()} on ${formatTime(latest.at)}`
            : 'Not rated yet'}
        </p>
      </div>
      <div role="status" className="text-sm">
        {status ? <p className={status.ok ? 'text-good' : 'text-bad'}>{status.text}</p> : null}
      </div>
    </fieldset>
  );
}
