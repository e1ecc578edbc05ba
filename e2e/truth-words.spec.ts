import type { Page } from '@playwright/test';
import { openBuilder, openShareLink } from './builder-steps';
import { expect, freshStorage, test } from './fixtures';

/*
 * Issue 22's measured cases 4 and 8, and the builder's token name, on the built app: what the
 * header, the trace's run-row lines and the Workers panel say agrees with the scenario.
 */

const ready = (page: Page, events: number) =>
  expect(page.getByRole('status').filter({ hasText: `Ready: ${events} events` })).toBeVisible();

// The three checks share one page as the steps of one test: each was a test of its own, paying a
// fresh context and a first load of the app (its bundles and the SQLite WASM compiled again).
// Each step starts as its test did, from a first visit's storage (freshStorage) and a fresh load
// of its page; the share link's tab is closed at its step's end.
test('the words agree with the scenario: an overwriting object store, a case file’s token name, and the builder’s token, explanation and notes through the share link', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(3 * 120_000);
  await test.step('4: an overwriting object store says its uploads overwrote, as its header says', async () => {
    await freshStorage(page);
    await page.goto('/practice/timeline');
    await ready(page, 8);
    await page
      .getByRole('combobox', { name: 'Scenario' })
      .selectOption({ label: '7a. The old worker uploads its report file after the takeover' });
    await ready(page, 9);
    await expect(page.getByText(/object store: overwrite/)).toBeVisible();
    await page.getByRole('button', { name: 'Run to end' }).click();
    const targets = page.getByRole('region', { name: 'Remote targets' });
    await expect(targets).toContainText('2 uploads, each overwrote the last');
    await expect(targets).not.toContainText('versions stored');
  });
  await test.step('8: a case file names its token on run-row lines and in the Workers panel, not "fence" or "token"', async () => {
    await freshStorage(page);
    await page.goto('/learn/case-files/kafka-producer-epoch');
    await ready(page, 11);
    await page.getByRole('link', { name: 'Open in the timeline' }).click();
    // The case file's page is also ready with 11 events: wait for the timeline's own page first.
    await expect(page).toHaveURL(/\/practice\/timeline#/);
    await expect(page.getByRole('heading', { name: 'Pause-resume timeline' })).toBeVisible();
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
  await test.step('the builder names the token, writes an explanation and notes, refuses hidden or long text, and the share link keeps all three', async () => {
    await freshStorage(page);
    await openBuilder(page);
    const tokenName = page.getByRole('textbox', { name: 'Token name' });
    await tokenName.fill('RangeID');
    await expect(page.getByText(/· token: RangeID/)).toBeVisible();

    // Hostile text stays in its field, marked invalid with the reason; the scenario keeps its last good text.
    await tokenName.fill('<b>');
    await expect(tokenName).toHaveAttribute('aria-invalid', 'true');
    await expect(tokenName).toHaveAccessibleDescription(
      "Token name: use letters, digits, spaces and _ . : # ' - only (not “<”).",
    );
    await expect(page.getByText(/· token: RangeID/)).toBeVisible();
    await tokenName.fill('RangeID');
    await expect(tokenName).not.toHaveAttribute('aria-invalid');

    const explanation = page.getByRole('textbox', { name: 'Explanation' });
    await explanation.fill('A reads \u202Eevil');
    await expect(explanation).toHaveAccessibleDescription(
      'Explanation: remove the direction-changing character U+202E at character 9: it makes text read differently from how it is stored.',
    );
    const explained = 'B takes over once A’s lease has run out.\nA’s late finish is refused.';
    await explanation.fill(explained);
    const notes = page.getByRole('textbox', { name: 'Your notes' });
    await notes.fill('x'.repeat(2001));
    await expect(notes).toHaveAccessibleDescription(
      'Your notes: at most 2000 characters (this has 2,001).',
    );
    await notes.fill('Try it with <script>no fence</script> next.');
    for (const field of [tokenName, explanation, notes])
      await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(page.getByRole('region', { name: 'Notes' })).toContainText(
      'Try it with <script>no fence</script> next.',
    );

    await page.getByRole('button', { name: 'Run to end' }).click();
    const table = page.getByRole('region', { name: 'Trace table' });
    await expect(table).toContainText(/RangeID=\d/);
    await expect(table).not.toContainText(/\bfence[= ]\d/);
    await expect(page.getByRole('region', { name: 'Workers' })).toContainText(/RangeID \d/);
    const shows = page.getByRole('region', { name: 'What this scenario shows' });
    await expect(shows).toContainText('A’s late finish is refused.');
    const trace = await table.innerText();

    const fresh = await openShareLink(page, 6);
    await expect(fresh.getByText(/· token: RangeID/)).toBeVisible();
    await expect(fresh.getByRole('region', { name: 'Notes' })).toContainText(
      'Try it with <script>no fence</script> next.',
    );
    // The explanation is read after the run, as in the library.
    await expect(fresh.getByRole('region', { name: 'What this scenario shows' })).toHaveCount(0);
    await fresh.getByRole('button', { name: 'Run to end' }).click();
    const freshShows = fresh.getByRole('region', { name: 'What this scenario shows' });
    await expect(freshShows).toContainText('A’s late finish is refused.');
    expect(await freshShows.innerText()).toBe(await shows.innerText());
    expect(await fresh.getByRole('region', { name: 'Trace table' }).innerText()).toBe(trace);
    await fresh.close();
  });
});
