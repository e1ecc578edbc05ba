import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, test } from './fixtures';

/*
 * A rescuer's re-queue can compare every column a finish's fingerprint can (issue 38, builder
 * gap 1). B's lease runs out, the rescuer reads the row, and B claims its own run again: owner
 * and status are as read, attempted_at is not. The re-queue that compares attempted_at is
 * refused; the one that compares only owner and status undoes B's fresh attempt.
 */

test('a re-queue comparing attempted_at is refused after the same worker claimed again; one comparing owner and status is not; the share link keeps both', async ({
  page,
}) => {
  await openBuilder(page);
  const compares = page.getByRole('group', {
    name: 'The re-queue also compares what the rescuer read',
  });
  await page.getByRole('combobox', { name: 'New event' }).selectOption({
    label: 'Rescuer re-queues the run',
  });
  for (const column of [
    'attempt (claims made)',
    'claimed_at (claimer’s clock)',
    'attempted_at (database time)',
  ])
    await expect(compares.getByRole('checkbox', { name: column })).toBeVisible();

  await addEvent(page, 'Advance time');
  await addEvent(page, 'Rescuer reads the run row');
  await addEvent(page, 'Claim', { worker: 'B' });
  await addEvent(page, 'Rescuer re-queues the run', {
    compare: ['owner (claimed_by)', 'status', 'attempted_at (database time)'],
  });
  await addEvent(page, 'Rescuer re-queues the run', { compare: ['owner (claimed_by)', 'status'] });
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 11 events' })).toBeVisible();

  await page.getByRole('button', { name: 'Run to end' }).click();
  const strict = row(page, 'comparing owner, status and attempted_at with what it read');
  await expect(strict).toContainText('refused, 0 rows: attempted_at changed since the read');
  await expect(strict).toContainText('the attempted_at is 12, the rescuer read 6');
  const loose = row(page, 'comparing owner and status with what it read');
  await expect(loose).toContainText('applied, 1 row');
  const trace = await page.getByRole('table').innerText();

  const fresh = await openShareLink(page, 11);
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  await expect(
    row(fresh, 'comparing owner, status and attempted_at with what it read'),
  ).toContainText('refused, 0 rows');
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
});
