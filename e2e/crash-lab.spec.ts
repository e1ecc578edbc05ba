import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The crash lab's workers run on timers and a lease counts down in database time. These tests
// never race those timers: a worker started "Step by step" pauses inside every step until Step
// is pressed, so each test acts at an exact point. What still takes wall-clock time (a lease
// running out) is waited for as a state with a generous limit.
const LEASE_AND_STEPS = { timeout: 45_000 };

async function openLab(page: Page) {
  await page.goto('/practice/crash-lab');
  await expect(page.getByRole('heading', { level: 1, name: 'Crash lab' })).toBeVisible();
  await expect(page.getByTestId('run-status')).toHaveText('queued');
}

/** Presses Step on a paused step-by-step worker and waits until it pauses in the next step. */
async function stepInto(page: Page, owner: string, next: string) {
  const worker = page.getByRole('listitem', { name: owner });
  await worker.getByRole('button', { name: `Step ${owner}` }).click();
  await expect(worker).toHaveAttribute('data-paused', next);
}

test('kill a worker after collect, a new worker takes over after the lease, evaluate passes', async ({
  page,
}) => {
  await openLab(page);
  await page.getByRole('checkbox', { name: 'Step by step' }).check();
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const first = page.getByRole('listitem', { name: 'worker-1' });
  await expect(first).toHaveAttribute('data-paused', 'collect');
  await stepInto(page, 'worker-1', 'draft');
  await expect(first.getByText('collect: checkpoint saved')).toBeVisible();
  await page.getByRole('button', { name: 'Kill worker-1' }).click();
  await expect(first).toContainText('killed during draft');
  await expect(page.getByTestId('run-status')).toHaveText('running');
  await expect(page.getByRole('table', { name: /task: checkpoints \(1 row\)/ })).toContainText(
    'collect',
  );

  await page.getByRole('checkbox', { name: 'Step by step' }).uncheck();
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const second = page.getByRole('listitem', { name: 'worker-2' });
  await expect(second).toContainText(
    'claimed the run: generation 2, resuming after collect',
    LEASE_AND_STEPS,
  );
  await expect(second).toContainText('collect: checkpoint saved earlier, not redone');
  await expect(second).toContainText('succeeded: generation 2', LEASE_AND_STEPS);
  await expect(page.getByTestId('run-status')).toHaveText('succeeded');
  await expect(page.getByRole('table', { name: /publisher: receipts \(1 row\)/ })).toBeVisible();

  await page.getByRole('button', { name: 'Evaluate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All 7 checks passed.' })).toBeVisible();
  await expect(page.getByText('collect ran 1×, draft ran', { exact: false })).toBeVisible();
});

test('a worker that dies at after_effect leaves the receipt; the next one is deduplicated', async ({
  page,
}) => {
  await openLab(page);
  await page.getByLabel('Fault point').selectOption('after_effect');
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const first = page.getByRole('listitem', { name: 'worker-1' });
  await expect(first).toContainText('died at after_effect', LEASE_AND_STEPS);
  await page.getByLabel('Fault point').selectOption('');
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const second = page.getByRole('listitem', { name: 'worker-2' });
  await expect(second).toContainText('the publisher answered duplicate', LEASE_AND_STEPS);
  await expect(second).toContainText('succeeded: generation 2', LEASE_AND_STEPS);
  await page.getByRole('button', { name: 'Evaluate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All 7 checks passed.' })).toBeVisible();
});

test('a worker paused inside publish goes on after a takeover and the publisher refuses it', async ({
  page,
}) => {
  await openLab(page);
  await page.getByRole('checkbox', { name: 'Step by step' }).check();
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const stale = page.getByRole('listitem', { name: 'worker-1' });
  await expect(stale).toHaveAttribute('data-paused', 'collect');
  await stepInto(page, 'worker-1', 'draft');
  await stepInto(page, 'worker-1', 'verify');
  await stepInto(page, 'worker-1', 'publish');
  await expect(stale).toContainText('publish: started (attempt 4)');

  await page.getByRole('checkbox', { name: 'Step by step' }).uncheck();
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const fresh = page.getByRole('listitem', { name: 'worker-2' });
  await expect(fresh).toContainText('succeeded: generation 2', LEASE_AND_STEPS);

  await stale.getByRole('button', { name: 'Step worker-1' }).click();
  await expect(stale).toContainText(
    'fenced out at publish: refused: generation 1 is older than generation 2',
  );
  await expect(
    page.getByRole('table', { name: /publisher: publish_requests \(2 rows\)/ }),
  ).toContainText('stale');

  await page.getByRole('button', { name: 'Evaluate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All 7 checks passed.' })).toBeVisible();
});
