import type { CourseFacts } from './facts';

/**
 * What completes a step of a learning path, as data: the step's page lists it, and this module
 * is the one place that judges it. Every kind names the items it needs, so a step is done only
 * when each of them has its evidence (a reveal of the check question is not a reveal of the
 * follow-up questions; two quiz answers are not the quiz).
 */
export type StepEvidence =
  /** These lesson sections (or sub-anchors of them) marked read. */
  (
    | { kind: 'read'; sections: readonly string[] }
    /** These questions or cases revealed (a reveal opens only after an attempt). */
    | { kind: 'revealed'; items: readonly string[] }
    /** These quiz statements answered (the first answer is the one scored). */
    | { kind: 'quiz-answered'; items: readonly string[] }
    /** These predictions checked. */
    | { kind: 'predicted'; items: readonly string[] }
    /** These claim lab challenges solved. */
    | { kind: 'lab-solved'; challenges: readonly string[] }
    /** These timeline scenarios scored with full marks. */
    | { kind: 'timeline-full-marks'; scenarios: readonly string[] }
    /** These designs decided by the schedule checker. */
    | { kind: 'designs-checked'; designs: readonly string[] }
    /** One crash lab evaluation. */
    | { kind: 'crash-evaluated' }
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
  const count = (ids: readonly string[], held: (id: string) => boolean) => ({
    need: ids.length,
    have: ids.filter(held).length,
  });
  switch (evidence.kind) {
    case 'read':
      return count(evidence.sections, (id) => facts.read.has(id));
    case 'revealed':
      return count(evidence.items, (id) => facts.revealed.has(id));
    case 'quiz-answered':
      return count(evidence.items, (id) => facts.quizAnswered.has(id));
    case 'predicted':
      return count(evidence.items, (id) => facts.predicted.has(id));
    case 'lab-solved':
      return count(evidence.challenges, (id) => facts.labSolved.has(id));
    case 'timeline-full-marks':
      return count(evidence.scenarios, (id) => timelineFullMarks(facts, id));
    case 'designs-checked':
      return count(evidence.designs, (id) => facts.designsChecked.has(id));
    case 'crash-evaluated':
      return { need: 1, have: Math.min(1, facts.crashEvaluations) };
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

const NOUNS: Record<StepEvidenceKind, [one: string, many: string, done: string]> = {
  read: ['section', 'sections', 'marked read'],
  revealed: ['answer', 'answers', 'revealed after your own attempt'],
  'quiz-answered': ['statement', 'statements', 'answered'],
  predicted: ['prediction', 'predictions', 'checked'],
  'lab-solved': ['challenge', 'challenges', 'solved'],
  'timeline-full-marks': ['scenario', 'scenarios', 'with full marks'],
  'designs-checked': ['design', 'designs', 'checked'],
  'crash-evaluated': ['evaluation', 'evaluations', 'run'],
  'journal-answered': ['journal answer', 'journal answers', 'saved'],
  rated: ['standard', 'standards', 'rated'],
};

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
    const [one, many, done] = NOUNS[evidence.kind];
    const needs = evidence.says
      ? evidence.says
      : evidence.kind === 'crash-evaluated'
        ? 'one crash lab evaluation run'
        : need === 1
          ? `the ${one} ${done}`
          : `all ${need} ${many} ${done}`;
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
