import type { Page } from '@playwright/test';
import { DROP_STARTER } from '../content/claim-lab/programs';
import { expect, test } from './fixtures';

const EDITOR = 'Lab program editor';

async function replaceProgram(page: Page, text: string) {
  await page.getByRole('textbox', { name: EDITOR }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** The records database file as text (SQLite stores text uncompressed), or '' if missing. */
async function recordsText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('lease-lab');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('blobs')) return resolve('');
          const get = db.transaction('blobs').objectStore('blobs').get('lease-lab.records.v1');
          get.onsuccess = () =>
            resolve(get.result ? new TextDecoder('latin1').decode(get.result as Uint8Array) : '');
          get.onerror = () => resolve('');
        };
      }),
  );
}

const runButton = (page: Page) => page.getByRole('button', { name: 'Run', exact: true });
const runStatus = (page: Page) => page.getByRole('status').first();

test.beforeEach(async ({ page }) => {
  await page.goto('/practice/claim-lab');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE jobs');
});

test('Run shows the three expected lines and pass, and the jobs row after every step', async ({
  page,
}) => {
  await runButton(page).click();
  await expect(page.getByTestId('verdict')).toHaveText('pass', { timeout: 20_000 });
  const output = page.getByRole('table', { name: 'Your output beside the expected output' });
  for (const line of ['1 2', 'old: 0', 'new: 1']) {
    await expect(output.getByRole('row').filter({ hasText: line })).toContainText('✓ same');
  }
  // Step 4 is B's claim at 6: the moment A loses the job.
  const steps = page
    .getByRole('region', { name: 'The jobs table after each write' })
    .getByRole('listitem');
  await expect(steps).toHaveCount(6);
  await expect(page.getByRole('table', { name: 'jobs after step 4' }).getByRole('cell')).toHaveText(
    ['r', 'B (changed from A)', '11 (changed from 5)', '2 (changed from 1)', 'running'],
  );
  // The console reads the database the run left behind.
  await page.getByRole('button', { name: 'Run SQL' }).click();
  const console = page.getByRole('region', { name: 'Look inside the database' });
  await expect(console.getByRole('cell', { name: 'done', exact: true })).toBeVisible();
});

test('deleting the fence check lets the stale finish print old: 1 and solves the challenge', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Drop one condition' }).click();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('fresh process');
  await replaceProgram(page, DROP_STARTER.replace(' AND fence = $token', ''));
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByText('Challenge solved.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Lines the program must print' })).toContainText(
    'old: 1',
  );
  await expect(page.getByRole('button', { name: /Drop one condition\s*✓ solved/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /fence = \$token/ })).toContainText(
    'let old: 1 through',
  );
  // The solve is in the records database's activity log (SQLite bytes in IndexedDB).
  await expect.poll(() => recordsText(page), { timeout: 10_000 }).toContain('lab.challenge.solved');
  expect(await recordsText(page)).toContain('drop-one-condition');
  // The edit and the progress survive a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: /Drop one condition\s*✓ solved/ })).toBeVisible();
  await page.getByRole('button', { name: /Drop one condition/ }).click();
  await expect(page.getByRole('button', { name: 'Reset to the original' })).toBeEnabled();
  await page.getByRole('button', { name: 'Reset to the original' }).click();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('AND fence = $token');
});

test('an endless loop is stopped within the limit and the page still reacts', async ({ page }) => {
  await replaceProgram(page, 'let n = 0;\nwhile (true) {\n  n++;\n}\n');
  await runButton(page).click();
  await expect(runStatus(page)).toHaveText('Running…', { timeout: 20_000 });
  const started = Date.now();
  // While the loop spins in the worker, the page takes typing.
  const sqlConsole = page.getByRole('textbox', { name: 'SQL console' });
  await sqlConsole.fill('SELECT 40 + 2 AS answer;');
  await expect(sqlConsole).toHaveValue('SELECT 40 + 2 AS answer;');
  await expect(runStatus(page)).toContainText('Stopped after 4 seconds', { timeout: 15_000 });
  expect(Date.now() - started).toBeLessThan(9_000);
  // The replaced worker runs the next program.
  await page.getByRole('button', { name: 'Reset to the original' }).click();
  await runButton(page).click();
  await expect(page.getByTestId('verdict')).toHaveText('pass', { timeout: 20_000 });
});

test('bad SQL shows SQLite’s message on the line of the db call', async ({ page }) => {
  await replaceProgram(
    page,
    "print('start');\ndb.run('CREATE TABLE jobs(id TEXT)');\ndb.run('INSRT INTO jobs VALUES (1)');\n",
  );
  await runButton(page).click();
  await expect(runStatus(page)).toContainText('SQLite error on line 3', { timeout: 20_000 });
  await expect(runStatus(page)).toContainText('syntax error');
  await expect(page.locator('.monaco-editor .squiggly-error')).toHaveCount(1);
  // A runtime exception names its own line too.
  await replaceProgram(
    page,
    "const job: { owner?: { name: string } } = {};\nprint('start');\nprint(job.owner!.name);\n",
  );
  await runButton(page).click();
  await expect(runStatus(page)).toContainText('Exception on line 3: TypeError', {
    timeout: 20_000,
  });
});

test('a type error is shown before running', async ({ page }) => {
  await replaceProgram(page, "const n: number = db.run('SELECT 1', true);\nprint(n);\n");
  await runButton(page).click();
  await expect(runStatus(page)).toContainText('Not run: fix this type error first. Line 1', {
    timeout: 20_000,
  });
});

test('the program cannot reach the page, stored data or the network', async ({ page }) => {
  await replaceProgram(
    page,
    'const g = globalThis as unknown as Record<string, unknown>;\nprint(typeof g.document, typeof g.indexedDB, typeof g.fetch, typeof g.localStorage, typeof g.postMessage);\n',
  );
  await runButton(page).click();
  await expect(page.getByRole('region', { name: 'Output' }).locator('pre')).toHaveText(
    'undefined undefined undefined undefined undefined',
    {
      timeout: 20_000,
    },
  );
});
