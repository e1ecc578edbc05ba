'use client';

import Link from 'next/link';
import { MASTERY_GROUPS, MASTERY_MAP } from '@/content/mastery';
import { exerciseResult, itemPassed } from '@/lib/progress';
import { describeExercise, masteryItemName } from './exercise-label';
import { useWorkFactsOrFailure } from './use-work-facts';
import { panelClass } from '@/components/ui/panel';

/**
 * The mastery map: every key inspection, mistake, standard and checkpoint with the graded
 * exercises that prove it. An item is passed only when each of its exercises is; a quiz or a
 * prediction only on its first try.
 */
export function MasteryMap() {
  const { facts, failure } = useWorkFactsOrFailure();
  // The same words as the self-assessment's when the records cannot be opened (issue 42).
  if (!facts && failure) return <p role="alert">Your records could not be opened: {failure}</p>;
  if (!facts) return <p className="text-muted">Reading your results…</p>;
  return (
    <div className="space-y-6" data-mastery-ready="">
      {MASTERY_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`mastery-${group.id}`}>
          <h3 id={`mastery-${group.id}`} className="text-lg font-bold">
            {group.title}
          </h3>
          <ul className="mt-2 grid gap-3 md:grid-cols-2">
            {MASTERY_MAP.filter((item) => item.group === group.id).map((item) => {
              const name = masteryItemName(item);
              const passed = itemPassed(facts, item.exercises);
              return (
                <li
                  key={item.id}
                  aria-label={name}
                  data-mastery={passed ? 'passed' : 'not-yet'}
                  className={panelClass({ padding: 'sm' })}
                >
                  <p className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold">{name}</span>
                    <span className={`text-sm font-bold ${passed ? 'text-good' : 'text-muted'}`}>
                      {passed ? 'Passed' : 'Not yet'}
                    </span>
                  </p>
                  <ul className="mt-1 space-y-0.5 text-sm">
                    {item.exercises.map((exercise) => {
                      const { label, href } = describeExercise(exercise);
                      const result = exerciseResult(facts, exercise);
                      return (
                        <li key={`${exercise.kind}-${exercise.id}`}>
                          <span aria-hidden="true">{result.passed ? '✓ ' : '○ '}</span>
                          <Link href={href} className="text-accent underline">
                            {label}
                          </Link>
                          : {result.summary}
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
