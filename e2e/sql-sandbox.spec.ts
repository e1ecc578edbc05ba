import type { Page } from '@playwright/test';
import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';

async function replaceScript(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'SQL script editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

// The sandbox's journeys are steps of one test on one load of the page (each loaded it, Monaco
// and SQLite on its own): the lesson's script first, as the page opens with it; going offline
// last, as it changes the network. Each step waits for a state of its own run.
test('the sandbox: the lesson script on real SQLite, typing and bad SQL, an endless query stopped, and offline', async ({
  page,
  context,
}) => {
  await page.goto('/practice/sql-sandbox');
  await editorReady(page);
  // The language worker is up when Monaco has tokenised the lesson's script.
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');

  await test.step('the lesson script runs on real SQLite (the old finish changes 0 rows, the new one 1)', async () => {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ran 5 statements' })).toBeVisible();
    const tables = page.getByRole('table');
    await expect(tables).toHaveCount(5);
    await expect(tables.nth(2)).toContainText('0 rows changed');
    await expect(tables.nth(3)).toContainText('1 row changed');
    await expect(tables.nth(4).getByRole('row').nth(1)).toContainText('done');
  });

  await test.step('the editor accepts typing, Ctrl+Enter runs it, and bad SQL is marked on its line', async () => {
    await replaceScript(page, 'SELECT 40 + 2 AS answer;');
    await expect(page.locator('.monaco-editor .view-lines')).toContainText(
      'SELECT 40 + 2 AS answer;',
    );
    await page.keyboard.press('ControlOrMeta+Enter');
    const grid = page.getByRole('table');
    await expect(grid.getByRole('columnheader', { name: 'answer' })).toBeVisible();
    await expect(grid.getByRole('cell', { name: '42' })).toBeVisible();

    await replaceScript(page, 'SELECT 1;\nSELECT 2;\nUPDAT runs SET owner = 1;');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'SQLite error on line 3' }),
    ).toContainText('syntax error');
    await expect(page.locator('.monaco-editor .squiggly-error')).toHaveCount(1);

    // The editor features the app picks from Monaco (components/code-editor/monaco-api.ts) are
    // there. SQL is coloured with the lesson theme's keyword colour:
    await expect(
      page
        .locator('.monaco-editor .view-line span span')
        .filter({ hasText: /^SELECT$/ })
        .first(),
    ).toHaveCSS('color', 'rgb(11, 79, 179)');
    // F8 shows the next problem marked in the editor, Escape closes it.
    await page.getByRole('textbox', { name: 'SQL script editor' }).focus();
    await page.keyboard.press('F8');
    await expect(page.locator('.monaco-editor .marker-widget')).toContainText('syntax error');
    await page.keyboard.press('Escape');
    await expect(page.locator('.monaco-editor .marker-widget')).toHaveCount(0);
    // Find counts the matches.
    await page.keyboard.press('ControlOrMeta+F');
    const find = page.getByRole('textbox', { name: 'Find' });
    await expect(find).toBeFocused();
    await find.fill('SELECT');
    await expect(page.locator('.monaco-editor .find-widget .matchesCount')).toHaveText(
      /^[12] of 2$/,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('textbox', { name: 'SQL script editor' })).toBeFocused();
    // Ctrl+M: Tab then leaves the editor instead of inserting a tab, for keyboard users.
    await page.keyboard.press('Control+M');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'SQL script editor' })).not.toBeFocused();
  });

  await test.step('an endless query is stopped, the worker replaced, and the page still reacts', async () => {
    await replaceScript(
      page,
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n;',
    );
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // The sandbox's own 3-second limit stops the query; the test only waits for that state.
    await expect(
      page.getByRole('status').filter({ hasText: 'Stopped after 3 seconds' }),
    ).toBeVisible(HEAVY_LOAD);
    await replaceScript(page, 'SELECT owner, fence, status FROM runs;');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('cell', { name: 'queued' })).toBeVisible();
  });

  await test.step('once loaded, the sandbox keeps working offline', async () => {
    // Monaco starts its editor worker only when a feature needs it; word suggestions are computed there, so once they show, the worker's
    // scripts have loaded (and are cached) before the network goes away.
    await page.getByRole('textbox', { name: 'SQL script editor' }).focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('own');
    await page.keyboard.press('Control+Space');
    await expect(page.locator('.suggest-widget')).toContainText('owner');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px codicon'))).toBe(true);
    await context.setOffline(true);
    await replaceScript(page, "SELECT 'still here' AS offline;");
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('cell', { name: 'still here' })).toBeVisible();
    await context.setOffline(false);
  });
});
