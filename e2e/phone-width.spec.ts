import { expect, expectNoSidewaysScroll, exportedRoutes, test } from './fixtures';

// On a 390 px phone no page may scroll sideways: wide code blocks, tables and drawings scroll
// inside their own box instead.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const route of exportedRoutes()) {
  test(`${route} fits a 390 px phone without sideways scrolling`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('main')).toBeVisible();
    // Wait for the page's client islands to render what they render after hydration.
    await page.waitForLoadState('load');
    await expectNoSidewaysScroll(page, route);
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
