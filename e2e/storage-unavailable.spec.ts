import { expect, freshStorage, test } from './fixtures';

// Issue 42 review (b8a7c8f): with window.localStorage throwing a SecurityError, the claim lab
// said on load "Your edits are kept in this browser, per exercise." and only after typing that
// storage was not available, without saying edits are gone on reload; /practice/timeline said
// nothing on load and, after a prediction, "Not saved: Browser storage is not available here..
// What you entered is still here." Every page now says on load what it cannot keep, in one
// sentence (lib/storage's STORAGE_UNAVAILABLE), and a refused save reads as one sentence.

test.beforeEach(async ({ page }) => {
  await freshStorage(page);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access to localStorage is denied.', 'SecurityError');
      },
    });
  });
});

const cannotKeep = /nothing you enter on this site is kept: it is gone when you reload/;

test('the claim lab says on load that edits are not kept', async ({ page }) => {
  await page.goto('/practice/claim-lab');
  const notice = page.getByRole('alert', { name: 'Browser storage unavailable' });
  await expect(notice).toHaveText(cannotKeep);
  await expect(page.getByText('Your edits are not kept')).toBeVisible();
  await expect(page.getByText('Your edits are kept in this browser')).toHaveCount(0);
});

test('the timeline says on load what it cannot keep, and a refused save in one sentence', async ({
  page,
}) => {
  await page.goto('/practice/timeline');
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Browser storage unavailable' })).toHaveText(
    cannotKeep,
  );
  await page
    .getByRole('group', { name: 'A claims the run', exact: true })
    .getByRole('radio', { name: 'Applied', exact: true })
    .check();
  const refused = page.getByRole('status').filter({ hasText: 'Not saved' });
  await expect(refused).toHaveText(/gone when you reload or leave the page\. What you entered/);
  await expect(refused).not.toHaveText(/\.\./);
});

// Review of 3cb040f (F7): with storage blocked the SQL sandbox said "All changes saved" under the
// editor on load, beside the page's notice that nothing is kept; the journal's answer box said
// the same. No box claims a save that cannot happen: from load it says what it cannot keep.
test('no box says its changes are saved on load when nothing can be saved', async ({ page }) => {
  const notSaved = /^Not saved: Browser storage is not available here/;
  await page.goto('/practice/sql-sandbox');
  await expect(page.getByRole('textbox', { name: 'SQL script editor' })).toBeVisible();
  await expect(page.locator('[data-save-state]')).toHaveText(notSaved);
  await page.screenshot({ path: 'test-results/blocked-sandbox-on-load.png', fullPage: true });

  await page.goto('/reflect');
  await expect(page.getByRole('textbox', { name: /^Your answer: / })).toBeVisible();
  await expect(page.getByText('All changes saved')).toHaveCount(0);
  await expect(page.locator('[data-saved]')).toHaveText(notSaved);
  await page.screenshot({ path: 'test-results/blocked-journal-on-load.png', fullPage: true });

  // The self-assessment saves to the records database (IndexedDB), which keeps a rating where
  // only local storage is blocked: it is back after a reload, and never said lost.
  await page.goto('/reflect/self-assessment');
  const group = page.getByRole('group', { name: 'Intermediate standard' });
  await expect(group.getByRole('status')).toHaveText('Not rated yet');
  await group.getByRole('radio', { name: 'Partly' }).check();
  await expect(group.getByRole('status')).toHaveText('All changes saved');
  await page.reload();
  const again = page.getByRole('group', { name: 'Intermediate standard' });
  await expect(again.getByRole('radio', { name: 'Partly' })).toBeChecked();
  await expect(again.getByRole('status')).toHaveText('All changes saved');
});
