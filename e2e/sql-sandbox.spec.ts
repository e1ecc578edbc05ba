import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function replaceScript(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'SQL script editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/practice/sql-sandbox');
  await expect(page.locator('.monaco-editor')).toBeVisible();
  // The language worker is up when Monaco has tokenised the lesson's script.
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
});

test('the lesson script runs on real SQLite: the old finish changes 0 rows, the new one 1', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ran 5 statements' })).toBeVisible();
  const tables = page.getByRole('table');
  await expect(tables).toHaveCount(5);
  await expect(tables.nth(2)).toContainText('0 rows changed');
  await expect(tables.nth(3)).toContainText('1 row changed');
  await expect(tables.nth(4).getByRole('row').nth(1)).toContainText('done');
});

test('the editor accepts typing and Ctrl+Enter runs it', async ({ page }) => {
  await replaceScript(page, 'SELECT 40 + 2 AS answer;');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText(
    'SELECT 40 + 2 AS answer;',
  );
  await page.keyboard.press('ControlOrMeta+Enter');
  const grid = page.getByRole('table');
  await expect(grid.getByRole('columnheader', { name: 'answer' })).toBeVisible();
  await expect(grid.getByRole('cell', { name: '42' })).toBeVisible();
});

test('bad SQL shows SQLite’s message on the right line and marks it in the editor', async ({
  page,
}) => {
  await replaceScript(page, 'SELECT 1;\nSELECT 2;\nUPDAT runs SET owner = 1;');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'SQLite error on line 3' }),
  ).toContainText('syntax error');
  await expect(page.locator('.monaco-editor .squiggly-error')).toHaveCount(1);
});

test('an endless query is stopped, the worker replaced, and the page still reacts', async ({
  page,
}) => {
  await replaceScript(
    page,
    'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n;',
  );
  const started = Date.now();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stopped after 3 seconds' })).toBeVisible(
    { timeout: 8_000 },
  );
  expect(Date.now() - started).toBeLessThan(8_000);
  await replaceScript(page, 'SELECT owner, fence, status FROM runs;');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'queued' })).toBeVisible();
});

test('once loaded, the sandbox keeps working offline', async ({ page, context }) => {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ran 5 statements' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px codicon'))).toBe(true);
  await context.setOffline(true);
  await replaceScript(page, "SELECT 'still here' AS offline;");
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'still here' })).toBeVisible();
  await context.setOffline(false);
});
