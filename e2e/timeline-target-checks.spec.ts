import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, test } from './fixtures';

/*
 * Each target chooses its own check in the builder (issue 26): one scenario fences its completion
 * and leaves its email unfenced, as Temporal refuses a late activity completion while the email
 * the activity already sent stays sent.
 */

test('a fenced completion beside an unfenced email: each write its own outcome, kept by the share link', async ({
  page,
}) => {
  await openBuilder(page);

  await addEvent(page, 'Gateway write', { worker: 'B', resource: 'completion' });
  await addEvent(page, 'Gateway write', { worker: 'A', resource: 'completion' });
  await addEvent(page, 'Gateway write', { worker: 'A', resource: 'email' });
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

  const fresh = await openShareLink(page, 9);
  await expect(fresh.getByText(settings)).toBeVisible();
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(fresh, 'A writes email through the gateway')).toContainText('applied, 1 row');
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
});
