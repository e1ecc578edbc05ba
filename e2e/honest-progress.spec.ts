import type { Locator, Page } from '@playwright/test';
import { QUIZ_ITEMS } from '../content/lesson/mistakes';
import { expect, freshStorage, test, whenSaved } from './fixtures';

/** A step of home's Continue card, and whether it reads as done. */
function homeStep(page: Page, label: string): Locator {
  return page
    .getByTestId('continue')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: label, exact: true }) });
}

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('continue')).toHaveAttribute('data-loaded', 'true');
}

/** Saves text in a lesson answer box and waits for the version count to show it. */
async function saveAnswer(box: Locator, text: string, versions: number) {
  await box.getByRole('textbox', { name: /Your answer first/ }).fill(text);
  await box.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    box.getByRole('button', { name: `${versions} ${versions === 1 ? 'version' : 'versions'}` }),
  ).toBeVisible();
}

// A learner on the first path ("Understand first") does one thing at a time; each tick on home,
// on the path page and on REFLECT must follow from shown understanding and nothing else: a free
// text answer is only "attempted", and a graded step needs its answers right.
//
// The two journeys run as steps of one test, in one page, instead of two tests: each fresh
// context and first load of the app in a new renderer was most of a journey's CPU time. Each step
// starts from a first visit's storage (freshStorage: nothing done yet, so no tick of the step
// before) and loads its own page, keeping every check it had as a test of its own.
test('each tick follows from shown understanding: “I don’t know yet” and a reveal tick nothing, an own answer is only “attempted”; the quiz only when every statement is right', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(2 * 120_000);
  await test.step('“I don’t know yet” and a reveal tick nothing; filler opens nothing; an own answer and a reveal make the check question “attempted”', async () => {
    await freshStorage(page);
    await page.goto('/learn');
    const check = page.getByRole('article', { name: /picked up again by two workers/ });
    const dontKnow = check.getByRole('button', { name: 'I don’t know yet' });
    const reveal = check.getByRole('button', { name: 'Reveal the reference answer' });
    await expect(dontKnow).toBeEnabled();
    await dontKnow.click();
    await reveal.click();
    await expect(check.getByText('Reference answer', { exact: true })).toBeVisible();
    await whenSaved(page);

    await openHome(page);
    await expect(homeStep(page, 'Check question')).toContainText('(not done yet)');
    await page.goto('/learn/paths/understand');
    const steps = page.getByRole('region', { name: 'Read in this order' });
    const checkStep = steps.getByRole('listitem').filter({ hasText: 'Check question' });
    await expect(checkStep).toContainText('Done when');
    await expect(checkStep.getByTestId('step-attempted')).toHaveCount(0);
    await expect(checkStep.getByTestId('step-done')).toHaveCount(0);

    // Filler is saved in the journal but is no attempt; an own answer is.
    await page.goto('/learn');
    await saveAnswer(check, 'a b c', 1);
    await whenSaved(page);
    await openHome(page);
    await expect(homeStep(page, 'Check question')).toContainText('(not done yet)');
    await page.goto('/learn');
    await saveAnswer(check, 'Both workers run it: the stale one must be fenced.', 2);
    await whenSaved(page);

    await openHome(page);
    await expect(homeStep(page, 'Check question')).toContainText('(attempted)');
    await expect(homeStep(page, 'Follow-up questions')).toContainText('(not done yet)');
    // The path is not done by attempts: its graded steps still wait.
    await expect(page.getByTestId('continue')).not.toContainText('Every step of this path is done');

    // The path page reads the same definition, and says what completes each step.
    await page.goto('/learn/paths/understand');
    const followUps = steps.getByRole('listitem').filter({ hasText: 'Follow-up questions' });
    await expect(checkStep.getByTestId('step-attempted')).toBeVisible();
    await expect(checkStep.getByTestId('step-done')).toHaveCount(0);
    await expect(followUps.getByTestId('step-attempted')).toHaveCount(0);
    await expect(followUps).toContainText('Done when');
    await expect(followUps).toContainText('0 of 5');

    // REFLECT shows the path's progress from the same definition.
    await page.goto('/reflect');
    const course = page.getByRole('region', { name: 'Your path so far' });
    await expect(course.getByRole('listitem').filter({ hasText: 'Check question' })).toContainText(
      '(attempted)',
    );
    await expect(
      course.getByRole('listitem').filter({ hasText: 'Follow-up questions' }),
    ).toContainText('(not done yet)');
  });
  await test.step('the quiz is done only when every statement is right on the first try: seven answers are not enough', async () => {
    await freshStorage(page);
    await page.goto('/learn/mistakes');
    const statements = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'True', exact: true }) });
    await expect(statements).toHaveCount(QUIZ_ITEMS.length);
    const score = page.getByTestId('quiz-score');
    const n = QUIZ_ITEMS.length;
    await expect(score).toHaveText(`0 of ${n} answered, 0 right on the first try`);
    // "True" to every statement: all answered, not all right.
    for (let i = 0; i < n; i++)
      await statements.nth(i).getByRole('button', { name: 'True', exact: true }).click();
    await expect(score).toContainText(`${n} of ${n} answered`);
    await whenSaved(page);
    await openHome(page);
    await expect(homeStep(page, 'Common mistakes quiz')).toContainText('(not done yet)');

    // Right on every statement from the start: done.
    await freshStorage(page);
    await page.goto('/learn/mistakes');
    for (const item of QUIZ_ITEMS)
      await page
        .getByRole('article', { name: item.statement.replace(/`/g, '').slice(0, 40) })
        .getByRole('button', { name: item.truth ? 'True' : 'False', exact: true })
        .click();
    await expect(score).toHaveText(`${n} of ${n} answered, ${n} right on the first try`);
    await whenSaved(page);
    await openHome(page);
    await expect(homeStep(page, 'Common mistakes quiz')).toContainText('(done)');
  });
});
