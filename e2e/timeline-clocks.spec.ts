import type { Page } from '@playwright/test';
import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, freshStorage, test } from './fixtures';

/**
 * Opens the scenario's share link in a fresh page and runs it: the same trace as here, and the
 * row of `write` says `words`.
 */
async function sameThroughLink(page: Page, events: number, write: string, words: string) {
  const trace = await page.getByRole('table').innerText();
  const fresh = await openShareLink(page, events);
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(fresh, write)).toContainText(words);
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
  await fresh.close();
}

/** Opens the builder's short example and keeps only its first event, A's claim. */
async function onlyAsClaim(page: Page) {
  await openBuilder(page);
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Remove event 2' }).click();
}

/*
 * Clocks in the builder (issue 26): worker A's clock runs 3 s fast. Judged by the database clock,
 * its renewal at t=3 lands; judged by its own clock, the same renewal finds its lease over. The
 * explanation names the clock that judged the lease, and the share link keeps the setting.
 *
 * The transaction clock (issue 26): A claims (lease 5), opens a transaction at t=1 and holds it
 * open, and submits at t=7 inside it. now() in that transaction still reads 1, so judged by the
 * transaction clock the late finish lands; judged by the statement clock, clock_timestamp(),
 * the same finish is refused on the lease. Each names its clock, and each survives a share link.
 */
// The two clock settings share one page as the steps of one test: each was a test of its own,
// paying a fresh context and a first load of the timeline (its bundles and the SQLite WASM
// compiled again). Each step starts as its test did, from a first visit's storage (freshStorage)
// and the builder's short example freshly loaded; sameThroughLink closes each share link's tab.
test('a worker’s clock 3 s fast, judged by the database clock then its own; a long transaction’s now() against the statement clock; each kept by the share link', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(2 * 120_000);
  await test.step('a worker whose clock runs 3 s fast, its lease judged by the database clock, then by its own; kept by the share link', async () => {
    await freshStorage(page);
    await onlyAsClaim(page);
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
    await expect(renew).toContainText(
      'the lease ran until 5 (it is 3 by the database statement clock)',
    );
    await sameThroughLink(
      page,
      3,
      'A renews its lease (heartbeat)',
      'by the database statement clock',
    );

    await expect(
      page.getByText(/^Lease 5 s, judged by the database statement clock · /),
    ).toBeVisible();
    await judged.selectOption({ label: 'The writing worker’s own clock' });
    // The settings line names the time source the builder now judges by.
    await expect(
      page.getByText(/^Lease 5 s, judged by the writing worker’s own clock · fenced design/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(renew).toContainText('refused, 0 rows: lease');
    await expect(renew).toContainText(
      "the lease ended at 5, it is now 6 by A's own clock, 3 s ahead of the database",
    );
    await sameThroughLink(page, 3, 'A renews its lease (heartbeat)', 'refused, 0 rows');
  });
  await test.step('a long transaction’s now() lets a late finish through that the statement clock refuses; both kept by the share link', async () => {
    await freshStorage(page);
    await onlyAsClaim(page);
    await addEvent(page, 'Advance time', { seconds: '1' });
    await addEvent(page, 'Open a long transaction', { worker: 'A' });
    await addEvent(page, 'Advance time', { seconds: '6' });
    await addEvent(page, 'Submit (finish)', { worker: 'A' });
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 5 events' })).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'A opens a transaction and holds it open' }),
    ).toBeVisible();

    const judged = page.getByRole('combobox', { name: 'Lease judged by' });
    await judged.selectOption({ label: 'The transaction clock, now()' });
    await expect(
      page.getByText(/^Lease 5 s, judged by the transaction clock, now\(\) · fenced design/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(row(page, 'A opens a transaction and holds it open')).toContainText(
      'now() in it reads 1 until A',
    );
    const finish = row(page, 'A submits (finish)');
    await expect(finish).toContainText('applied, 1 row');
    await expect(finish).toContainText(
      "the lease ran until 5 (it is 1 by the transaction clock of A's open transaction, which began at 1; the statement clock reads 7)",
    );
    await sameThroughLink(page, 5, 'A submits (finish)', 'by the transaction clock of A');

    await judged.selectOption({
      label: 'The database statement clock, clock_timestamp() (the lesson’s rule)',
    });
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(finish).toContainText('refused, 0 rows: lease');
    await expect(finish).toContainText(
      'the lease ended at 5, it is now 7 by the database statement clock',
    );
    await sameThroughLink(page, 5, 'A submits (finish)', 'refused, 0 rows: lease');
  });
});
