import type { Page } from '@playwright/test';
import { expect, freshStorage, test } from './fixtures';

/*
 * What the timeline says about a step and about a run must be what happened (hostile review of
 * issue 39, findings 7, 8, 10, 11): the run-row panel reads the row at the step's time, an event
 * label claims nothing its step did not do, a run of an already-scored scenario says it is that
 * scored attempt instead of "Saving your result…", and a case file's run opened in the timeline
 * is practice that neither spends nor earns the case's first try.
 */

const ready = (page: Page, events: number) =>
  expect(page.getByRole('status').filter({ hasText: `Ready: ${events} events` })).toBeVisible();

async function openLibrary(page: Page, id: string, events: number) {
  await page.goto('/practice/timeline');
  await ready(page, 8);
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption(`lib:${id}`);
  await ready(page, events);
}

/** A builder scenario: the cancel does not fence, so A's finish after it moves the run on. */
const CANCEL_WITHOUT_FENCE = {
  version: 1,
  id: 'review-cancel',
  title: 'Cancel without fence',
  leaseSeconds: 5,
  design: 'cancel-without-fencing',
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { objectStore: 'overwrite', gateway: 'first-write' },
  events: [
    { id: 'a-claim', kind: 'claim', worker: 'A' },
    { id: 'a-w1', kind: 'gateway-write', worker: 'A', resource: 'report' },
    { id: 't2', kind: 'advance', seconds: 2 },
    { id: 'cancel', kind: 'cancel' },
    { id: 'a-w2', kind: 'gateway-write', worker: 'A', resource: 'report' },
    { id: 'a-fin', kind: 'finish', worker: 'A' },
    { id: 't6', kind: 'advance', seconds: 6 },
    { id: 'b-claim', kind: 'claim', worker: 'B' },
    { id: 'done', kind: 'cancel-complete' },
  ],
};

test('the run-row panel reads the row at the time the step leaves (not at the time it began)', async ({
  page,
}) => {
  await openLibrary(page, 'clock-offset', 6);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.getByRole('heading', { name: 'Run row at t=0' })).toBeVisible();
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.getByRole('status')).toContainText('Time moves 6 s');
  // Database time moved to 6: the row and the workers' clocks are read at 6.
  await expect(page.getByRole('heading', { name: 'Run row at t=6' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Workers' })).toContainText('its clock reads 2');
});

test('a completion of a cancel that finds nothing to complete is not labelled as completing', async ({
  page,
}) => {
  const hash = Buffer.from(JSON.stringify(CANCEL_WITHOUT_FENCE)).toString('base64url');
  await page.goto(`/practice/timeline#${hash}`);
  await ready(page, 9);
  await page.getByRole('button', { name: 'Run to end' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Nothing to complete' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('The cancel is asked to complete');
  await expect(page.getByRole('main')).not.toContainText('effects are reconciled');
});

test('an already-scored scenario run in a second tab says it is the scored attempt, not "Saving…"', async ({
  page,
}) => {
  await freshStorage(page);
  await openLibrary(page, 'acceptance', 8);
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByText('Result saved in your records.')).toBeVisible();

  const second = await page.context().newPage();
  await openLibrary(second, 'acceptance', 8);
  await second.getByRole('button', { name: 'Run to end' }).click();
  await expect(second.getByRole('heading', { name: /^Score: / })).toBeVisible();
  await expect(
    second.getByText(/Your first attempt at this scenario was already scored/),
  ).toBeVisible();
  await expect(second.getByText('Saving your result…')).toHaveCount(0);
  await second.close();
});

test('a case file’s run opened in the timeline is practice: it neither spends nor earns the case’s first try', async ({
  page,
}) => {
  await freshStorage(page);
  await page.goto('/learn/case-files/gc-pause-storage');
  await ready(page, 7);
  await expect(page.getByText(/practice there: not scored, not saved/)).toBeVisible();
  await page.getByRole('link', { name: 'Open in the timeline' }).click();
  await expect(page).toHaveURL(/\/practice\/timeline#/);
  await expect(page.getByRole('heading', { name: 'Pause-resume timeline' })).toBeVisible();
  await ready(page, 7);
  await expect(page.getByTestId('attempt-note')).toContainText('case file’s run');
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByRole('heading', { name: /^Score: 0 \/ 4/ })).toBeVisible();
  await expect(page.getByText(/^Practice: not scored and not saved/)).toBeVisible();

  await page.goto('/learn/case-files/gc-pause-storage');
  await ready(page, 7);
  // The case's first try is still to come: no first prediction, the form open, nothing told.
  await expect(page.getByTestId('case-after-locked')).toBeVisible();
  await expect(page.getByTestId('case-first-try')).toHaveCount(0);
  await expect(page.getByRole('radio').first()).toBeEnabled();
});
