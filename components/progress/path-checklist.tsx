'use client';

import Link from 'next/link';
import type { LearningPath } from '@/content/lesson/types';
import { pathProgress, type CourseFacts, type StepMark } from '@/lib/progress';
import { pathSequence } from './use-course-progress';

const MARK_WORDS: Record<StepMark, string> = {
  done: 'done',
  attempted: 'attempted',
  todo: 'not done yet',
  optional: 'optional',
};

/**
 * A path's steps with ✓ (done) or ○ (not done yet), judged by the one definition in lib/progress.
 * Optional steps (a page that records nothing) are listed without a mark.
 */
export function PathChecklist({ path, facts }: { path: LearningPath; facts: CourseFacts }) {
  const progress = pathProgress(pathSequence(path), facts);
  // Numbered down the first column, then the second (CSS columns), so the order reads down.
  return (
    <ol aria-label={`Steps of “${path.title}”`} className="mt-3 gap-x-6 text-sm sm:columns-2">
      {progress.steps.map((step) => (
        <li key={step.href + step.label} className="mb-1 flex min-w-0 break-inside-avoid gap-2">
          <span aria-hidden="true" className={step.done ? 'text-good' : 'text-muted'}>
            {step.mark === 'optional' ? '·' : step.done ? '✓' : '○'}
          </span>
          <Link href={step.href} className="min-w-0 underline">
            {step.label}
          </Link>
          <span className="sr-only">({MARK_WORDS[step.mark]})</span>
          {step.mark === 'attempted' ? (
            <span className="text-muted" aria-hidden="true">
              attempted
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
