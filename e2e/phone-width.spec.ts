import { expect, exportedRoutes, test } from './fixtures';

// On a 390 px phone no page may scroll sideways: wide code blocks, tables and drawings scroll
// inside their own box instead.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const route of exportedRoutes()) {
  test(`${route} fits a 390 px phone without sideways scrolling`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('main')).toBeVisible();
    // Wait for the page's client islands to render what they render after hydration.
    await page.waitForLoadState('load');
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      // The widest elements, to name the culprit in a failure message.
      wide: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > 391)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)}`),
    }));
    expect(
      widths.scroll,
      `${route} is ${widths.scroll} px wide: ${widths.wide.join(' | ')}`,
    ).toBeLessThanOrEqual(390);
    expect(widths.body).toBeLessThanOrEqual(390);
  });
}
