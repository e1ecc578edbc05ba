import { expect, freshStorage, test } from './fixtures';

// Issue 23: the claim lab's demo says jobs/until/state/'ready' and the lesson says
// runs/lease_until/status/'queued'. Where the learner meets both, a table maps the names.
// The two routes share one page as the steps of one test: each was a test of its own, paying a
// fresh context and a first load of the app. Each step starts as its test did, from a first
// visit's storage (freshStorage) and a fresh load of its route.
const ROUTES = ['/practice/claim-lab', '/learn'];
test(`${ROUTES.join(' and ')} map the demo table's names to the lesson's`, async ({ page }) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(ROUTES.length * 120_000);
  for (const route of ROUTES) {
    await test.step(`${route} maps the demo table's names to the lesson's`, async () => {
      await freshStorage(page);
      await page.goto(route);
      const table = page.getByRole('table', {
        name: /the lesson’s runs table under shorter names/,
      });
      await table.scrollIntoViewIfNeeded();
      await expect(table).toBeVisible();
      for (const [demo, lesson] of [
        ['jobs', 'runs'],
        ['until', 'lease_until'],
        ['state', 'status'],
        ["'ready'", "'queued'"],
      ])
        await expect(
          table.getByRole('row', { name: new RegExp(`^${demo} ${lesson} `) }),
        ).toBeVisible();
    });
  }
});
