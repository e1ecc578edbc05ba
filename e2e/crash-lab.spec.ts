import { expect, seriousViolations, test } from './fixtures';

test('kill a worker after collect, a new worker takes over after the lease, evaluate passes', async ({
  page,
}) => {
  await page.goto('/practice/crash-lab');
  await expect(page.getByRole('heading', { level: 1, name: 'Crash lab' })).toBeVisible();
  await page.getByLabel('Lease length').selectOption('3');
  await page.getByRole('button', { name: 'New experiment' }).click();

  await page.getByRole('button', { name: 'Start a worker' }).click();
  const first = page.getByRole('listitem', { name: 'worker-1' });
  await expect(first.getByText('collect: checkpoint saved')).toBeVisible();
  await page.getByRole('button', { name: 'Kill worker-1' }).click();
  await expect(first).toContainText('killed');
  await expect(page.getByTestId('run-status')).toHaveText('running');
  await expect(page.getByRole('table', { name: /task: checkpoints \(1 row\)/ })).toContainText(
    'collect',
  );

  await page.getByRole('button', { name: 'Start a worker' }).click();
  const second = page.getByRole('listitem', { name: 'worker-2' });
  await expect(second).toContainText('waiting for the lease');
  await expect(second).toContainText('claimed the run: generation 2, resuming after collect', {
    timeout: 10_000,
  });
  await expect(second).toContainText('collect: checkpoint saved earlier, not redone');
  await expect(second).toContainText('succeeded: generation 2', { timeout: 15_000 });
  await expect(page.getByTestId('run-status')).toHaveText('succeeded');
  await expect(page.getByRole('table', { name: /publisher: receipts \(1 row\)/ })).toBeVisible();

  await page.getByRole('button', { name: 'Evaluate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All 7 checks passed.' })).toBeVisible();
  await expect(page.getByText('collect ran 1×, draft ran', { exact: false })).toBeVisible();
  // The filled-in page (logs, tables, verdicts) stays accessible, not only the empty one.
  expect(await seriousViolations(page)).toEqual([]);
});

test('a worker that dies at after_effect leaves the receipt; the next one is deduplicated', async ({
  page,
}) => {
  await page.goto('/practice/crash-lab');
  await page.getByLabel('Lease length').selectOption('3');
  await page.getByRole('button', { name: 'New experiment' }).click();
  await page.getByLabel('Fault point').selectOption('after_effect');
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const first = page.getByRole('listitem', { name: 'worker-1' });
  await expect(first).toContainText('died at after_effect', { timeout: 15_000 });
  await page.getByLabel('Fault point').selectOption('');
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const second = page.getByRole('listitem', { name: 'worker-2' });
  await expect(second).toContainText('the publisher answered duplicate', { timeout: 15_000 });
  await expect(second).toContainText('succeeded: generation 2');
  await page.getByRole('button', { name: 'Evaluate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All 7 checks passed.' })).toBeVisible();
});

test('a worker stalled inside publish wakes after a takeover and the publisher refuses it', async ({
  page,
}) => {
  await page.goto('/practice/crash-lab');
  await page.getByLabel('Lease length').selectOption('3');
  await page.getByRole('button', { name: 'New experiment' }).click();
  await page.getByLabel('Stall inside').selectOption('publish');
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const stale = page.getByRole('listitem', { name: 'worker-1' });
  await expect(stale).toContainText('publish: started (attempt 4) and stalls here', {
    timeout: 15_000,
  });

  await page.getByLabel('Stall inside').selectOption('');
  await page.getByRole('button', { name: 'Start a worker' }).click();
  const fresh = page.getByRole('listitem', { name: 'worker-2' });
  await expect(fresh).toContainText('succeeded: generation 2', { timeout: 15_000 });
  await expect(stale).toContainText(
    'fenced out at publish: refused: generation 1 is older than generation 2',
    {
      timeout: 15_000,
    },
  );
  await expect(
    page.getByRole('table', { name: /publisher: publish_requests \(2 rows\)/ }),
  ).toContainText('stale');

  await page.getByRole('button', { name: 'Evaluate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All 7 checks passed.' })).toBeVisible();
});
