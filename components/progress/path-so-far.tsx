'use client';

import { LEARNING_PATHS } from '@/content/lesson/paths';
import { pathProgress } from '@/lib/progress';
import { PathChecklist } from './path-checklist';
import { pathSequence, useCourseProgress } from './use-course-progress';

/** REFLECT's view of the learner's path: the same steps and the same "done" as home. */
export function PathSoFar() {
  const { facts, loaded, path: chosen } = useCourseProgress();
  const path = chosen ?? LEARNING_PATHS[0];
  const progress = pathProgress(pathSequence(path), facts);
  return (
    <section aria-labelledby="path-so-far" className="mt-12 space-y-2" data-loaded={loaded}>
      <h2 id="path-so-far" className="text-2xl font-bold">
        Your path so far
      </h2>
      <p className="text-muted">
        {path.title}: {loaded ? `${progress.done} of ${progress.total} steps done` : '…'}. A step is
        done when everything it lists is there (its page says what).
      </p>
      <PathChecklist path={path} facts={facts} />
    </section>
  );
}
