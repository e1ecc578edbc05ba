import type { Page } from '@playwright/test';
import { expect, freshStorage, test } from './fixtures';

const choose = (page: Page, write: string, choice: string) =>
  page
    .getByRole('group', { name: write, exact: true })
    .getByRole('radio', { name: choice, exact: true });

// A learner predicts, leaves before running, comes back, then reloads: the choices are still
// there until the run.
//
// The three journeys run as steps of one test, in one page, instead of three tests: each fresh
// context and first load of the app in a new renderer was most of a journey's CPU time. Each step
// starts from a first visit's storage (freshStorage: no drafts of the step before) and loads its
// own page, keeping every check it had as a test of its own.
test('predictions not yet run or checked survive leaving the page and a reload: the timeline, a case file, a common mistake', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(3 * 120_000);
  await test.step('timeline predictions not yet run survive leaving the page and a reload', async () => {
    await freshStorage(page);
    await page.goto('/practice/timeline');
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
    await choose(page, 'A claims the run', 'Applied').check();
    await choose(page, 'A submits (finish)', 'Refused').check();
    // Leave at once by a link inside the app, then come back.
    await page
      .getByRole('navigation', { name: 'Modes' })
      .getByRole('link', { name: 'Practice' })
      .click();
    await expect(page).toHaveURL(/\/practice$/);
    await page.goBack();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
    await expect(choose(page, 'A claims the run', 'Applied')).toBeChecked();
    await expect(choose(page, 'A submits (finish)', 'Refused')).toBeChecked();
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
    await expect(choose(page, 'A claims the run', 'Applied')).toBeChecked();
    await expect(choose(page, 'A submits (finish)', 'Refused')).toBeChecked();
    await expect(choose(page, 'B claims the run', 'Applied')).not.toBeChecked();
  });
  await test.step('a case-file prediction not yet run survives a reload', async () => {
    await freshStorage(page);
    await page.goto('/learn/case-files/gc-pause-storage');
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 7 events' })).toBeVisible();
    await choose(page, 'A writes storage through the gateway', 'Refused').check();
    // Reload at once, before the autosave pause: leaving the page saves.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 7 events' })).toBeVisible();
    await expect(choose(page, 'A writes storage through the gateway', 'Refused')).toBeChecked();
  });
  await test.step('a common-mistakes prediction not yet checked survives leaving the page and a reload', async () => {
    await freshStorage(page);
    await page.goto('/learn/mistakes');
    const prediction = page.getByRole('article', {
      name: /Generating tokens at random.*what happens/,
    });
    const bReport = prediction
      .getByRole('group', { name: /B’s report at 7/ })
      .getByRole('button', { name: 'Applied' });
    await bReport.click();
    await expect(bReport).toHaveAttribute('aria-pressed', 'true');
    await page
      .getByRole('navigation', { name: 'Modes' })
      .getByRole('link', { name: 'Learn' })
      .click();
    await expect(page).toHaveURL(/\/learn$/);
    await page.goBack();
    await expect(bReport).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(bReport).toHaveAttribute('aria-pressed', 'true');
  });
});
