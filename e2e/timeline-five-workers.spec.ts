import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, test } from './fixtures';

/* Five workers in the builder (issue 26): each takes over from the last; only the newest commits. */

test('a 5-worker scenario built in the builder: every write its outcome, kept by the share link', async ({
  page,
}) => {
  await openBuilder(page);

  await page
    .getByRole('combobox', { name: 'Number of workers' })
    .selectOption({ label: '5 (A, B, C, D, E)' });
  await expect(page.getByRole('spinbutton', { name: 'Clock offset of E (seconds)' })).toBeVisible();
  // Each takeover comes after the last holder's lease of 5 s has run out.
  for (const next of ['C', 'D', 'E']) {
    await addEvent(page, 'Advance time');
    await addEvent(page, 'Claim', { worker: next });
  }
  await addEvent(page, 'Submit (finish)', { worker: 'E' });
  await addEvent(page, 'Submit (finish)', { worker: 'D' });
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

  const fresh = await openShareLink(page, 14);
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(fresh, 'E submits (finish)')).toContainText('applied, 1 row');
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
});
