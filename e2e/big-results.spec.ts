import { editorReady, expect, test } from './fixtures';
import { expectNoLongTask, longTaskMark, recordLongTasks } from './long-tasks';
import { reportLongest, settled } from './doors';
import {
  insertAsOneEvent,
  LAB_EDITOR,
  output,
  plant,
  PROGRAMS_KEY,
  runPlanted,
  showMoreByKeyboard,
  SQL_EDITOR,
  step,
  openEditor,
} from './lab-input';

// Issues 41 and 42: big results are drawn lazily (the first screenful, a count, more on request).
// Each case is a program or an input a learner could give; each is measured from its own mark by
// Chromium's trace, after the page has loaded, and no main-thread task of it may reach 200 ms of
// CPU. The hostile probe's own inputs of issue 42 (points 2 and 3: text in one input event,
// typed text, 200 and 500 inserts, console.log of 50 MB) are replayed by fuzz-doors.spec.ts.

// Playwright's trace snapshots the DOM at every action: long tasks of the test's own on a big page.
test.use({ trace: 'off' });

const fresh = (name: string) => `DROP TABLE IF EXISTS ${name}`;

test('the claim lab: big outputs and type errors stay under 200 ms a task, show a first screenful with a count, and more by keyboard', async ({
  page,
}) => {
  test.setTimeout(7 * 120_000);
  const failures: string[] = [];
  await openEditor(page, '/practice/claim-lab');

  await step(failures, '500 rows printed as a table', async () => {
    await plant(
      page,
      `// @ts-nocheck
for (let i = 0; i < 500; i++)
  print(['| ' + String(i).padStart(4), 'worker-' + String(i).padEnd(4), 'x'.repeat(60), '|'].join(' | '));`,
    );
    const from = await runPlanted(page, /^Ran in/);
    await reportLongest(page, from, 'claim lab: 500 rows printed as a table');
    await expectNoLongTask(page, from, 200, '500 rows printed as a table');
    const panel = output(page);
    const counts = panel.getByTestId('shown-count');
    await expect(counts).toHaveText([
      'Showing lines 1–20 of 500.',
      'Showing printed lines 1–50 of 500.',
    ]);
    const more = await showMoreByKeyboard(page, panel);
    await expect(counts.first()).toHaveText('Showing lines 1–120 of 500.');
    await expect(panel.getByRole('table').locator('tbody tr')).toHaveCount(120);
    await settled(page);
    await expectNoLongTask(page, more, 200, '500 printed rows, show more');
  });

  await step(failures, 'an endless print loop is stopped, and its lines drawn lazily', async () => {
    await plant(page, `// @ts-nocheck\nfor (;;) print('again and again');`);
    const from = await runPlanted(page, /^Output stopped after|^Exception|^Ran in/);
    await reportLongest(page, from, 'claim lab: endless print loop');
    await expectNoLongTask(page, from, 200, 'an endless print loop');
  });

  await step(
    failures,
    'a SELECT of 2,000 columns with 1,000-character names, printed and in the console',
    async () => {
      await plant(
        page,
        `// @ts-nocheck
const names = Array.from({ length: 2000 }, (_, i) => 'c' + i + '_' + 'n'.repeat(1000));
db.run('${fresh('wide')}');
db.run('CREATE TABLE wide(' + names.join(', ') + ')');
db.run('INSERT INTO wide DEFAULT VALUES');
print(db.all('SELECT ' + names.map((n) => "'v' AS " + n).join(', ')));`,
      );
      const from = await runPlanted(page, /^Ran in/);
      await reportLongest(page, from, 'claim lab: SELECT of 2,000 long columns, printed');
      await expectNoLongTask(page, from, 200, 'a SELECT of 2,000 long columns, printed');
      await page.getByRole('textbox', { name: 'SQL console' }).fill('SELECT * FROM wide;');
      const console = await longTaskMark(page);
      await page.getByRole('button', { name: 'Run SQL' }).click();
      await expect(page.getByText('Ran 1 statement on the program’s database.')).toBeVisible();
      await settled(page);
      await reportLongest(page, console, 'claim lab console: SELECT * of 2,000 long columns');
      await expectNoLongTask(page, console, 200, 'the console: SELECT * of 2,000 long columns');
    },
  );

  await step(failures, '2,401 type errors: the first 20 listed with a count', async () => {
    await plant(page, `const wrong: number[] = [${"'x', ".repeat(2_401)}];\nprint(wrong);`);
    const from = await runPlanted(page, /^Not run: fix these/);
    await reportLongest(page, from, 'claim lab: 2,401 type errors');
    await expectNoLongTask(page, from, 200, '2,401 type errors');
    const errors = page.getByRole('list', { name: 'Type errors' });
    await expect(errors.getByRole('listitem')).toHaveCount(20);
    await expect(output(page).getByTestId('shown-count')).toHaveText(
      /^Showing type errors 1–20 of 2,401\.$/,
    );
    const more = await showMoreByKeyboard(page, output(page));
    await expect(errors.getByRole('listitem')).toHaveCount(40);
    await settled(page);
    await expectNoLongTask(page, more, 200, '2,401 type errors, show more');
  });

  await step(failures, 'a program typed and left at once is kept', async () => {
    await insertAsOneEvent(page, LAB_EDITOR, "print('kept when leaving at once');\n");
    await page.goto('/');
    await page.goto('/practice/claim-lab');
    await editorReady(page);
    await expect(page.locator('.monaco-editor .view-lines')).toContainText(
      "print('kept when leaving at once');",
    );
  });

  expect(failures, 'the cases that failed').toEqual([]);
});

test('the SQL sandbox: a 500-row result shows a first screenful, a count, and more by keyboard', async ({
  page,
}) => {
  test.setTimeout(2 * 120_000);
  const failures: string[] = [];
  await openEditor(page, '/practice/sql-sandbox');
  await step(
    failures,
    'a 500-row result: a first screenful, a count, and more by keyboard',
    async () => {
      await insertAsOneEvent(
        page,
        SQL_EDITOR,
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 500) SELECT i, printf('%.100c', 'x') AS pad, i * 2 AS twice FROM n;`,
      );
      const from = await longTaskMark(page);
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByTestId('console-status')).toHaveText(/^Ran 1 statement/);
      await settled(page);
      await reportLongest(page, from, 'sandbox: 500 rows');
      await expectNoLongTask(page, from, 200, 'a 500-row result');
      const results = page.locator('section[aria-labelledby="results-heading"]');
      const count = results.getByTestId('shown-count');
      await expect(count).toHaveText('Showing rows 1–20 of 500.');
      await expect(results.locator('tbody tr')).toHaveCount(20);
      const more = await showMoreByKeyboard(page, results);
      await expect(count).toHaveText('Showing rows 1–353 of 500.');
      await expect(results.locator('tbody tr')).toHaveCount(353);
      await page.keyboard.press('Enter');
      await expect(count).toHaveText('Showing rows 1–500 of 500.');
      // The button is gone with the last batch; focus is on the count, not dropped on the page.
      await expect(count).toBeFocused();
      await settled(page);
      await expectNoLongTask(page, more, 200, 'a 500-row result, show more');
    },
  );
  expect(failures, 'the cases that failed').toEqual([]);
});

test('a saved 200,000-character program is shown at once by the preview, with no load task of 1 s', async ({
  page,
}) => {
  await page.goto('/manifest.webmanifest');
  await page.evaluate(
    (key) => localStorage.setItem(key, JSON.stringify({ demo: 'SELECT 1;\n'.repeat(19_999) })),
    PROGRAMS_KEY,
  );
  await recordLongTasks(page);
  await page.goto('/practice/claim-lab');
  await expect(page.getByTestId('code-preview')).toContainText('SELECT 1;');
  await expect(page.locator('[data-live="true"]')).toHaveCount(1);
  await settled(page);
  // The load of the lab has its own tasks of 100-440 ms on this machine, so the bound here is
  // 1 s: the preview coloured every token of it before (40,000 elements), a 22.8 s task.
  await reportLongest(page, 0, 'claim lab: load with a saved 200,000-character program');
  await expectNoLongTask(page, 0, 1_000, 'the load of a saved 200,000-character program');
});
