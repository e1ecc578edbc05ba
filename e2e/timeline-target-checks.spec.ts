import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Each target chooses its own check in the builder (issue 26): one scenario fences its completion
 * and leaves its email unfenced, as Temporal refuses a late activity completion while the email
 * the activity already sent stays sent.
 */

async function addEvent(page: Page, label: string, worker: string, resource: string) {
  await page.getByRole('combobox', { name: 'New event' }).selectOption({ label });
  await page.getByRole('combobox', { name: 'Worker', exact: true }).selectOption(worker);
  await page.getByRole('textbox', { name: 'Resource' }).fill(resource);
  await page.getByRole('button', { name: 'Add event' }).click();
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a fenced completion beside an unfenced email: each write its own outcome, kept by the share link', async ({
  page,
}) => {
  await page.goto('/practice/timeline');
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
  await page.getByRole('button', { name: 'Build your own' }).click();
  await page.getByRole('button', { name: 'Start from a short example' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 6 events' })).toBeVisible();

  await addEvent(page, 'Gateway write', 'B', 'completion');
  await addEvent(page, 'Gateway write', 'A', 'completion');
  await addEvent(page, 'Gateway write', 'A', 'email');
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 9 events' })).toBeVisible();

  // Each resource the events name gets its own check.
  await page
    .getByRole('combobox', { name: 'Check at completion' })
    .selectOption({ label: 'Equal to the run row (a trusted check)' });
  await page.getByRole('combobox', { name: 'Check at email' }).selectOption({ label: 'No check' });
  const settings =
    'completion check: equal to the run row (a trusted check) · email check: no check';
  await expect(page.getByText(settings)).toBeVisible();

  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(page, 'B writes completion through the gateway')).toContainText(
    'applied, 1 row',
  );
  const late = row(page, 'A writes completion through the gateway');
  await expect(late).toContainText('refused, 0 rows');
  await expect(late).toContainText('B holds the run (fence 2)');
  await expect(row(page, 'A writes email through the gateway')).toContainText('applied, 1 row');
  await expect(row(page, 'A submits (finish)')).toContainText('refused, 0 rows');
  const trace = await page.getByRole('table').innerText();

  await page.getByRole('button', { name: 'Share link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to this scenario' }).inputValue();
  const fresh = await page.context().newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole('status').filter({ hasText: 'Ready: 9 events' })).toBeVisible();
  await expect(fresh.getByText(settings)).toBeVisible();
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(fresh, 'A writes email through the gateway')).toContainText('applied, 1 row');
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
});
