'use client';

import { ASSESSMENT_ITEMS, EVIDENCE_KINDS, RATING_LABELS } from '@/content/reflect';
import { formatTime } from '@/components/journal/format';
import type { AssessmentState } from './use-self-assessment';

/** Each item's ratings over time, next to the evidence the app has recorded for it. */
export function ProgressView({ state }: { state: AssessmentState }) {
  return (
    <section aria-labelledby="progress" className="space-y-4">
      <h2 id="progress" className="text-2xl font-bold">
        Progress: your ratings next to the evidence
      </h2>
      <p className="text-muted">
        Evidence is what the labs and questions recorded in this browser. A confident rating with no
        evidence is worth checking in a lab.
      </p>
      <ul className="grid gap-3 md:grid-cols-2">
        {ASSESSMENT_ITEMS.map((item) => {
          const ratings = state.history.filter((r) => r.item === item.id);
          const evidence = Object.entries(EVIDENCE_KINDS)
            .filter(([, k]) => k.items.includes(item.id))
            .flatMap(([kind, k]) => {
              const found = state.evidence.get(kind);
              return found ? [{ ...found, label: k.label }] : [];
            });
          return (
            <li
              key={item.id}
              className="min-w-0 space-y-2 rounded-lg border border-line bg-surface-2 p-4"
            >
              <h3 className="font-bold">{item.name}</h3>
              <div>
                <h4 className="text-sm font-semibold text-muted">Ratings over time</h4>
                {ratings.length ? (
                  <ol
                    className="flex flex-wrap gap-x-2 text-sm"
                    aria-label={`Ratings over time: ${item.name}`}
                  >
                    {ratings.map((r, i) => (
                      <li key={i}>
                        {i > 0 ? <span aria-hidden="true">→ </span> : null}
                        <span className="font-semibold">{RATING_LABELS[r.rating]}</span>{' '}
                        <span className="text-muted">({formatTime(r.at)})</span>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="text-sm">Not rated yet.</p>
                )}
              </div>
              <div>
                <h4 className="text-sm font-semibold text-muted">Evidence</h4>
                {evidence.length ? (
                  <ul className="text-sm">
                    {evidence.map((e) => (
                      <li key={e.kind}>
                        {e.label}: {e.count} {e.count === 1 ? 'time' : 'times'}, last{' '}
                        {formatTime(e.last)}
                        {e.subjects.length ? ` (${e.subjects.join(', ')})` : ''}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm">No evidence yet.</p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
