import type { Locator, Page } from '@playwright/test';
import { expect, freshStorage, test } from './fixtures';

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

// A learner on the first path ("Understand first") does one thing at a time; each tick on home,
// on the path page and on REFLECT must follow from that work and nothing else.
//
// The two journeys run as steps of one test, in one page, instead of two tests: each fresh
// context and first load of the app in a new renderer was most of a journey's CPU time. Each step
// starts from a first visit's storage (freshStorage: nothing done yet, so no tick of the step
// before) and loads its own page, keeping every check it had as a test of its own.
test('each tick follows from the learner’s own work: the check question, not its follow-ups; the quiz only when every statement has a first answer', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(2 * 120_000);
  await test.step('revealing the check question ticks the check question, not the follow-up questions', async () => {
    await freshStorage(page);
    await page.goto('/learn');
    const check = page.getByRole('article', { name: /picked up again by two workers/ });
    const dontKnow = check.getByRole('button', { name: 'I don’t know yet' });
    await expect(dontKnow).toBeEnabled();
    await dontKnow.click();
    await check.getByRole('button', { name: 'Reveal the reference answer' }).click();
    await expect(check.getByText('Reference answer', { exact: true })).toBeVisible();
    await expect(page.locator('html:not([data-saving])')).toHaveCount(1);

    await openHome(page);
    await expect(homeStep(page, 'Check question')).toContainText('(done)');
    await expect(homeStep(page, 'Follow-up questions')).toContainText('(due)');

    // The path page reads the same definition, and says what completes each step.
    await page.goto('/learn/paths/understand');
    const steps = page.getByRole('region', { name: 'Read in this order' });
    const checkStep = steps.getByRole('listitem').filter({ hasText: 'Check question' });
    const followUps = steps.getByRole('listitem').filter({ hasText: 'Follow-up questions' });
    await expect(checkStep.getByTestId('step-done')).toBeVisible();
    await expect(followUps.getByTestId('step-done')).toHaveCount(0);
    await expect(followUps).toContainText('Done when');
    await expect(followUps).toContainText('0 of 5');

    // REFLECT shows the path's progress from the same definition.
    await page.goto('/reflect');
    const course = page.getByRole('region', { name: 'Your path so far' });
    await expect(course.getByRole('listitem').filter({ hasText: 'Check question' })).toContainText(
      '(done)',
    );
    await expect(
      course.getByRole('listitem').filter({ hasText: 'Follow-up questions' }),
    ).toContainText('(due)');
  });
  await test.step('the quiz is done only when every statement has a first answer', async () => {
    await freshStorage(page);
    await page.goto('/learn/mistakes');
    const statements = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'True', exact: true }) });
    await expect(statements).toHaveCount(7);
    const score = page.getByTestId('quiz-score');
    await expect(score).toHaveText('0 of 7 answered, 0 right on the first try');
    for (const i of [0, 1]) {
      await statements.nth(i).getByRole('button', { name: 'True', exact: true }).click();
    }
    await expect(score).toContainText('2 of 7 answered');
    await expect(page.locator('html:not([data-saving])')).toHaveCount(1);

    await openHome(page);
    await expect(homeStep(page, 'Common mistakes quiz')).toContainText('(due)');

    await page.goto('/learn/mistakes');
    await expect(score).toContainText('2 of 7 answered');
    for (const i of [2, 3, 4, 5, 6]) {
      await statements.nth(i).getByRole('button', { name: 'False', exact: true }).click();
    }
    await expect(score).toContainText('7 of 7 answered');
    await expect(page.locator('html:not([data-saving])')).toHaveCount(1);
    await openHome(page);
    await expect(homeStep(page, 'Common mistakes quiz')).toContainText('(done)');
  });
});
