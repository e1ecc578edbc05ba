import type { Page } from '@playwright/test';
import { DEMO_PROGRAM } from '../content/claim-lab/programs';
import { COMMIT_CONDITIONS, conditionSql, RUNS_TABLE } from '../lib/lease';
import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';

/*
 * Issue 38: the claim lab's verdict reads the learner's edited SQL. Each of the lesson's four
 * conditions deleted from the demo's FINISH in turn: the run still passes (another condition
 * refuses A's stale finish), and the verdict names exactly the one now missing, its SQL and
 * what it refuses; with all four back it names all four. Steps of one test on one load of the
 * lab (a load is about 6 s of CPU).
 */

async function replaceProgram(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Lab program editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

const NAME = { owner: 'owner', fence: 'fence', lease: 'lease', status: 'status' } as const;

test('deleting one condition from the FINISH: the verdict names exactly what is missing', async ({
  page,
}) => {
  test.setTimeout(6 * 60_000);
  await page.goto('/practice/claim-lab');
  await editorReady(page);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
  const checks = page.getByTestId('verdict-checks');
  for (const c of COMMIT_CONDITIONS) {
    await test.step(`without ${NAME[c]}`, async () => {
      const sql = conditionSql(c, RUNS_TABLE);
      const edited = DEMO_PROGRAM.replace(`AND ${sql}`, '').replace(`${sql} AND`, '');
      expect(edited).not.toBe(DEMO_PROGRAM);
      await replaceProgram(page, edited);
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(checks).toContainText(`it does not check ${NAME[c]} (${sql})`, HEAVY_LOAD);
      await expect(page.getByTestId('verdict')).toHaveText('pass');
      for (const other of COMMIT_CONDITIONS.filter((x) => x !== c))
        await expect(checks).not.toContainText(`(${conditionSql(other, RUNS_TABLE)})`);
      // What the learner sees (test-results is not kept): the verdict box over the output.
      if (c === 'fence')
        await page.screenshot({ path: 'test-results/claim-lab-without-fence.png' });
    });
  }
  await test.step('all four back: the verdict names all four', async () => {
    await page.getByRole('button', { name: 'Reset to the original' }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(checks).toHaveText(
      'The finish checks owner, fence, lease and status in the same statement that writes.',
      HEAVY_LOAD,
    );
  });
});
