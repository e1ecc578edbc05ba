import type { Page } from '@playwright/test';
import { LESSON_DEMO_OUTPUT } from '../lib/lease';
import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';

/*
 * Issue 42, after the hostile review, in the built lab: a bound value over 10,000,000 characters
 * is refused in one line on its line (F1); a loop of slow db calls ends in the engine's own
 * total-limit line, not the page's (F3); an error in async code is reported like a synchronous
 * one; and a program that prints the demo's lines without a database call does not pass. Steps
 * of one test on one load of the lab, each waiting on the status line of its own run.
 */

const status = (page: Page) => page.locator('[data-testid="lab-output"] > p[role="status"]');

async function runProgram(page: Page, source: string) {
  await page.getByRole('textbox', { name: 'Lab program editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
  // A new run's status replaces the last one; Reset makes it "Ready." between runs.
  await expect(page.getByRole('button', { name: 'Reset to the original' })).toBeEnabled();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

/** Screenshots of what the learner reads, in the light and the dark theme (test-results/). */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.getByTestId('lab-output').screenshot({
      path: `test-results/claim-lab-bounds-${name}-${colorScheme}.png`,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the claim lab: bound values, slow db loops, async errors and passes that rest on the database', async ({
  page,
}) => {
  test.setTimeout(8 * 60_000);
  await page.goto('/practice/claim-lab');
  await editorReady(page);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');

  await test.step('F1: a bound value over 10,000,000 characters is refused in one line, on its line', async () => {
    await runProgram(
      page,
      `// @ts-nocheck\ndb.run('CREATE TABLE z(v)');\ndb.run('INSERT INTO z VALUES (?)', ['y'.repeat(10_000_001)]);`,
    );
    await expect(status(page)).toHaveText(
      'Exception on line 3: RangeError: Parameter #1 is 10,000,001 characters long; the lab takes at most 10,000,000 characters in one value.',
      HEAVY_LOAD,
    );
  });

  await test.step('an error in async code is reported like a synchronous one, on its line', async () => {
    await runProgram(
      page,
      `async function finish() {\n  await null;\n  db.run('UPDATE missing SET x = 1');\n}\nfinish();`,
    );
    await expect(status(page)).toHaveText(
      /^SQLite error on line 3: no such table: missing/,
      HEAVY_LOAD,
    );
    await shoot(page, 'async-error');
  });

  await test.step('printing the demo’s lines without a database call does not pass', async () => {
    await runProgram(
      page,
      LESSON_DEMO_OUTPUT.map((l) => `print(${JSON.stringify(l)});`).join('\n'),
    );
    await expect(status(page)).toHaveText(/^Ran in/, HEAVY_LOAD);
    await expect(page.getByTestId('verdict')).toHaveText(
      'fail: the printed lines match, but the database never decided A’s claim with fence 1, applied',
    );
    await shoot(page, 'no-database');
  });

  await test.step('F3: a loop of slow db calls ends in the engine’s total-limit line', async () => {
    await runProgram(page, `for (;;) db.get("SELECT hex(zeroblob(5000000)) AS y");`);
    // The engine's line (the program was running), not the page's (it ended the worker).
    await expect(status(page)).toHaveText(
      /^Stopped after 30 seconds: the program was still making database calls or printing/,
      { timeout: 180_000 },
    );
    // The lab runs the next program.
    await page.getByRole('button', { name: 'Reset to the original' }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('verdict')).toHaveText('pass', HEAVY_LOAD);
  });
});
