import type {
  MigrationCase,
  MigrationCasePrompt,
  Paragraphs,
  QuestionNode,
  QuestionPrompt,
} from './types';
import { MIGRATION_CASES } from './cases';
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
