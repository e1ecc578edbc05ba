import type { Page } from '@playwright/test';
import { expect, freshStorage, reloadWhenSaved, test } from './fixtures';

const choice = (page: Page, write: string, outcome: string) =>
  page
    .getByRole('group', { name: write, exact: true })
    .getByRole('radio', { name: outcome, exact: true });

// The two journeys run as steps of one test, in one page, instead of two tests: each fresh
// context and first load of the app in a new renderer was most of a journey's CPU time. Each step
// starts from a first visit's storage (freshStorage: no prediction or score of the step before)
// and loads its own page, keeping every check it had as a test of its own.
test('a prediction is fixed once an outcome is shown: on the timeline, even after stepping back; in a case file, scored on the first try', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(2 * 120_000);
  await test.step('a timeline prediction cannot change once the first outcome is shown, not even after stepping back', async () => {
    await freshStorage(page);
    await page.goto('/practice/timeline');
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
    await choice(page, 'A claims the run', 'Applied').check();
    await choice(page, 'A submits (finish)', 'Applied').check();
    await expect(choice(page, 'A submits (finish)', 'Refused')).toBeEnabled();

    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(page.getByTestId('predictions-locked')).toBeVisible();
    const radios = page.getByRole('radio');
    const count = await radios.count();
    expect(count).toBe(16);
    for (let i = 0; i < count; i += 1) await expect(radios.nth(i)).toBeDisabled();

    // Stepping back does not reopen them either.
    await page.getByRole('button', { name: 'Step back' }).click();
    await expect(choice(page, 'A submits (finish)', 'Refused')).toBeDisabled();
    await expect(choice(page, 'A submits (finish)', 'Applied')).toBeChecked();
    // The attempt was scored when its first outcome showed: after a reload it is what shows,
    // locked, and running it again replays it.
    await expect(page.getByRole('status').filter({ hasText: /Ready|Step/ })).toHaveAttribute(
      'data-saved',
      'saved',
    );
    await page.reload();
    await expect(choice(page, 'A submits (finish)', 'Applied')).toBeChecked();
    await expect(choice(page, 'A submits (finish)', 'Refused')).toBeDisabled();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('heading', { name: /^Score: 1 \/ 4/ })).toBeVisible();
  });
  await test.step('a case-file prediction is scored on the first try; its summary and what fixed it open only after it', async () => {
    await freshStorage(page);
    await page.goto('/learn/case-files/gc-pause-storage');
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 7 events' })).toBeVisible();
    // Before predicting: neither the run's summary nor what fixed it can be opened.
    await expect(page.getByTestId('case-fixed-locked')).toBeVisible();
    await expect(page.getByText('Show what fixed it')).toHaveCount(0);
    await expect(page.getByText(/a summary of this run opens after your prediction/)).toBeVisible();

    // A first prediction with one write wrong.
    await choice(page, 'A claims the run', 'Applied').check();
    await choice(page, 'B claims the run', 'Applied').check();
    await choice(page, 'B writes storage through the gateway', 'Applied').check();
    await choice(page, 'A writes storage through the gateway', 'Applied').check();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('heading', { name: /^Score: 3 \/ 4/ })).toBeVisible();
    await expect(page.getByTestId('case-first-try')).toContainText('3 / 4');
    await expect(page.getByText(/a summary of this run opens/)).toHaveCount(0);
    // What fixed it tells how the other runs end too: it waits until they have been run.
    await expect(page.getByTestId('case-fixed-locked')).toContainText('1 of 3 run so far');
    await expect(page.getByText('Show what fixed it')).toHaveCount(0);

    // After a reload the scored marks show, locked; "Start over" begins a practice attempt. A
    // second, right try is shown, but the first one stays the score.
    await reloadWhenSaved(page);
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 7 events' })).toBeVisible();
    await expect(choice(page, 'A writes storage through the gateway', 'Applied')).toBeChecked();
    await expect(choice(page, 'A writes storage through the gateway', 'Refused')).toBeDisabled();
    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByTestId('attempt-note')).toContainText('practice, not scored');
    await choice(page, 'A claims the run', 'Applied').check();
    await choice(page, 'B claims the run', 'Applied').check();
    await choice(page, 'B writes storage through the gateway', 'Applied').check();
    await choice(page, 'A writes storage through the gateway', 'Refused').check();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('heading', { name: /^Score: 4 \/ 4/ })).toBeVisible();
    await expect(page.getByText('Result saved in your records.')).toBeVisible();
    await expect(page.getByTestId('case-first-try')).toContainText('3 / 4');

    // The other two runs, each run to its end: only then have every run's outcomes been shown.
    for (const [run, events, left] of [
      ['Client 2 has not written yet', 8, '2 of 3 run so far'],
      ['Token 34 registered at takeover', 8, null],
    ] as const) {
      await page.getByRole('button', { name: run }).click();
      await expect(
        page.getByRole('status').filter({ hasText: `Ready: ${events} events` }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Run to end' }).click();
      await expect(page.getByText('Result saved in your records.')).toBeVisible();
      if (left) {
        await expect(page.getByTestId('case-fixed-locked')).toContainText(left);
        await expect(page.getByText('Show what fixed it')).toHaveCount(0);
      }
    }
    await page.getByText('Show what fixed it').click();
    await expect(page.getByText('Registering the new token at the resource')).toBeVisible();
  });
});
