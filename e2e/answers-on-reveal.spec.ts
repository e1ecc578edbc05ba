import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATION_CASES } from '../content/lesson/cases';
import { MISTAKES, QUIZ_ITEMS } from '../content/lesson/mistakes';
import { CHECK_QUESTION } from '../content/lesson/lesson';
import { CHOICE_QUESTIONS } from '../content/lesson/foundations';
import { flattenQuestions } from '../content/lesson/questions';
import { expect, freshStorage, test } from './fixtures';

/** The page's own serialized data in the export: its HTML and its RSC payloads (not JS chunks). */
function servedData(route: string): string {
  const root = join(process.cwd(), 'out');
  const files = [`${route}.html`, `${route}.txt`];
  const dir = join(root, route);
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      const path = join(d, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.txt') ? [path] : [];
    });
  const nested = statSync(dir, { throwIfNoEntry: false })?.isDirectory() ? walk(dir) : [];
  return [...files.map((f) => join(root, f)), ...nested]
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile())
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

/** A stretch of an answer long enough to be its own, as it would appear in JSON or HTML. */
const fingerprint = (paragraph: string) => paragraph.slice(0, 60).replace(/[’'"]/g, '');

// The three checks run as steps of one test, in one page, instead of three tests: each fresh
// context and first load of the app in a new renderer was most of a check's CPU time. That an
// answer is not shipped before it is earned is read from the export's files on disk; the page
// only has to show it once revealed or answered, so a response the browser cached in a step
// before cannot make either check pass wrongly. Each step starts from a first visit's storage
// (freshStorage: no attempt or answer of the step before) and loads its own page, keeping every
// check it had as a test of its own.
test('answers are not in the pages’ serialized data, and load when revealed or answered: model answers, migration derivations, quiz explanations', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(3 * 120_000);
  await test.step('model answers are not in the pages’ serialized data, and load when revealed', async () => {
    await freshStorage(page);
    const questions = servedData('learn/questions').replace(/[’'"]/g, '');
    for (const node of flattenQuestions())
      expect(questions, `${node.id} shipped in /learn/questions`).not.toContain(
        fingerprint(node.answer[0]),
      );
    expect(questions.length).toBeGreaterThan(1000);
    expect(questions).toContain(fingerprint(flattenQuestions()[0].question));
    const learn = servedData('learn').replace(/[’'"]/g, '');
    expect(learn, 'the check question’s answer shipped in /learn').not.toContain(
      fingerprint(CHECK_QUESTION.answer[0]),
    );
    for (const question of CHOICE_QUESTIONS) {
      expect(learn, `${question.id}’s explanation shipped in /learn`).not.toContain(
        fingerprint(question.explanation[0]),
      );
      expect(learn, `${question.id}’s key shipped in /learn`).not.toMatch(
        new RegExp(`answer\\W{1,4}${question.answer}\\b`),
      );
      expect(learn).toContain(fingerprint(question.question));
    }

    // The learner who attempts still gets the answer, loaded on reveal.
    await page.goto('/learn/questions');
    const level1 = page.getByRole('article', { name: /user cancels its task/ });
    await level1.getByRole('button', { name: 'I don’t know yet' }).click();
    await level1.getByRole('button', { name: 'Reveal the reference answer' }).click();
    await expect(level1).toContainText(
      flattenQuestions()[0].answer[0].replace(/`/g, '').slice(0, 50),
    );
  });
  await test.step('migration derivations are not in the cases page’s serialized data, and load when revealed', async () => {
    await freshStorage(page);
    const cases = servedData('learn/cases').replace(/[’'"]/g, '');
    for (const item of MIGRATION_CASES) {
      expect(cases, `${item.id}'s derivation shipped`).not.toContain(
        fingerprint(item.derivation[0]),
      );
      expect(cases, `${item.id}'s principle shipped`).not.toContain(
        fingerprint(item.unchangedPrinciple),
      );
      expect(cases).toContain(fingerprint(item.question));
    }

    await page.goto('/learn/cases');
    const first = page.getByRole('article', { name: MIGRATION_CASES[0].title });
    await first.getByRole('button', { name: 'I don’t know yet' }).click();
    await first.getByRole('button', { name: 'Reveal the derivation' }).click();
    await expect(first).toContainText(MIGRATION_CASES[0].derivation[0].slice(0, 50));
    await expect(first).toContainText(MIGRATION_CASES[0].unchangedPrinciple);
  });
  await test.step('quiz explanations and prediction outcomes are not in the mistakes page’s data, and load after answering', async () => {
    await freshStorage(page);
    const mistakes = servedData('learn/mistakes').replace(/[’'"]/g, '');
    for (const item of QUIZ_ITEMS) {
      expect(mistakes, `${item.id}'s explanation shipped`).not.toContain(
        fingerprint(item.explanation[0]),
      );
      expect(mistakes).toContain(fingerprint(item.statement));
    }
    for (const { prediction } of MISTAKES)
      for (const write of prediction.writes)
        expect(mistakes, `${prediction.id} ${write.id}'s why shipped`).not.toContain(
          fingerprint(write.why),
        );

    await page.goto('/learn/mistakes');
    const item = QUIZ_ITEMS[0];
    const card = page.getByRole('article', { name: item.statement.slice(0, 40) });
    await card.getByRole('button', { name: item.truth ? 'True' : 'False', exact: true }).click();
    await expect(card.getByRole('status')).toContainText(
      `Right on the first try: the statement is ${item.truth ? 'true' : 'false'}.`,
    );
    await expect(card).toContainText(item.explanation[0].replace(/`/g, '').slice(0, 50));
  });
});
