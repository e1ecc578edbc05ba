'use client';

import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { LAB_EXERCISES } from '@/content/claim-lab/exercises';
import { CASE_FILES } from '@/content/cases';
import { DESIGN_CATALOG } from '@/lib/lease';
import { timelineSolved, type CourseFacts } from '@/lib/progress';
import { useCourseProgress } from './use-course-progress';

const CHALLENGES = LAB_EXERCISES.filter((e) => e.kind === 'challenge').map((e) => e.id);

/** One progress line per exercise page, from the records. */
export function progressLine(href: string, facts: CourseFacts): string | null {
  switch (href) {
    case '/practice/claim-lab':
      return `${CHALLENGES.filter((id) => facts.labSolved.has(id)).length} of ${CHALLENGES.length} challenges solved`;
    case '/practice/timeline':
      return `${timelineSolved(facts).length} of ${TIMELINE_SCENARIOS.length} scenarios with full marks`;
    case '/learn/case-files':
      return `${CASE_FILES.filter((c) => facts.casesPredicted.has(c.id)).length} of ${CASE_FILES.length} case files predicted`;
    case '/practice/compare':
      return `${DESIGN_CATALOG.filter((d) => facts.designsChecked.has(d.id)).length} of ${DESIGN_CATALOG.length} designs checked`;
    case '/practice/crash-lab':
      return facts.crashEvaluations > 0 ? 'Evaluated: done' : 'Not evaluated yet';
    default:
      return null;
  }
}

/** The PRACTICE hub's progress line for each lab, from the records. */
export function PracticeProgress({ href }: { href: string }) {
  const { facts, loaded } = useCourseProgress();
  const text = progressLine(href, facts);
  if (!text) return null;
  return (
    <p className="mt-2 text-sm font-semibold text-accent" data-testid={`progress-${href}`}>
      {loaded ? text : ' '}
    </p>
  );
}
