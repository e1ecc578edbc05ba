'use client';

import type { PredictionNote } from './use-crash-predictions';

/** The predictions graded at the last evaluation, and what the records now say. */
export function PredictionResults({
  notes,
  waiting,
  record,
}: {
  notes: readonly PredictionNote[];
  waiting: number;
  record: string | null;
}) {
  if (notes.length === 0 && waiting === 0 && record === null) return null;
  return (
    <div className="mt-3 space-y-1 text-sm" data-testid="crash-predictions">
      {notes.length === 0 && waiting > 0 ? (
        <p className="text-muted">
          {waiting} prediction{waiting === 1 ? '' : 's'} waiting: graded when you evaluate.
        </p>
      ) : null}
      <ul className="space-y-1">
        {notes.map((note) => (
          <li
            key={note.key}
            className={
              note.right === false ? 'text-bad' : note.right ? 'font-semibold' : 'text-muted'
            }
          >
            {note.text}
          </li>
        ))}
      </ul>
      {record ? (
        <p className="font-semibold" data-testid="crash-record">
          In your records: {record}.
        </p>
      ) : null}
    </div>
  );
}
