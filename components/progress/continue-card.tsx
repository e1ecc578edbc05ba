'use client';

import Link from 'next/link';
import { LEARNING_PATHS } from '@/content/lesson/paths';
import { pathProgress } from '@/lib/progress';
import { PathChecklist } from './path-checklist';
import { progressLine } from './practice-progress';
import { pathSequence, useCourseProgress } from './use-course-progress';
import { panelClass } from '@/components/ui/panel';

const PRACTICE_LINES = [
  { href: '/practice/claim-lab', label: 'Claim lab' },
  { href: '/practice/timeline', label: 'Timeline' },
  { href: '/learn/case-files', label: 'Case files' },
] as const;

/**
 * Home's "Continue": the chosen path (or the first one), what is done and the next step due,
 * and the practice progress that belongs to no single path.
 */
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
      <PathChecklist path={path} facts={facts} />
      <h3 className="mt-4 text-sm font-semibold text-muted">Practice, whatever the path</h3>
      <ul className="mt-1 grid gap-1 text-sm sm:grid-cols-3" aria-label="Practice progress">
        {PRACTICE_LINES.map(({ href, label }) => (
          <li key={href} data-testid={`home-progress-${href}`}>
            <Link href={href} className="underline">
              {label}
            </Link>
            : {loaded ? progressLine(href, facts) : '…'}
          </li>
        ))}
      </ul>
    </section>
  );
}
