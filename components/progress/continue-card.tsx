'use client';

import Link from 'next/link';
import { LEARNING_PATHS } from '@/content/lesson/paths';
import { pathProgress } from '@/lib/progress';
import { pathSequence, useCourseProgress } from './use-course-progress';
import { panelClass } from '@/components/ui/panel';

/** Home's "Continue": the chosen path (or the first one), what is done and the next step due. */
export function ContinueCard() {
  const { facts, loaded, path: chosen } = useCourseProgress();
  const path = chosen ?? LEARNING_PATHS[0];
  const progress = pathProgress(pathSequence(path), facts);
  return (
    <section
      aria-labelledby="continue-heading"
      className={panelClass({}, 'mb-12')}
      data-testid="continue"
      data-loaded={loaded ? 'true' : 'false'}
    >
      <h2 id="continue-heading" className="text-xl font-bold">
        {chosen ? `Your path: ${path.title}` : `Not sure where to start? ${path.title}`}
      </h2>
      <p className="mt-1 text-sm text-muted" data-testid="continue-count">
        {progress.done} of {progress.total} steps done
        {chosen ? '' : ' · choose another path on the lesson page'}
      </p>
      {progress.next ? (
        <p className="mt-3">
          <Link
            href={progress.next.href}
            className="inline-block rounded-md bg-accent px-4 py-2 font-semibold text-accent-ink"
          >
            Continue: {progress.next.label}
          </Link>
        </p>
      ) : (
        <p className="mt-3 font-semibold text-good">Every step of this path is done.</p>
      )}
      <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        {progress.steps.map((step) => (
          <li key={step.href} className="flex min-w-0 gap-2">
            <span aria-hidden="true" className={step.done ? 'text-good' : 'text-muted'}>
              {step.done ? '✓' : '○'}
            </span>
            <Link href={step.href} className="min-w-0 underline">
              {step.label}
            </Link>
            <span className="sr-only">{step.done ? '(done)' : '(due)'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
