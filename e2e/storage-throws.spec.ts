import type { Page } from '@playwright/test';
import { expect, exportedRoutes, freshStorage, test } from './fixtures';

// Issue 42, point 6: some privacy modes and embedded views throw a SecurityError when a page so
// much as reads `window.indexedDB` (or `window.localStorage`). Before the fix /reflect and
// /reflect/self-assessment showed "This page couldn't load" and four other routes threw uncaught
// errors. Storage that throws on access is treated like blocked storage: every page renders (the
// fixture fails on any uncaught error or console error), and what cannot be kept is said.

const GETTERS = ['indexedDB', 'localStorage'] as const;

/** Makes reading `window[name]` throw a SecurityError, before the app's first script. */
async function throwOnAccess(page: Page, name: (typeof GETTERS)[number]) {
  await page.addInitScript((property) => {
    Object.defineProperty(window, property, {
      configurable: true,
      get() {
        throw new DOMException(`Access to ${property} is denied in this context.`, 'SecurityError');
      },
    });
  }, name);
}

for (const getter of GETTERS) {
  test(`every route renders when reading window.${getter} throws`, async ({ page }) => {
    test.setTimeout(10 * 60_000);
    await freshStorage(page);
    await throwOnAccess(page, getter);
    for (const route of exportedRoutes()) {
      await test.step(route, async () => {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByText("This page couldn't load")).toHaveCount(0);
      });
    }
    await test.step('the journal says it cannot keep a saved answer', async () => {
      await page.goto('/reflect');
      const answer = page.getByRole('textbox', { name: 'Your answer: Main question' });
      await answer.fill('Kept on the page only.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      if (getter === 'localStorage') {
        // The page's notice from its load (e2e/storage-unavailable.spec.ts), and the journal's.
        await expect(page.getByRole('alert').filter({ hasText: 'not available' })).toHaveCount(2);
      } else {
        await expect(
          page.getByRole('status').filter({ hasText: 'Saved as version 1' }),
        ).toBeVisible();
      }
      await expect(answer).toHaveValue('Kept on the page only.');
    });
    await test.step("reflect's results leave 'Reading…' and say what they cannot read", async () => {
      // Before the fix the mastery map waited on the records database forever, with no notice.
      await page.goto('/reflect');
      const results = page.getByRole('region', { name: 'Mastery map' });
      await expect(results.getByText('Reading your results…')).toHaveCount(0);
      if (getter === 'indexedDB')
        await expect(
          results.getByRole('alert').filter({ hasText: 'Your records could not be opened' }),
        ).toBeVisible();
      else await expect(results.getByRole('listitem').first()).toBeVisible();
    });
    await test.step('the lesson says it cannot keep its records', async () => {
      await page.goto('/learn');
      if (getter === 'indexedDB')
        await expect(
          page.getByRole('alert').filter({ hasText: 'problem with your lesson records' }),
        ).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    });
  });
}
