import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { expect, test } from './fixtures';

// The drawing must never say something the run row does not: at every step of every library
// scenario, the current lease bar's fence and lease_until are the row's. One test per scenario,
// so each has its own time limit and the two Playwright workers share them.
for (const scenario of TIMELINE_SCENARIOS) {
  test(`drawn lease labels equal the run row at each step: scenario ${scenario.number}`, async ({
    page,
  }) => {
    await page.goto('/practice/timeline');
    const picker = page.getByRole('combobox', { name: 'Scenario' });
    const row = page.getByRole('region', { name: 'Run row' });
    const drawing = page.getByRole('region', { name: 'Timeline drawing' });
    await picker.selectOption(`lib:${scenario.id}`);
    const count = scenario.events.length;
    await expect(
      page.getByRole('status').filter({ hasText: `Ready: ${count} events` }),
    ).toBeVisible();
    for (let step = 1; step <= count; step += 1) {
      await page.getByRole('button', { name: 'Step forward' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Step / })).toContainText(
        `Step ${step} of ${count}`,
      );
      const fence = (await row.locator('dd').nth(1).textContent())?.trim();
      const until = (await row.locator('dd').nth(2).textContent())?.trim();
      const current = drawing.locator('[data-testid="lease-bar"][data-current="true"]');
      if (fence === '0') {
        await expect(current, `${scenario.number} step ${step}: no lease yet`).toHaveCount(0);
        continue;
      }
      const ownedByClaim = await drawing
        .locator(`[data-testid="lease-bar"][data-fence="${fence}"]`)
        .count();
      if (ownedByClaim === 0) {
        // A fenced cancel moved the run to a generation no holder claimed: no lease is current.
        await expect(current, `${scenario.number} step ${step}: fenced by a cancel`).toHaveCount(0);
        continue;
      }
      await expect(current, `${scenario.number} step ${step}`).toHaveCount(1);
      await expect(current).toHaveAttribute('data-fence', fence ?? '');
      await expect(current).toHaveAttribute('data-until', until ?? '');
      await expect(current.locator('text')).toContainText(`fence ${fence} · lease_until ${until}`);
    }
  });
}
