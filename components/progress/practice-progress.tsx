'use client';

import {
  CASE_FILE_IDS,
  CHALLENGE_IDS,
  DESIGN_IDS,
  TIMELINE_SCENARIO_IDS,
} from '@/content/progress-index';
import { timelineSolved, type CourseFacts } from '@/lib/progress';
import { useCourseProgress } from './use-course-progress';

/** One progress line per exercise page, from the records. */
export function progressLine(href: string, facts: CourseFacts): string | null {
  switch (href) {
    case '/practice/claim-lab':
      return `${CHALLENGE_IDS.filter((id) => facts.labSolved.has(id)).length} of ${CHALLENGE_IDS.length} challenges solved`;
    case '/practice/timeline':
      return `${timelineSolved(facts).length} of ${TIMELINE_SCENARIO_IDS.length} scenarios with full marks`;
    case '/learn/case-files':
      return `${CASE_FILE_IDS.filter((id) => facts.casesPredicted.has(id)).length} of ${CASE_FILE_IDS.length} case files predicted`;
    case '/practice/compare':
      return `${DESIGN_IDS.filter((id) => facts.designsChecked.has(id)).length} of ${DESIGN_IDS.length} designs checked`;
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
