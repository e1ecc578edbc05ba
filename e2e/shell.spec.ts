import { exportedRoutes, expect, seriousViolations, test } from './fixtures';

const routes = exportedRoutes();

test('the export has the core routes', () => {
  expect(routes).toEqual(
    expect.arrayContaining(['/', '/learn', '/practice', '/reflect', '/practice/sql-sandbox']),
  );
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const route of routes) {
    test(`${route} renders in the ${colorScheme} theme with no serious accessibility violations`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(route);
      await expect(page.getByRole('navigation', { name: 'Modes' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(
        colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/,
      );
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('the theme toggle switches theme and is remembered after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: /Theme: System/ }).click();
  await expect(page.getByRole('button', { name: /Theme: Light/ })).toBeVisible();
  await page.getByRole('button', { name: /Theme: Light/ }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: /Theme: Dark/ })).toBeVisible();
  await page.goto('/learn');
  await expect(html).toHaveClass(/\bdark\b/);
});

test('an unknown address shows the 404 page', async ({ page, guard }) => {
  guard.allowConsole.push(/status of 404/);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This page does not exist' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to the start' }).click();
  await expect(page).toHaveURL(/\/$/);
});
