'use client';

import type { PredictionNote } from './use-crash-predictions';

/**
 * The predictions graded at the last evaluation (or when their experiment ended), the ones still
 * waiting, and what the records now say.
 */
export function PredictionResults({
  notes,
  waiting,
  record,
  unkept,
}: {
  notes: readonly PredictionNote[];
  waiting: number;
  record: string | null;
  /** Why the waiting ones are not kept across a reload (null: they are). */
  unkept: string | null;
}) {
  if (notes.length === 0 && waiting === 0 && record === null) return null;
  return (
    <div className="mt-3 space-y-1 text-sm" data-testid="crash-predictions">
      {notes.length === 0 && waiting > 0 ? (
        <p className="text-muted">
          {waiting} prediction{waiting === 1 ? '' : 's'} waiting: graded when you evaluate.
        </p>
      ) : null}
      {waiting > 0 && unkept ? (
        <p className="text-bad">Not kept across a reload: {unkept}</p>
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
