'use client';

import {
  CASE_FILE_IDS,
  CASE_FILE_VARIANTS,
  CHALLENGE_IDS,
  DESIGN_IDS,
  TIMELINE_SCENARIO_IDS,
} from '@/content/progress-index';
import {
  caseFileCounted,
  exerciseResult,
  type CourseFacts,
  type ExerciseKey,
} from '@/lib/progress';
import { useCourseProgress } from './use-course-progress';

/** How many of these graded exercises pass, by the mastery map's one rule. */
const passing = (facts: CourseFacts, kind: ExerciseKey['kind'], ids: readonly string[]) =>
  ids.filter((id) => exerciseResult(facts.work, { kind, id }).passed).length;

/** One progress line per exercise page, from the records. */
export function progressLine(href: string, facts: CourseFacts): string | null {
  switch (href) {
    case '/practice/claim-lab':
      return `${passing(facts, 'challenge', CHALLENGE_IDS)} of ${CHALLENGE_IDS.length} challenges solved on the first try (or on review)`;
    case '/practice/timeline':
      return `${passing(facts, 'timeline', TIMELINE_SCENARIO_IDS)} of ${TIMELINE_SCENARIO_IDS.length} scenarios right on the first scored run`;
    case '/learn/case-files':
      return `${CASE_FILE_IDS.filter((id) => caseFileCounted(facts.work, CASE_FILE_VARIANTS[id] ?? [])).length} of ${CASE_FILE_IDS.length} case files with every write predicted`;
    case '/practice/compare':
      return `${DESIGN_IDS.filter((id) => facts.designsChecked.has(id)).length} of ${DESIGN_IDS.length} designs checked`;
    case '/practice/crash-lab':
      return exerciseResult(facts.work, { kind: 'crashlab', id: 'crash-lab' }).summary.replace(
        /^./,
        (c) => c.toUpperCase(),
      );
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
