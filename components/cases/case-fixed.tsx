'use client';

import { useCourseProgress } from '@/components/progress/use-course-progress';
import { Reveal } from '@/components/ui/reveal';
import { scenariosRun } from '@/lib/progress';

/**
 * "What fixed it" names the fix and how each run of the case ends under it (the incident's
 * write and the variants' alike), so it gives away every run's outcomes: it opens only once
 * every run of the case has been run, as the records say (the first scored run of each).
 */
export function CaseFixed({
  scenarioIds,
  fixed,
}: {
  /** The timeline scenario of each run of the case (content/cases' caseScenario ids). */
  scenarioIds: readonly string[];
  fixed: readonly string[];
}) {
  const { facts, loaded } = useCourseProgress();
  if (!loaded) return <p className="text-muted">Opening your records…</p>;
  const run = scenariosRun(facts.work, scenarioIds);
  if (run < scenarioIds.length)
    return (
      <p className="text-muted" data-testid="case-fixed-locked">
        {scenarioIds.length === 1
          ? 'Predict every write and run the case first: what fixed it tells how it ends.'
          : `What fixed it tells how every run of this case ends: it opens once you have predicted and run all ${scenarioIds.length} (${run} of ${scenarioIds.length} run so far).`}
      </p>
    );
  return (
    <Reveal boxed summary="Show what fixed it">
      <div className="space-y-2">
        {fixed.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
    </Reveal>
  );
}
