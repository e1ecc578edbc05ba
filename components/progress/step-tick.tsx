'use client';

import { evidenceLines, stepMark, type StepEvidence } from '@/lib/progress';
import { useCourseProgress } from './use-course-progress';

/**
 * A path step's mark and what completes it: "✓ done" once every piece of its evidence is there
 * ("✓ attempted" for a question answered in free text, which the page cannot grade), and one
 * "Done when" line per piece with how far the learner is.
 */
export function StepTick({ doneWhen }: { doneWhen: readonly StepEvidence[] }) {
  const { facts, loaded } = useCourseProgress();
  const mark = stepMark({ doneWhen }, facts);
  return (
    <>
      {mark === 'done' ? (
        <span className="ml-2 text-sm font-semibold text-good" data-testid="step-done">
          ✓ done
        </span>
      ) : mark === 'attempted' ? (
        <span className="ml-2 text-sm font-semibold text-good" data-testid="step-attempted">
          ✓ attempted
        </span>
      ) : null}
      <span className="block text-sm text-muted" data-loaded={loaded ? 'true' : 'false'}>
        {doneWhen.length === 0
          ? 'Optional: this page keeps no record.'
          : `Done when: ${evidenceLines(doneWhen, facts)
              .map((line) =>
                loaded && line.need > 1
                  ? `${line.needs} (${line.have} of ${line.need})`
                  : line.needs,
              )
              .join('; ')}.`}
      </span>
    </>
  );
}
