import { expect, test } from './fixtures';

test('after Run to end, focus lands on the score and the live region announces it', async ({
  page,
}) => {
  await page.goto('/practice/timeline');
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
  const runToEnd = page.getByRole('button', { name: 'Run to end' });
  await runToEnd.focus();
  await page.keyboard.press('Enter');
  const score = page.getByRole('heading', { name: /^Score: \d+ \/ 4/ });
  await expect(score).toBeFocused();
  await expect(score).toBeInViewport();
  await expect(runToEnd).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: /^Step 8 of 8/ })).toContainText(
    /Score: \d+ of 4\./,
  );
});
