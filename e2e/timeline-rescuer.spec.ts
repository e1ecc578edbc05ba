import type { Page } from '@playwright/test';
import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, freshStorage, test } from './fixtures';

/*
 * A rescuer lane in the builder (issue 26): a third party reads the run row, sees B's run stuck,
 * and re-queues it later, after C has taken the run over and completed it. By the run id alone
 * it undoes the completed job; comparing the fingerprint it read, it is refused.
 */

const READ =
  'The rescuer reads the run row: running under B with fence 2, lease until 11 (it is now 12). The run looks stuck';

/** The short example with a third worker, the rescuer's read, and C's takeover and finish. */
async function buildRescue(page: Page) {
  await openBuilder(page);
  await page
    .getByRole('combobox', { name: 'Number of workers' })
    .selectOption({ label: '3 (A, B, C)' });
  await addEvent(page, 'Advance time');
  await addEvent(page, 'Rescuer reads the run row');
  await addEvent(page, 'Claim', { worker: 'C' });
  await addEvent(page, 'Submit (finish)', { worker: 'C' });
}

// The two rescues share one page as the steps of one test: each was a test of its own, paying a
// fresh context and a first load of the timeline (its bundles and the SQLite WASM compiled again).
// Each step starts as its test did, from a first visit's storage (freshStorage) and the rescue
// built afresh from the builder's short example; its share link opens in a second tab that the
// step closes.
test('a rescuer that checks only the run id re-queues a completed job, one that compares the fingerprint it read is refused; the share link keeps each', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(2 * 120_000);
  await test.step('a rescuer that checks only the run id re-queues a completed job; the share link keeps it', async () => {
    await freshStorage(page);
    await buildRescue(page);
    await addEvent(page, 'Rescuer re-queues the run');
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 11 events' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Rescuer \(a third party\)/ })).toBeVisible();

    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(row(page, 'The rescuer reads the run row')).toContainText(READ);
    await expect(row(page, 'C submits (finish)')).toContainText('applied, 1 row');
    const rescue = row(page, 'The rescuer re-queues the run (by the run id alone)');
    await expect(rescue).toContainText('applied, 1 row');
    await expect(rescue).toContainText('checks nothing but the run id');
    await expect(rescue).toContainText('its finished work will run a second time');
    await expect(rescue).toContainText('the culprit is the rescuer, the victim is C');
    // The drawing names who reopened C's run: the rescuer, not "the user" who cancels.
    const drawing = page.getByRole('region', { name: 'Timeline drawing' });
    await expect(drawing.getByText(/fence 3 · .*\(run queued by the rescuer\)/)).toBeVisible();
    await expect(drawing.getByText(/queued by the user/)).toHaveCount(0);
    const trace = await page.getByRole('table').innerText();

    const fresh = await openShareLink(page, 11);
    await fresh.getByRole('button', { name: 'Run to end' }).click();
    await expect(row(fresh, 'The rescuer re-queues the run')).toContainText('applied, 1 row');
    expect(await fresh.getByRole('table').innerText()).toBe(trace);
    await fresh.close();
  });
  await test.step('a rescuer that compares the fingerprint it read is refused, and the job stays done; the share link keeps it', async () => {
    await freshStorage(page);
    await buildRescue(page);
    await addEvent(page, 'Rescuer re-queues the run', {
      compare: ['owner (claimed_by)', 'fence (the token)', 'status'],
    });
    const described =
      'The rescuer re-queues the run (comparing owner, fence and status with what it read)';
    await expect(page.getByRole('list', { name: 'Events' })).toContainText(described);

    await page.getByRole('button', { name: 'Run to end' }).click();
    const rescue = row(page, described);
    await expect(rescue).toContainText(
      'refused, 0 rows: owner changed since the read, fence changed since the read, status changed since the read',
    );
    await expect(rescue).toContainText('the owner is C, the rescuer read B');
    await expect(rescue).toContainText('the status is done, the rescuer read running');
    await expect(rescue).not.toContainText('This breaks property');
    await expect(page.getByRole('region', { name: 'Run row' })).toContainText('done');
    const trace = await page.getByRole('table').innerText();

    const fresh = await openShareLink(page, 11);
    await fresh.getByRole('button', { name: 'Run to end' }).click();
    await expect(row(fresh, described)).toContainText('refused, 0 rows');
    expect(await fresh.getByRole('table').innerText()).toBe(trace);
    await fresh.close();
  });
});
