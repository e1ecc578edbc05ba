import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Issue 22's measured cases 4 and 8, and the builder's token name, on the built app: what the
 * header, the trace's run-row lines and the Workers panel say agrees with the scenario.
 */

const ready = (page: Page, events: number) =>
  expect(page.getByRole('status').filter({ hasText: `Ready: ${events} events` })).toBeVisible();

test('4: an overwriting object store says its uploads overwrote, as its header says', async ({
  page,
}) => {
  await page.goto('/practice/timeline');
  await ready(page, 8);
  await page
    .getByRole('combobox', { name: 'Scenario' })
    .selectOption({ label: '7a. The old worker overwrites the remote report file' });
  await ready(page, 9);
  await expect(page.getByText(/object store: overwrite/)).toBeVisible();
  await page.getByRole('button', { name: 'Run to end' }).click();
  const targets = page.getByRole('region', { name: 'Remote targets' });
  await expect(targets).toContainText('2 uploads, each overwrote the last');
  await expect(targets).not.toContainText('versions stored');
});

test('8: a case file names its token on run-row lines and in the Workers panel, not "fence" or "token"', async ({
  page,
}) => {
  await page.goto('/learn/case-files/kafka-producer-epoch');
  await ready(page, 11);
  await page.getByRole('link', { name: 'Open in the timeline' }).click();
  await ready(page, 11);
  await page.getByRole('button', { name: 'Run to end' }).click();
  const workers = page.getByRole('region', { name: 'Workers' });
  await expect(workers).toContainText('producer epoch 6');
  await expect(workers).not.toContainText(/\b(fence|token) \d/);
  const table = page.getByRole('region', { name: 'Trace table' });
  await expect(table).toContainText('producer epoch=6');
  await expect(table).not.toContainText(/\bfence[= ]\d/);
  await expect(table).not.toContainText(/\btoken \d/);
});

test('the builder names the token, every line uses the name, and the share link keeps it', async ({
  page,
}) => {
  await page.goto('/practice/timeline');
  await ready(page, 8);
  await page.getByRole('button', { name: 'Build your own' }).click();
  await page.getByRole('button', { name: 'Start from a short example' }).click();
  await ready(page, 6);
  await page.getByRole('textbox', { name: 'Token name' }).fill('RangeID');
  await expect(page.getByText(/· token: RangeID/)).toBeVisible();
  await page.getByRole('button', { name: 'Run to end' }).click();
  const table = page.getByRole('region', { name: 'Trace table' });
  await expect(table).toContainText(/RangeID=\d/);
  await expect(table).not.toContainText(/\bfence[= ]\d/);
  await expect(page.getByRole('region', { name: 'Workers' })).toContainText(/RangeID \d/);
  const trace = await table.innerText();

  await page.getByRole('button', { name: 'Share link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to this scenario' }).inputValue();
  const fresh = await page.context().newPage();
  await fresh.goto(link);
  await ready(fresh, 6);
  await expect(fresh.getByText(/· token: RangeID/)).toBeVisible();
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  expect(await fresh.getByRole('region', { name: 'Trace table' }).innerText()).toBe(trace);
});
