import type { Page } from '@playwright/test';
import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';

/*
 * Issue 42 after the review: the database a learner's SQL runs on is bounded in SQLite's own
 * terms (lib/sqlite/db-bounds.ts). Before, in the built lab, `for(;;) db.run("INSERT INTO z
 * VALUES (zeroblob(5000000))")` ran 18-20 s and ended with the page's 4-second silence line (the
 * worker blocked in one call while sql.js's in-memory file grew past a gigabyte); the sandbox's
 * script of zeroblob inserts ended with its 3-second stop. Now each ends in one line naming the
 * bound, and the next run works.
 */

const labStatus = (page: Page) => page.locator('[data-testid="lab-output"] > p[role="status"]');

async function replaceText(page: Page, editor: string, source: string) {
  await page.getByRole('textbox', { name: editor }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
}

test('the claim lab: a loop that fills the database ends in the bound’s line, and the demo runs after', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await page.goto('/practice/claim-lab');
  await editorReady(page);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
  const program = `// @ts-nocheck\ndb.run("CREATE TABLE z(b)");\nfor (;;) db.run("INSERT INTO z VALUES (zeroblob(5000000))");`;
  await replaceText(page, 'Lab program editor', program);
  await expect(page.getByRole('button', { name: 'Reset to the original' })).toBeEnabled();
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(labStatus(page)).toHaveText(
    /^The lab's database holds at most 32 MB, and this statement would take it past that/,
    HEAVY_LOAD,
  );
  test
    .info()
    .annotations.push({ type: 'Run to the line', description: `${Date.now() - clicked} ms` });
  // Marked in the editor (on the call's line: lib/claim-lab/database-bounds.test.ts).
  await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
  await page.getByTestId('lab-output').screenshot({ path: 'test-results/database-bounds-lab.png' });
  await page.getByRole('button', { name: 'Reset to the original' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('verdict')).toHaveText('pass', HEAVY_LOAD);
});

test('the SQL sandbox: inserts past the bound and a value built without end each end in one line', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await page.goto('/practice/sql-sandbox');
  await editorReady(page);
  const status = page.getByTestId('console-status');
  const run = () => page.getByRole('button', { name: 'Run', exact: true }).click();

  const inserts = 'INSERT INTO z VALUES (zeroblob(10000000));\n'.repeat(8);
  await replaceText(page, 'SQL script editor', `CREATE TABLE z(b);\n${inserts}`);
  const clicked = Date.now();
  await run();
  await expect(status).toHaveText(
    /^SQLite error on line 5: The lab's database holds at most 32 MB, and this statement would take it past that/,
    HEAVY_LOAD,
  );
  test
    .info()
    .annotations.push({ type: 'Run to the line', description: `${Date.now() - clicked} ms` });
  await page.screenshot({ path: 'test-results/database-bounds-sandbox.png' });

  await replaceText(
    page,
    'SQL script editor',
    "WITH RECURSIVE c(x) AS (SELECT 'a' UNION ALL SELECT x || x FROM c)\nSELECT length(x) FROM c;",
  );
  await run();
  await expect(status).toHaveText(
    /^SQLite error on line 1: The lab's database works in at most 128 MB of memory/,
    HEAVY_LOAD,
  );

  await replaceText(page, 'SQL script editor', 'SELECT count(*) AS n FROM z;');
  await run();
  await expect(status).toHaveText(/^Ran 1 statement in/, HEAVY_LOAD);
  await expect(page.getByRole('table').first()).toContainText('3');
});

// Issue 42 review, F5: on the build before, `PRAGMA hard_heap_limit=1000000; SELECT 1;` ran ("Ran
// 2 statements"), and every later memory line still said 128 MB, Reset database or not.
test('the SQL sandbox: a script may not change the bounds or copy the database out of them', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await page.goto('/practice/sql-sandbox');
  await editorReady(page);
  const status = page.getByTestId('console-status');
  const run = () => page.getByRole('button', { name: 'Run', exact: true }).click();

  await replaceText(
    page,
    'SQL script editor',
    'SELECT 1;\nPRAGMA hard_heap_limit=1000000;\nSELECT 2;',
  );
  await run();
  await expect(status).toHaveText(
    /^SQLite error on line 2: PRAGMA hard_heap_limit sets one of the lab's own bounds on its database/,
    HEAVY_LOAD,
  );
  await page.screenshot({ path: 'test-results/database-bounds-pragma.png' });
  await replaceText(page, 'SQL script editor', "VACUUM INTO 'copy.db';");
  await run();
  await expect(status).toHaveText(/^SQLite error on line 1: VACUUM INTO writes a copy/, HEAVY_LOAD);
  // The heap bound is still the one the line names: 25 values of 1 MB fit in it.
  await replaceText(
    page,
    'SQL script editor',
    'CREATE TABLE m(b);\nINSERT INTO m SELECT zeroblob(1000000) FROM (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c LIMIT 25) SELECT i FROM c);\nPRAGMA hard_heap_limit;',
  );
  await run();
  await expect(status).toHaveText(/^Ran 3 statements in/, HEAVY_LOAD);
  await expect(page.getByRole('table').last()).toContainText('134217728');
});
