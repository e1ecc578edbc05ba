import { expect, test } from './fixtures';

// Issue 23: the claim lab's demo says jobs/until/state/'ready' and the lesson says
// runs/lease_until/status/'queued'. Where the learner meets both, a table maps the names.
for (const route of ['/practice/claim-lab', '/learn']) {
  test(`${route} maps the demo table's names to the lesson's`, async ({ page }) => {
    await page.goto(route);
    const table = page.getByRole('table', { name: /the lesson’s runs table under shorter names/ });
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
