import { evidenceLines, evidenceMet, timelineFullMarks, type StepEvidence } from './evidence';
import type { CourseFacts } from './facts';

/** Timeline scenarios scored with full marks. */
export function timelineSolved(facts: CourseFacts): string[] {
  return [...facts.timelineBest.keys()].filter((id) => timelineFullMarks(facts, id));
}

/** A step of a path as progress sees it: where it points and what completes it. */
export interface ProgressStep {
  href: string;
  label: string;
  /** What completes the step; empty for a page that records nothing (never counted). */
  doneWhen: readonly StepEvidence[];
}

/** Whether a step is done: the one definition home, the hub, path pages and REFLECT read. */
export function stepDone(step: Pick<ProgressStep, 'doneWhen'>, facts: CourseFacts): boolean {
  return evidenceMet(step.doneWhen, facts);
}

/**
 * How a step reads: 'done'; 'attempted' for a question step whose free-text attempt and reveal
 * are there (free text is never graded, so it is never "understood"); 'todo' for a step not done
 * yet (never 'due': that word belongs to a review that has come round); 'optional' for a
 * page that records nothing.
 */
export type StepMark = 'done' | 'attempted' | 'todo' | 'optional';

export function stepMark(step: Pick<ProgressStep, 'doneWhen'>, facts: CourseFacts): StepMark {
  if (step.doneWhen.length === 0) return 'optional';
  if (!stepDone(step, facts)) return 'todo';
  return step.doneWhen.some((e) => e.kind === 'attempted') ? 'attempted' : 'done';
}

/**
 * A path's steps with done marks and their evidence lines, how many of the counted steps are
 * done, and the first counted step still due. Steps with no evidence (optional) are listed but
 * neither counted nor offered as the next step.
 */
export function pathProgress<S extends ProgressStep>(steps: readonly S[], facts: CourseFacts) {
  const marked = steps.map((step) => ({
    ...step,
    optional: step.doneWhen.length === 0,
    done: stepDone(step, facts),
    mark: stepMark(step, facts),
    evidence: evidenceLines(step.doneWhen, facts),
  }));
  const counted = marked.filter((s) => !s.optional);
  const done = counted.filter((s) => s.done).length;
  return {
    steps: marked,
    done,
    total: counted.length,
    /** Every counted step done: the path's graded steps passed, its questions attempted. */
    complete: counted.length > 0 && done === counted.length,
    next: counted.find((s) => !s.done) ?? null,
  };
}

/**
 * The step after `currentHref` on a path (the page's own next step), skipping nothing: a
 * learner who finishes a page goes on to the next one in the path's order.
 */
export function stepAfter<S extends { href: string }>(
  steps: readonly S[],
  currentHref: string,
): S | null {
  const at = steps.findIndex((s) => s.href.split('#')[0] === currentHref);
  if (at === -1) return null;
  const after = steps.slice(at + 1).find((s) => s.href.split('#')[0] !== currentHref);
  return after ?? null;
}
