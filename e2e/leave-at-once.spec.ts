import { expect, test } from './fixtures';

// Issue 23, "nothing lost": a learner who acts and then leaves by a full navigation (types an
// address, reloads, closes the tab) at once must find the record when they come back. The records
// database is written in the background, and a navigation within the few hundred milliseconds
// that write takes lost it (two fresh-clone CI runs failed on exactly this). Each test acts, then
// leaves IMMEDIATELY with page.goto, with no wait for <html data-saving> to clear, on purpose.

test('a quiz answer on /learn/mistakes is kept when the learner leaves at once', async ({
  page,
}) => {
  await page.goto('/learn/mistakes');
  const item = page.getByRole('article', { name: /expiry on record is enough/ });
  await item.getByRole('button', { name: 'False', exact: true }).click();
  await expect(item.getByRole('status')).toContainText(/the statement is (true|false)/);
  await page.goto('/');

  await page.goto('/learn/mistakes');
  const again = page.getByRole('article', { name: /expiry on record is enough/ });
  await expect(again.getByRole('button', { name: 'False', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('1 of 7 answered, 1 right on the first try')).toBeVisible();
});

test('a reveal rating on /learn/questions is kept when the learner leaves at once', async ({
  page,
}) => {
  await page.goto('/learn/questions');
  const question = page.getByRole('article', { name: /user cancels its task/ });
  await question.getByRole('button', { name: 'I don’t know yet' }).click();
  await question.getByRole('button', { name: 'Reveal the reference answer' }).click();
  await expect(question.getByText('Reference answer', { exact: true })).toBeVisible();
  await question.getByRole('button', { name: 'Missed' }).click();
  await expect(question.getByRole('button', { name: 'Missed' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/learn/mistakes');

  await page.goto('/learn/questions');
  const again = page.getByRole('article', { name: /user cancels its task/ });
  await expect(again.getByRole('button', { name: 'Hide the reference answer' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(again.getByRole('button', { name: 'Missed' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a checked prediction is kept when the learner leaves at once', async ({ page }) => {
  await page.goto('/learn/mistakes');
  const name = /Generating tokens at random.*what happens/;
  const prediction = page.getByRole('article', { name });
  await prediction
    .getByRole('group', { name: /B’s report at 7/ })
    .getByRole('button', { name: 'Applied' })
    .click();
  await prediction
    .getByRole('group', { name: /A’s report at 8/ })
    .getByRole('button', { name: 'Applied' })
    .click();
  await prediction.getByRole('button', { name: 'Check my prediction' }).click();
  const verdict = prediction.getByRole('status').filter({ hasText: /first try/ });
  await expect(verdict).toContainText('Right on the first try.');
  await page.goto('/');

  await page.goto('/learn/mistakes');
  await expect(
    page
      .getByRole('article', { name })
      .getByRole('status')
      .filter({ hasText: /first try/ }),
  ).toContainText('Right on the first try.');
});

test('a self-assessment rating is kept when the learner leaves at once', async ({ page }) => {
  await page.goto('/reflect/self-assessment');
  const group = page.getByRole('group', { name: 'Intermediate standard' });
  await group.getByRole('radio', { name: 'Confident' }).check();
  await expect(group.getByRole('radio', { name: 'Confident' })).toBeChecked();
  await page.goto('/');

  await page.goto('/reflect/self-assessment');
  const again = page.getByRole('group', { name: 'Intermediate standard' });
  await expect(again.getByText('Last rated confident')).toBeVisible();
  await expect(again.getByRole('radio', { name: 'Confident' })).toBeChecked();
});
