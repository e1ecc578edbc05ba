import { expect, expectNoSidewaysScroll, exportedRoutes, test } from './fixtures';

// On a 390 px phone no page may scroll sideways: wide code blocks, tables and drawings scroll
// inside their own box instead.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The walks: every exported route, each group loaded one route after another in one page. */
function walkOf(route: string): string {
  if (route.startsWith('/learn/case-files/')) return 'the case files';
  if (route.startsWith('/practice') || route.startsWith('/reflect'))
    return 'the practice and reflect pages';
  return 'the home page and the lesson';
}

const walks = new Map<string, string[]>();
for (const route of exportedRoutes())
  walks.set(walkOf(route), [...(walks.get(walkOf(route)) ?? []), route]);

// Each route is loaded on its own (a document load, not a client-side navigation), so a page
// that only breaks when opened directly still fails; the routes of a walk share one page, so the
// browser compiles the app's code once per walk instead of once per route (a fresh context per
// route cost about 1.7 s of CPU: docs/testing.md). Every route that scrolls sideways is named.
for (const [walk, routes] of walks) {
  test(`${walk} fit a 390 px phone without sideways scrolling (${routes.length} routes)`, async ({
    page,
  }) => {
    const wide: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      await expect(page.locator('main'), route).toBeVisible();
      // Wait for the page's client islands to render what they render after hydration.
      await page.waitForLoadState('load');
      await expectNoSidewaysScroll(page, route).catch((error: Error) => wide.push(error.message));
    }
    expect(wide, 'routes wider than a 390 px phone').toEqual([]);
  });
}

test('the check itself fails on a page wider than the screen, naming the culprit', async ({
  page,
}) => {
  // A page of our own, so nothing but the line added below can widen it.
  await page.setContent(
    '<meta name="viewport" content="width=device-width, initial-scale=1"><main>A narrow page</main>',
  );
  await expectNoSidewaysScroll(page, 'the narrow page');
  await page.locator('main').evaluate((main) => {
    const wide = document.createElement('div');
    wide.className = 'too-wide';
    wide.style.width = '500px';
    wide.textContent = 'A line wider than the screen';
    main.append(wide);
  });
  await expect(expectNoSidewaysScroll(page, 'the widened page')).rejects.toThrow(
    /the widened page is 5\d\d px wide: div\.too-wide/,
  );
});
