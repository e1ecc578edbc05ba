'use client';

import { stepDone } from '@/lib/progress';
import { useCourseProgress } from './use-course-progress';

/** A tick beside a path step once the learner has done it (read it, solved it, scored it). */
export function StepTick({ href }: { href: string }) {
  const { facts } = useCourseProgress();
  if (!stepDone(href, facts)) return null;
  return (
    <span className="ml-2 text-sm font-semibold text-good" data-testid="step-done">
      ✓ done
    </span>
  );
}
