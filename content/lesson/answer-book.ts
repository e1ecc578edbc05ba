import type {
  MistakeItem,
  MistakePrompt,
  PredictedWrite,
  QuizItem,
  QuizPrompt,
  MigrationCase,
  MigrationCasePrompt,
  Paragraphs,
  QuestionNode,
  QuestionPrompt,
} from './types';
import { MIGRATION_CASES } from './cases';
import { CHOICE_QUESTIONS, type ChoicePrompt, type ChoiceQuestion } from './foundations';
import { MISTAKES, QUIZ_ITEMS } from './mistakes';
import { CHECK_QUESTION } from './lesson';
import { flattenQuestions } from './questions';

/**
 * The reference answers, looked up by question id. Pages never pass an answer to the browser in
 * their serialized data: the answer box loads this module when the learner reveals (after an
 * attempt), so the answer cannot be read in the page before trying.
 */
export function referenceAnswer(id: string): Paragraphs | null {
  if (id === CHECK_QUESTION.id) return CHECK_QUESTION.answer;
  return flattenQuestions().find((q) => q.id === id)?.answer ?? null;
}

/** A question tree without its answers: what a page passes to its client components. */
export function withoutAnswers(tree: readonly QuestionNode[]): QuestionPrompt[] {
  return tree.map(({ id, level, question, context, children }) => ({
    id,
    level,
    question,
    context,
    children: withoutAnswers(children),
  }));
}

/** A migration case's derivation and the principle that stays, looked up on reveal. */
export function caseDerivation(
  id: string,
): Pick<MigrationCase, 'derivation' | 'unchangedPrinciple'> | null {
  const found = MIGRATION_CASES.find((c) => c.id === id);
  return found
    ? { derivation: found.derivation, unchangedPrinciple: found.unchangedPrinciple }
    : null;
}

/** A migration case without its derivation: what the cases page passes to its client cards. */
export function withoutDerivation({
  id,
  title,
  changedCondition,
  question,
}: MigrationCase): MigrationCasePrompt {
  return { id, title, changedCondition, question };
}

/** A quiz statement's key: its truth, the belief behind it and the explanation, on answer. */
export function quizKey(
  id: string,
): Pick<QuizItem, 'truth' | 'misconception' | 'explanation'> | null {
  const item = QUIZ_ITEMS.find((q) => q.id === id);
  return item
    ? { truth: item.truth, misconception: item.misconception, explanation: item.explanation }
    : null;
}

/** A quiz statement without its key: what the mistakes page passes to its client cards. */
export function quizPrompt({ id, statement }: QuizItem): QuizPrompt {
  return { id, statement };
}

/** A prediction's key: each write's fate and why, looked up when the learner checks. */
export function predictionKey(
  id: string,
): readonly Pick<PredictedWrite, 'id' | 'fate' | 'why'>[] | null {
  const found = MISTAKES.find((m) => m.prediction.id === id);
  return found
    ? found.prediction.writes.map(({ id: write, fate, why }) => ({ id: write, fate, why }))
    : null;
}

/** A mistake's prediction without its key: what the mistakes page passes to its client cards. */
export function mistakePrompt({ id, misconception, prediction }: MistakeItem): MistakePrompt {
  return {
    id,
    misconception,
    prediction: {
      id: prediction.id,
      situation: prediction.situation,
      steps: prediction.steps,
      writes: prediction.writes.map(({ id: write, label }) => ({ id: write, label })),
    },
  };
}

/** A choice question's key: the right option and why, looked up once the learner has picked. */
export function choiceKey(id: string): Pick<ChoiceQuestion, 'answer' | 'explanation'> | null {
  const found = CHOICE_QUESTIONS.find((q) => q.id === id);
  return found ? { answer: found.answer, explanation: found.explanation } : null;
}

/** A choice question without its key: what the lesson page passes to its client card. */
export function choicePrompt({ id, question, options }: ChoiceQuestion): ChoicePrompt {
  return { id, question, options: options.map(({ id: option, text }) => ({ id: option, text })) };
}
