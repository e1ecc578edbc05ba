import type { Page } from '@playwright/test';
import { editorReady, expect, freshStorage, HEAVY_LOAD, test } from './fixtures';

async function openCompare(page: Page) {
  await page.goto('/practice');
  await page.getByRole('link', { name: /Compare designs/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compare designs' })).toBeVisible();
}

// The page's journeys as steps of one test. The first three each open the page from a first
// visit's storage (freshStorage) in the same browser page, which has the app compiled already; the
// last three share one load of the page (Monaco's included): each works on its own cards, and the
// long search, which changes the search's settings, comes last.
test('compare designs: TTL only, every design, a replay in the timeline, drop one condition, my design, and a long search that shows progress and stops', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(6 * 120_000);
  await test.step('a learner checks TTL only and sees the shortest counterexample', async () => {
    await openCompare(page);
    const card = page.getByRole('region', { name: 'Lease (TTL) only, no fence' });
    await card.getByRole('button', { name: 'Check' }).click();
    await expect(card.getByText('Unsafe: property 1 breaks.')).toBeVisible();
    const rows = card.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(1)).toContainText('A now holds the run, lease until 5.');
    await expect(rows.nth(3)).toContainText('B now holds the run, lease until 10.');
    await expect(rows.nth(4)).toContainText(
      "A's stale renewal landed, though A no longer holds the run: this design checks only the status",
    );
    await expect(card).toContainText(
      'This breaks property 1 (only the current holder’s writes land): the culprit is A, the victim is B.',
    );

    // Replay it in the timeline and step to the stale write.
    await card.getByRole('link', { name: 'Open in the timeline' }).click();
    await expect(page).toHaveURL(/\/practice\/timeline#/);
    const live = page.getByRole('status').filter({ hasText: /Step|Ready/ });
    await expect(live).toContainText('Ready: 6 events');
    for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(live).toContainText('Step 6 of 6');
    await expect(live).toContainText('applied, 1 row');
    await expect(page.getByRole('row').filter({ hasText: /A renews/ })).toContainText(
      'applied, 1 row',
    );
  });
  await test.step('check every design: the lesson’s is proven safe within the bound, each of the eight broken designs breaks', async () => {
    await freshStorage(page);
    await openCompare(page);
    await page.getByRole('button', { name: 'Check every design' }).click();
    const catalog = page.getByRole('region', { name: 'The designs' });
    await expect(catalog.getByText(/^Unsafe: property/)).toHaveCount(8, HEAVY_LOAD);
    // The lesson's design, and the cancel without fencing: this story has no cancel in it.
    await expect(catalog.getByText('Safe within the bound.')).toHaveCount(2, HEAVY_LOAD);
    // The lesson's design is proven safe within the bound.
    await expect(
      page.getByRole('region', { name: 'Lease + fencing token (the lesson’s design)' }),
    ).toContainText('All 60,060 schedules checked');
    await expect(page.getByRole('button', { name: 'Check every design' })).toBeEnabled();
    // Every counterexample replays in the timeline.
    await expect(catalog.getByRole('link', { name: 'Open in the timeline' })).toHaveCount(8);
    await expect(page.getByText(/Not replayable/)).toHaveCount(0);
    // The results are in view by the button, and cover the drop-one variants and your own design.
    const summary = page.getByTestId('check-all-summary');
    await expect(summary).toBeInViewport();
    await expect(summary.getByRole('status')).toHaveText('15 of 15 designs checked', {
      timeout: 60_000,
    });
    await expect(summary).toContainText('Finish without the fence check: unsafe');
    await expect(summary).toContainText('Your design: safe within the bound');
  });
  await test.step('a restarted worker and a worker-side check replay in the timeline with the same SQL', async () => {
    await freshStorage(page);
    await openCompare(page);
    const renew = page.getByRole('region', { name: 'Renewal that does not check the token' });
    await renew.getByRole('button', { name: 'Check' }).click();
    await renew.getByRole('link', { name: 'Open in the timeline' }).click();
    await expect(page).toHaveURL(/\/practice\/timeline#/);
    await expect(page.getByText('Worker C: A restarted, same owner name')).toBeVisible();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('row').filter({ hasText: /C claims the run/ })).toContainText(
      'applied, 1 row',
    );
    await expect(page.getByRole('row').filter({ hasText: /A renews/ })).toContainText(
      'applied, 1 row',
    );

    await openCompare(page);
    const check = page.getByRole('region', {
      name: 'Token checked in the worker, not at the resource',
    });
    await check.getByRole('button', { name: 'Check' }).click();
    await check.getByRole('link', { name: 'Open in the timeline' }).click();
    await expect(page.getByText('Report store (the design’s own check)').first()).toBeVisible();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('row').filter({ hasText: /A checks its own token/ })).toContainText(
      'still shows fence 1',
    );
    await expect(
      page.getByRole('row').filter({ hasText: /A writes the report reference/ }),
    ).toContainText('applied, 1 row');
    await expect(page.getByRole('region', { name: 'Remote targets' })).toContainText(
      '“A token 1 batch 1” (fence 1)',
    );
  });
  await freshStorage(page);
  await openCompare(page);
  await test.step('drop one condition: without the fence the finish breaks, without the owner it holds', async () => {
    const fence = page.getByRole('region', { name: 'Without fence = $token' });
    await fence.getByRole('button', { name: 'Check' }).click();
    await expect(fence.getByText('Unsafe: property 1 breaks.')).toBeVisible();
    await expect(fence).toContainText('A (restarted)');
    const owner = page.getByRole('region', { name: 'Without owner = $owner' });
    await owner.getByRole('button', { name: 'Check' }).click();
    await expect(owner.getByText('Safe within the bound.')).toBeVisible();
  });
  await test.step('check my design: bad SQL gets a clear message before any search, a weakened finish a counterexample', async () => {
    const section = page.getByRole('region', { name: 'Check my design' });
    await editorReady(section);
    const finish = section.getByRole('textbox', { name: 'Finish statement' });
    await finish.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('UPDATE runs SET status = WHERE run_id = $run');
    await section.getByRole('button', { name: 'Check my design' }).click();
    await expect(section.getByRole('alert')).toContainText('SQLite cannot prepare the finish');
    await finish.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(
      "UPDATE runs SET status = 'done' WHERE run_id = $run AND status = 'running'",
    );
    await section.getByRole('button', { name: 'Check my design' }).click();
    await expect(section.getByText('Unsafe: property 1 breaks.')).toBeVisible();
  });
  await test.step('a long search shows progress, keeps the page responsive, and stops', async () => {
    await page
      .getByLabel('Workers and their programs')
      .selectOption({ label: '3 workers × 6 operations' });
    await page.getByText('Advanced: the state cache (on by default)').click();
    await page.getByLabel(/Skip states already explored/).uncheck();
    const card = page.getByRole('region', { name: 'Lease + fencing token (the lesson’s design)' });
    await card.getByRole('button', { name: 'Check' }).click();
    const progress = card.getByRole('progressbar', { name: /Checking/ });
    await expect(progress).toBeVisible();
    await expect(card.getByText(/schedules decided/)).toBeVisible();
    // The page still answers while the worker searches: open and close a details element.
    const details = page.getByText('What it changes from the lesson’s design').first();
    await details.click();
    await expect(
      page.getByRole('region', { name: 'Lease (TTL) only, no fence' }).getByLabel('Finish SQL'),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Stop' }).click();
    await expect(card.getByText(/^Stopped/)).toBeVisible();
    await expect(progress).toHaveCount(0);
  });
});
