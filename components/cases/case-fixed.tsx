'use client';

import { useCourseProgress } from '@/components/progress/use-course-progress';
import { Reveal } from '@/components/ui/reveal';

/**
 * "What fixed it" opens only once the learner's prediction of this case is stored: before, it
 * would give the answer away.
 */
export function CaseFixed({ caseId, fixed }: { caseId: string; fixed: readonly string[] }) {
  const { facts, loaded } = useCourseProgress();
  if (!loaded) return <p className="text-muted">Opening your records…</p>;
  if (!facts.casesPredicted.has(caseId))
    return (
      <p className="text-muted" data-testid="case-fixed-locked">
        Predict every write and run the case first: what fixed it opens after your prediction.
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
