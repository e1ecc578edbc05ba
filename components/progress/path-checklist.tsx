'use client';

import Link from 'next/link';
import type { LearningPath } from '@/content/lesson/types';
import { pathProgress, type CourseFacts } from '@/lib/progress';
import { pathSequence } from './use-course-progress';

/**
 * A path's steps with ✓ (done) or ○ (due), judged by the one definition in lib/progress.
 * Optional steps (a page that records nothing) are listed without a mark.
 */
export function PathChecklist({ path, facts }: { path: LearningPath; facts: CourseFacts }) {
  const progress = pathProgress(pathSequence(path), facts);
  return (
    <ol aria-label={`Steps of “${path.title}”`} className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
      {progress.steps.map((step) => (
        <li key={step.href} className="flex min-w-0 gap-2">
          <span aria-hidden="true" className={step.done ? 'text-good' : 'text-muted'}>
            {step.optional ? '·' : step.done ? '✓' : '○'}
          </span>
          <Link href={step.href} className="min-w-0 underline">
            {step.label}
          </Link>
          <span className="sr-only">
            {step.optional ? '(optional)' : step.done ? '(done)' : '(due)'}
          </span>
        </li>
      ))}
    </ol>
  );
}
