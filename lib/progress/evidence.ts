import type { CourseFacts } from './facts';
import { exerciseResult, type ExerciseKey } from './graded';

/**
 * What completes a step of a learning path, as data: the step's page lists it, and this module
 * is the one place that judges it. Every kind names the items it needs, so a step is done only
 * when each of them has its evidence. Graded work is judged by exerciseResult, the mastery map's
 * own rule: right on the first try, or right on a review after a wrong first try. Free text and
 * reveals are never evidence of understanding: a question step is only "attempted".
 */
export type StepEvidence =
  /** These lesson sections (or sub-anchors of them) marked read. */
  (
    | { kind: 'read'; sections: readonly string[] }
    /**
     * These questions or cases attempted for real (the learner's own words, not "I don't know
     * yet", not filler) and then revealed. Shown as "attempted", never as understood.
     */
    | { kind: 'attempted'; items: readonly string[] }
    /** These graded exercises passed (the mastery map's exercises, judged by exerciseResult). */
    | { kind: 'graded'; exercises: readonly ExerciseKey[] }
    /** These designs decided by the schedule checker. */
    | { kind: 'designs-checked'; designs: readonly string[] }
    /** These journal prompts with a saved answer. */
    | { kind: 'journal-answered'; prompts: readonly string[] }
    /** These self-assessment items rated. */
    | { kind: 'rated'; items: readonly string[] }
  ) & {
    /** The words for it where the counted ones would be vague ("the takeover scenario"). */
    says?: string;
  };

export type StepEvidenceKind = StepEvidence['kind'];

/** The ids one piece of evidence needs, and which of them the facts hold. */
function required(evidence: StepEvidence, facts: CourseFacts): { need: number; have: number } {
  const count = <T>(ids: readonly T[], held: (id: T) => boolean) => ({
    need: ids.length,
    have: ids.filter(held).length,
  });
  switch (evidence.kind) {
    case 'read':
      return count(evidence.sections, (id) => facts.read.has(id));
    case 'attempted':
      return count(evidence.items, (id) => facts.answered.has(id) && facts.revealed.has(id));
    case 'graded':
      return count(evidence.exercises, (e) => exerciseResult(facts.work, e).passed);
    case 'designs-checked':
      return count(evidence.designs, (id) => facts.designsChecked.has(id));
    case 'journal-answered':
      return count(evidence.prompts, (id) => facts.journalAnswered.has(id));
    case 'rated':
      return count(evidence.items, (id) => facts.rated.has(id));
  }
}

/** Whether a timeline scenario has been scored with full marks at least once. */
export function timelineFullMarks(facts: CourseFacts, scenarioId: string): boolean {
  const best = facts.timelineBest.get(scenarioId);
  return Boolean(best && best.total > 0 && best.score === best.total);
}

/** The graded exercises' nouns: "statement", "scenario" ... */
const GRADED_NOUNS: Record<ExerciseKey['kind'], [one: string, many: string]> = {
  quiz: ['statement', 'statements'],
  choice: ['graded question', 'graded questions'],
  prediction: ['prediction', 'predictions'],
  challenge: ['challenge', 'challenges'],
  timeline: ['scenario', 'scenarios'],
  case: ['case run', 'case runs'],
  crashlab: ['crash lab prediction', 'crash lab predictions'],
};

const NOUNS: Record<
  Exclude<StepEvidenceKind, 'graded'>,
  [one: string, many: string, done: string]
> = {
  read: ['section', 'sections', 'marked read'],
  attempted: ['question', 'questions', 'attempted in your own words, then revealed'],
  'designs-checked': ['design', 'designs', 'checked'],
  'journal-answered': ['journal answer', 'journal answers', 'saved'],
  rated: ['standard', 'standards', 'rated'],
};

function gradedNeeds(exercises: readonly ExerciseKey[]): string {
  const kinds = [...new Set(exercises.map((e) => e.kind))];
  const [one, many] =
    kinds.length === 1 ? GRADED_NOUNS[kinds[0]] : ['graded exercise', 'graded exercises'];
  const passed =
    kinds.length === 1 && kinds[0] === 'challenge'
      ? 'solved on the first try (or on a review a day later)'
      : 'right on the first try (or on a review a day later)';
  return exercises.length === 1
    ? `the ${one} ${passed}`
    : `all ${exercises.length} ${many} ${passed}`;
}

/** One line per piece of evidence: what it needs and how much of it is there. */
export interface EvidenceLine {
  kind: StepEvidenceKind;
  /** "every statement answered", "the section marked read". */
  needs: string;
  have: number;
  need: number;
  met: boolean;
}

/** Says what completes a step and how far the learner is, one line per piece of evidence. */
export function evidenceLines(
  doneWhen: readonly StepEvidence[],
  facts: CourseFacts,
): EvidenceLine[] {
  return doneWhen.map((evidence) => {
    const { need, have } = required(evidence, facts);
    let needs: string;
    if (evidence.says) needs = evidence.says;
    else if (evidence.kind === 'graded') needs = gradedNeeds(evidence.exercises);
    else {
      const [one, many, done] = NOUNS[evidence.kind];
      needs = need === 1 ? `the ${one} ${done}` : `all ${need} ${many} ${done}`;
    }
    return { kind: evidence.kind, needs, have, need, met: have >= need };
  });
}

/**
 * The one meaning of "done" for a step: every piece of its evidence is there. A step that
 * lists no evidence (a page that records nothing, like the SQL sandbox) is never done and is
 * not counted (see `pathProgress`).
 */
export function evidenceMet(doneWhen: readonly StepEvidence[], facts: CourseFacts): boolean {
  return doneWhen.length > 0 && evidenceLines(doneWhen, facts).every((line) => line.met);
}
