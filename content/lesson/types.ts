import type { LearningPathId, WriteFate } from '@/lib/lesson';
import type { StepEvidence } from '@/lib/progress';
import type { Scenario } from '@/lib/timeline';
import type { BeliefId } from '../beliefs';
import type { Cited } from '../cite';

/**
 * The shapes of the lesson's content. Prose is plain strings; a pair of backticks marks inline
 * code (`fence + 1`). No markup beyond that, so the content stays data.
 */

/** A block of prose: one string per paragraph. */
export type Paragraphs = readonly string[];

/** A part of the lesson with its own heading and stable anchor. */
export interface Part extends Cited {
  /** The heading's anchor: lowercase words joined by hyphens, unique across the lesson. */
  id: string;
  title: string;
  body: Paragraphs;
}

/** A preparatory concept: what you should know before the principles, with a short primer. */
export interface Concept extends Part {
  /** One sentence: the idea in brief. */
  gist: string;
}

export type { Rating } from '@/lib/lesson';

/** A question with a reference answer, revealed on request. Follow-ups unlock after it. */
export interface QuestionNode extends Cited {
  id: string;
  level: 1 | 2 | 3;
  question: string;
  /** The context line: the premise the question builds on. */
  context: string;
  answer: Paragraphs;
  /** Follow this answer further: questions that build on this one. */
  children: readonly QuestionNode[];
}

/**
 * A question as the page ships it: no reference answer. The answer is loaded on reveal
 * (content/lesson/answer-book.ts), so it is not in the page's serialized data before an attempt.
 */
export interface QuestionPrompt extends Omit<QuestionNode, 'answer' | 'children'> {
  children: readonly QuestionPrompt[];
}

/** A migration case: one condition changes; what still holds? */
export interface MigrationCase extends Cited {
  id: string;
  title: string;
  changedCondition: string;
  question: string;
  derivation: Paragraphs;
  unchangedPrinciple: string;
}

/**
 * A migration case as the page ships it: the derivation and the principle are loaded on reveal
 * (content/lesson/answer-book.ts), so they are not in the page's data before an attempt.
 */
export type MigrationCasePrompt = Pick<
  MigrationCase,
  'id' | 'title' | 'changedCondition' | 'question'
>;

/** A true-or-false quiz item. Scored on the first answer only. */
export interface QuizItem extends Cited {
  id: string;
  /** The belief the item probes, in a few words. */
  misconception: string;
  statement: string;
  /** Whether the statement is true. */
  truth: boolean;
  explanation: Paragraphs;
  /**
   * The wrong beliefs (content/beliefs.ts) this statement puts into words: a learner holding one
   * of them answers "true". A statement that states a wrong belief is false.
   */
  states?: readonly BeliefId[];
}

export type { WriteFate } from '@/lib/lesson';

/** One write in a prediction, with what really happens and what a holder of the mistake expects. */
export interface PredictedWrite {
  id: string;
  /** Who writes what, and when ("A's finish at 7"). */
  label: string;
  fate: WriteFate;
  /** The answer of a learner who holds the mistake: a prediction they must get wrong. */
  believerFate: WriteFate;
  why: string;
}

/** A short timeline situation: the learner says what happens to each write. */
export interface Prediction {
  id: string;
  situation: Paragraphs;
  /** The timeline, one line per moment. */
  steps: readonly string[];
  writes: readonly PredictedWrite[];
  /**
   * The same situation as a timeline scenario, when the engine can play it: each predicted
   * write is the write event of the same id, and the unit tests hold its fate equal to the
   * engine's outcome. (A lock wait is not a timeline outcome, so one prediction has none.)
   */
  run?: Omit<Scenario, 'version' | 'id' | 'title'>;
}

/** A common mistake of the source's list: a quiz item and a prediction. */
export interface MistakeItem extends QuizItem {
  prediction: Prediction;
}

/** A quiz statement as the page ships it: the truth and explanation load on answer. */
export type QuizPrompt = Pick<QuizItem, 'id' | 'statement'>;

/** A mistake's prediction as the page ships it: each write's fate and why load on check. */
export interface MistakePrompt extends Pick<MistakeItem, 'id' | 'misconception'> {
  prediction: Pick<Prediction, 'id' | 'situation' | 'steps'> & {
    writes: readonly Pick<PredictedWrite, 'id' | 'label'>[];
  };
}

export interface Reference extends Cited {
  id: string;
  title: string;
  author: string;
  href: string;
  /** What the lesson rests on this source for. */
  supports: string;
}

export interface KeyInspection {
  id: string;
  text: string;
}

/** The lesson's top-level sections, in reading order, each a heading in the table of contents. */
export interface SectionEntry {
  id: string;
  title: string;
  /** Sub-headings with their own anchors. */
  children: readonly { id: string; title: string }[];
}

/** Where a path step points: a lesson section or one of the lesson's interactive pages. */
export interface PathStep {
  /** A lesson anchor ('#core-principles') or a route ('/learn/questions'). */
  href: string;
  label: string;
  why: string;
  /** What completes the step (lib/progress judges it); empty for a page that records nothing. */
  doneWhen: readonly StepEvidence[];
}

export type Exercise = PathStep;

export interface LearningPath {
  id: LearningPathId;
  title: string;
  summary: string;
  steps: readonly PathStep[];
  exercises: readonly Exercise[];
}
