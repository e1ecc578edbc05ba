import { expect, test } from './fixtures';

test('a keyboard user skips to the content and moves between the modes', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await page.goto('/');
  const practice = page
    .getByRole('navigation', { name: 'Modes' })
    .getByRole('link', { name: 'Practice' });
  for (
    let i = 0;
    i < 10 && !(await practice.evaluate((el) => el === document.activeElement));
    i += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(practice).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/practice$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Run it, break it, fix it' }),
  ).toBeVisible();
  await expect(practice).toHaveAttribute('aria-current', 'page');

  await page.getByRole('link', { name: /SQL sandbox/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/practice\/sql-sandbox$/);
});
