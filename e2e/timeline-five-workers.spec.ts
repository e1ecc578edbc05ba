import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/* Five workers in the builder (issue 26): each takes over from the last; only the newest commits. */

async function addEvent(page: Page, label: string, worker?: string) {
  await page.getByRole('combobox', { name: 'New event' }).selectOption({ label });
  if (worker)
    await page.getByRole('combobox', { name: 'Worker', exact: true }).selectOption(worker);
  await page.getByRole('button', { name: 'Add event' }).click();
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a 5-worker scenario built in the builder: every write its outcome, kept by the share link', async ({
  page,
}) => {
  await page.goto('/practice/timeline');
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
  await page.getByRole('button', { name: 'Build your own' }).click();
  await page.getByRole('button', { name: 'Start from a short example' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 6 events' })).toBeVisible();

  await page
    .getByRole('combobox', { name: 'Number of workers' })
    .selectOption({ label: '5 (A, B, C, D, E)' });
  await expect(page.getByRole('spinbutton', { name: 'Clock offset of E (seconds)' })).toBeVisible();
  // Each takeover comes after the last holder's lease of 5 s has run out.
  for (const next of ['C', 'D', 'E']) {
    await addEvent(page, 'Advance time');
    await addEvent(page, 'Claim', next);
  }
  await addEvent(page, 'Submit (finish)', 'E');
  await addEvent(page, 'Submit (finish)', 'D');
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 14 events' })).toBeVisible();

  await page.getByRole('button', { name: 'Run to end' }).click();
  for (const [worker, fence] of [
    ['C', 3],
    ['D', 4],
    ['E', 5],
  ] as const) {
    const claim = row(page, `${worker} claims the run`);
    await expect(claim).toContainText('applied, 1 row');
    await expect(claim).toContainText(`${worker} now holds the run with fence ${fence}`);
  }
  await expect(row(page, 'E submits (finish)')).toContainText('applied, 1 row');
  await expect(row(page, 'D submits (finish)')).toContainText('refused, 0 rows');
  await expect(row(page, 'A submits (finish)')).toContainText('refused, 0 rows');
  const trace = await page.getByRole('table').innerText();

  await page.getByRole('button', { name: 'Share link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to this scenario' }).inputValue();
  const fresh = await page.context().newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole('status').filter({ hasText: 'Ready: 14 events' })).toBeVisible();
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(fresh, 'E submits (finish)')).toContainText('applied, 1 row');
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
});
