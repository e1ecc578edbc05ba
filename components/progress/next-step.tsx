'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { LEARNING_PATHS } from '@/content/lesson/paths';
import { pathProgress, stepAfter } from '@/lib/progress';
import { pathSequence, useCourseProgress } from './use-course-progress';
import { panelClass } from '@/components/ui/panel';

/**
 * The end of every page: the next step of the learner's path (the first path until one is
 * chosen; on a path's own page, that path): the first step due, the same step home's "Continue"
 * names, so the two never disagree.
 */
export function NextStep() {
  const pathname = usePathname();
  const { facts, path: chosen } = useCourseProgress();
  const shown = LEARNING_PATHS.find((p) => pathname.replace(/\/$/, '') === `/learn/paths/${p.id}`);
  const path = shown ?? chosen ?? LEARNING_PATHS[0];
  const sequence = pathSequence(path);
  // The first step still due, as home's "Continue" says; only once every step is done, the step
  // after this page in the path's order.
  const next = pathProgress(sequence, facts).next ?? stepAfter(sequence, pathname);
  if (!next || pathname === '/') return null;
  return (
    <nav
      aria-label="Next step"
      className="mx-auto mt-4 max-w-6xl px-4 pb-8"
      data-testid="next-step"
    >
      <p className={panelClass()}>
        <span className="text-sm text-muted">Next on the “{path.title}” path: </span>
        <Link href={next.href} className="font-semibold text-accent underline">
          {next.label}
        </Link>
      </p>
    </nav>
  );
}
