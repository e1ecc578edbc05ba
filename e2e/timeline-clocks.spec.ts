import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, test } from './fixtures';

/*
 * Clocks in the builder (issue 26): worker A's clock runs 3 s fast. Judged by the database clock,
 * its renewal at t=3 lands; judged by its own clock, the same renewal finds its lease over. The
 * explanation names the clock that judged the lease, and the share link keeps the setting.
 */

test('a worker whose clock runs 3 s fast, its lease judged by the database clock, then by its own; kept by the share link', async ({
  page,
}) => {
  await openBuilder(page);
  // Keep only A's claim, then renew 3 s later.
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Remove event 2' }).click();
  await addEvent(page, 'Advance time', { seconds: '3' });
  await addEvent(page, 'Renew (heartbeat)', { worker: 'A' });
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 3 events' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Clock offset of A (seconds)' }).fill('3');
  await expect(page.getByRole('img', { name: /Worker A \(clock \+3 s\)/ })).toBeVisible();

  const judged = page.getByRole('combobox', { name: 'Lease judged by' });
  await expect(judged).toHaveValue('database');
  await page.getByRole('button', { name: 'Run to end' }).click();
  const renew = row(page, 'A renews its lease (heartbeat)');
  await expect(renew).toContainText('applied, 1 row');
  await expect(renew).toContainText('the lease ran until 5 (it is 3 by the database clock)');
  const trace = await page.getByRole('table').innerText();

  const fresh = await openShareLink(page, 3);
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(fresh, 'A renews its lease (heartbeat)')).toContainText('by the database clock');
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
  await fresh.close();

  await expect(page.getByText(/^Lease 5 s, judged by the database clock · /)).toBeVisible();
  await judged.selectOption({ label: 'The writing worker’s own clock' });
  // The settings line names the time source the builder now judges by.
  await expect(
    page.getByText(/^Lease 5 s, judged by the writing worker’s own clock · fenced design/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(renew).toContainText('refused, 0 rows: lease');
  await expect(renew).toContainText(
    "the lease ended at 5, it is now 6 by A's own clock (3 s ahead of the database)",
  );
  const own = await page.getByRole('table').innerText();
  const second = await openShareLink(page, 3);
  await second.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(second, 'A renews its lease (heartbeat)')).toContainText('refused, 0 rows');
  expect(await second.getByRole('table').innerText()).toBe(own);
});
