import type { Page } from '@playwright/test';
import { exportedRoutes, expect, seriousViolations, test } from './fixtures';

const routes = exportedRoutes();

/**
 * Routes whose interesting state appears only after a few clicks: the scan runs on the filled-in
 * page (logs, tables, verdicts, the builder), so journeys need no scans of their own.
 */
const FILL: Record<string, (page: Page) => Promise<void>> = {
  '/practice/crash-lab': async (page) => {
    await page.getByRole('checkbox', { name: 'Step by step' }).check();
    await page.getByRole('button', { name: 'Start a worker' }).click();
    await expect(page.getByRole('listitem', { name: 'worker-1', exact: true })).toHaveAttribute(
      'data-paused',
      'collect',
    );
    await page.getByRole('button', { name: 'Evaluate' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /properties hold|Failed:/ }),
    ).toBeVisible();
  },
  '/practice/timeline': async (page) => {
    await page
      .getByRole('group', { name: 'A submits (finish)', exact: true })
      .getByRole('radio', { name: 'Applied', exact: true })
      .check();
    await page.getByRole('button', { name: 'Build your own' }).click();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('heading', { name: 'Score: 0 / 4' })).toBeVisible();
  },
};

// One test per route: the light scan with every rule, then the same page switched to the dark
// theme (the page follows the system theme) and scanned again with the rules that depend on
// colours, so each route loads once. The theme changes colours and nothing else: the rest of
// the dark scan repeated the light one (about a third of the suite's axe time).
for (const route of routes) {
  test(`${route} renders in the light and dark themes with no serious accessibility violations`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(route);
    await expect(page.getByRole('navigation', { name: 'Modes' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await FILL[route]?.(page);
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await seriousViolations(page), 'light theme').toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await seriousViolations(page, 'colours'), 'dark theme').toEqual([]);
  });
}

// The scanner itself: a scan that cannot see a violation would pass every route.
test('the accessibility scan reports a serious violation, and the colour scan a contrast one', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML(
      'beforeend',
      '<img src="/icon.svg"><p style="color:#777;background:#888">Faint words</p>',
    );
  });
  const all = await seriousViolations(page);
  expect(all).toContainEqual(expect.stringMatching(/^image-alt \(critical\)/));
  expect(all).toContainEqual(expect.stringMatching(/^color-contrast \(serious\)/));
  const colours = await seriousViolations(page, 'colours');
  expect(colours).toEqual([expect.stringMatching(/^color-contrast \(serious\)/)]);
});

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
