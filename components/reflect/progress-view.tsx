'use client';

import Link from 'next/link';
import { MASTERY_MAP } from '@/content/mastery';
import { ASSESSMENT_ITEMS, RATING_LABELS } from '@/content/reflect';
import { exerciseResult, type WorkFacts } from '@/lib/progress';
import { describeExercise } from './exercise-label';
import { RelativeTime } from '@/components/ui/relative-time';
import type { AssessmentState } from './use-self-assessment';
import { panelClass } from '@/components/ui/panel';

/** Each item's ratings over time, next to the evidence the app has recorded for it. */
export function ProgressView({
  state,
  facts,
}: {
  state: AssessmentState;
  facts: WorkFacts | null;
}) {
  return (
    <section aria-labelledby="progress" className="space-y-4">
      <h2 id="progress" className="text-2xl font-bold">
        Progress: your ratings next to the evidence
      </h2>
      <p className="text-muted">
        Evidence is correct work only: exercises passed (a quiz or a prediction right on the first
        try, a challenge solved on its first judged run, a timeline fully right, a crash-lab
        prediction right). Reveals and wrong answers do not count. A confident rating with no
        evidence is worth checking in an exercise.
      </p>
      <ul className="grid gap-3 md:grid-cols-2">
        {ASSESSMENT_ITEMS.map((item) => {
          const ratings = state.history.filter((r) => r.item === item.id);
          const exercises = MASTERY_MAP.find((m) => m.id === item.id)?.exercises ?? [];
          const results = facts
            ? exercises.map((exercise) => ({ exercise, result: exerciseResult(facts, exercise) }))
            : [];
          const evidence = results.filter((r) => r.result.passed);
          return (
            <li key={item.id} className={panelClass({}, 'min-w-0 space-y-2')}>
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
                        <span className="text-muted">
                          (<RelativeTime at={r.at} />)
                        </span>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="text-sm">Not rated yet.</p>
                )}
              </div>
              <div>
                <h4 className="text-sm font-semibold text-muted">Evidence</h4>
                <p className="text-sm">
                  {evidence.length} of {exercises.length}{' '}
                  {exercises.length === 1 ? 'exercise' : 'exercises'} passed
                </p>
                {evidence.length ? (
                  <ul className="text-sm">
                    {evidence.map(({ exercise, result }) => {
                      const { label, href } = describeExercise(exercise);
                      return (
                        <li key={`${exercise.kind}-${exercise.id}`}>
                          <Link href={href} className="text-accent underline">
                            {label}
                          </Link>
                          : {result.summary}
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
