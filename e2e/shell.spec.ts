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

/** The route's nearest ancestors that are routes themselves, the closest first, then the home page. */
function hubsOf(route: string): string[] {
  const hubs: string[] = [];
  for (let parts = route.split('/').slice(1, -1); parts.length > 0; parts = parts.slice(0, -1)) {
    const hub = `/${parts.join('/')}`;
    if (routes.includes(hub)) hubs.push(hub);
  }
  return route === '/' ? hubs : [...hubs, '/'];
}

const here = (page: Page) => new URL(page.url()).pathname;

/** A visible link of the current page to `route`, as a learner would click it, or null. */
async function linkTo(page: Page, route: string) {
  const link = page.locator(`a[href="${route}"]`).filter({ visible: true }).first();
  return (await link.count()) > 0 ? link : null;
}

/**
 * Goes to `route` the way a learner does: by a link of the page they are on, else of the route's
 * section page or the home page, reached the same way. The app stays loaded (Next renders the
 * next route in the page), so the walk loads the app and axe once, not once per route; every
 * route is also loaded on its own by phone-width.spec.ts. A route no page links to is loaded.
 */
async function walkTo(page: Page, route: string, depth = 0): Promise<void> {
  if (here(page) === route) return;
  let link = await linkTo(page, route);
  for (const hub of depth < 3 ? hubsOf(route) : []) {
    if (link) break;
    await walkTo(page, hub, depth + 1);
    link = await linkTo(page, route);
  }
  if (link) await link.click();
  else await page.goto(route);
  await expect(page).toHaveURL((url) => url.pathname === route);
}

// The routes in five walks, each on one page: each route is reached by the app's own links and
// scanned in the light theme with every rule, then switched to the dark theme (the page follows
// the system theme) and scanned again with the rules that depend on colours. The theme changes
// colours and nothing else. A failing route does not stop the walk: every route is scanned and
// every failure listed.
const WALKS: Record<string, (route: string) => boolean> = {
  'the home page and the lesson': (r) =>
    r === '/' || (r.startsWith('/learn') && !r.startsWith('/learn/case-files')),
  // Two walks, so that no one test is the suite's long pole.
  'the case files A to K': (r) => r.startsWith('/learn/case-files') && !/\/[l-z][^/]*$/.test(r),
  'the case files L to Z': (r) => /^\/learn\/case-files\/[l-z]/.test(r),
  'the practice pages': (r) => r.startsWith('/practice'),
  'the reflect pages': (r) => r.startsWith('/reflect'),
};

test('every route is in exactly one walk', () => {
  for (const route of routes)
    expect(
      Object.values(WALKS).filter((inWalk) => inWalk(route)),
      route,
    ).toHaveLength(1);
});

for (const [walk, inWalk] of Object.entries(WALKS)) {
  const walked = routes.filter(inWalk);
  test(`${walk} render in the light and dark themes with no serious accessibility violations (${walked.length} routes)`, async ({
    page,
  }) => {
    // A ceiling for a busy machine, per route; a route goes on as soon as its states are reached.
    test.setTimeout(60_000 + walked.length * 45_000);
    const html = page.locator('html');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(walked[0]);
    for (const route of walked) {
      await test.step(route, async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        await walkTo(page, route);
        await expect(page.getByRole('navigation', { name: 'Modes' })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await FILL[route]?.(page);
        await expect(html).not.toHaveClass(/\bdark\b/);
        expect.soft(await seriousViolations(page), `${route}, light theme`).toEqual([]);
        await page.emulateMedia({ colorScheme: 'dark' });
        await expect(html).toHaveClass(/\bdark\b/);
        expect.soft(await seriousViolations(page, 'colours'), `${route}, dark theme`).toEqual([]);
      });
    }
  });
}

// The scanner itself: a scan that cannot see a violation would pass every route.
// The scanner's own check, the theme toggle and the 404 page run as steps of one test on one page
// (each was a test of its own, a fresh context and a first load of the app). The scanner's check
// comes first and stores nothing; the theme toggle starts from the system theme; the 404 page
// comes last, since the console error it allows would otherwise be allowed for the steps after.
test('the scanner finds a violation; the theme toggle is remembered; an unknown address shows the 404 page', async ({
  page,
  guard,
}) => {
  test.setTimeout(3 * 120_000);
  await test.step('the accessibility scan reports a serious violation, and the colour scan a contrast one', async () => {
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
  await test.step('the theme toggle switches theme and is remembered after a reload', async () => {
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
  await test.step('an unknown address shows the 404 page', async () => {
    guard.allowConsole.push(/status of 404/);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page does not exist' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to the start' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
