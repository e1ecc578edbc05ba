import type { Page } from '@playwright/test';
import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';
import { expectNoLongTask, longTaskMark, recordLongTasks } from './long-tasks';
import { reportLongest, settled } from './doors';

// Issues 41 and 42: big results are drawn lazily (the first screenful, a count, more on request)
// and text that arrives as one input event is taken in one short task. Each case is a program or
// an input a learner could give; each is measured from its own mark by Chromium's trace, after
// the page has loaded, and no main-thread task of it may reach 200 ms of CPU.

// Playwright's trace snapshots the DOM at every action: long tasks of the test's own on a big page.
test.use({ trace: 'off' });

const LAB_EDITOR = 'Lab program editor';
const SQL_EDITOR = 'SQL script editor';
const PROGRAMS_KEY = 'lease-lab.claim-lab.programs.v1';
// By CSS inside measured windows: a role query walks the whole DOM in the page's main thread.
const runStatus = (page: Page) => page.locator('[data-testid="lab-output"] > p[role="status"]');
const steps = (page: Page) => page.locator('section[aria-labelledby="steps-heading"]');
const output = (page: Page) => page.getByTestId('lab-output');

/** Replaces the editor's text with `text`, arriving as one input event (an IME commit, a drop). */
async function insertAsOneEvent(page: Page, editor: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: editor }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Plants `source` as the lab's program (one input event) and waits until the page settled. */
async function plant(page: Page, source: string): Promise<void> {
  await insertAsOneEvent(page, LAB_EDITOR, source);
  await expect(page.getByRole('button', { name: 'Reset to the original' })).toBeEnabled();
  await settled(page);
}

/** Runs the planted program, waits for its result line, and returns the mark before the click. */
async function runPlanted(page: Page, result: RegExp): Promise<number> {
  const from = await longTaskMark(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runStatus(page)).toHaveText(result, HEAVY_LOAD);
  await settled(page);
  return from;
}

/** Presses the "Show N more" button of `scope` by keyboard, and waits for the count to grow. */
async function showMoreByKeyboard(page: Page, scope: ReturnType<Page['locator']>) {
  const more = scope.getByRole('button', { name: /^Show \d[\d,]* more/ }).first();
  await more.focus();
  const from = await longTaskMark(page);
  await page.keyboard.press('Enter');
  return from;
}

const fresh = (name: string) => `DROP TABLE IF EXISTS ${name}`;

/** Runs `body` as a step; a failure is kept and the next step still runs (each plants its own). */
async function step(failures: string[], name: string, body: () => Promise<void>) {
  await test.step(name, async () => {
    try {
      await body();
    } catch (error) {
      failures.push(`${name}:\n${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

test('the claim lab: big programs, steps, outputs and type errors stay under 200 ms a task, show a first screenful with a count, and more by keyboard', async ({
  page,
}) => {
  test.setTimeout(12 * 120_000);
  const failures: string[] = [];
  await recordLongTasks(page);
  await page.goto('/practice/claim-lab');
  await editorReady(page);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
  await expect(page.locator('[data-types-ready="true"]')).toHaveCount(1, HEAVY_LOAD);

  await step(
    failures,
    "'SELECT 1;\\n' x 1,000 arrives as one input event, and is saved once after a pause",
    async () => {
      await page.evaluate(() => {
        const calls = { n: 0 };
        (window as unknown as { __writes: typeof calls }).__writes = calls;
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key: string, value: string) {
          if (key.startsWith('lease-lab.claim-lab.programs')) calls.n += 1;
          return setItem.call(this, key, value);
        };
      });
      await settled(page);
      const from = await longTaskMark(page);
      await insertAsOneEvent(page, LAB_EDITOR, 'SELECT 1;\n'.repeat(1_000));
      await expect(page.locator('.monaco-editor .view-lines')).toContainText('SELECT 1;');
      await settled(page);
      await reportLongest(page, from, "claim lab: 'SELECT 1;\\n' x 1,000 as one event");
      await expect
        .poll(async () => {
          const saved = await page.evaluate((key) => localStorage.getItem(key), PROGRAMS_KEY);
          return (JSON.parse(saved ?? '{}') as Record<string, string>).demo ?? '';
        })
        .toBe('SELECT 1;\n'.repeat(1_000));
      // Select all, Delete and the insert: at most one write per pause, not one per change.
      const writes = await page.evaluate(
        () => (window as unknown as { __writes: { n: number } }).__writes.n,
      );
      expect(writes).toBeLessThanOrEqual(1);
      await expectNoLongTask(page, from, 200, "'SELECT 1;\\n' x 1,000 in the claim lab");
    },
  );

  await step(failures, '200 inserts: the first steps, a count, and more by keyboard', async () => {
    await plant(
      page,
      `// @ts-nocheck
db.run('${fresh('jobs')}');
db.run('CREATE TABLE jobs(id TEXT PRIMARY KEY, owner TEXT, fence INTEGER)');
for (let i = 0; i < 200; i++) db.run('INSERT INTO jobs VALUES (?, ?, ?)', ['j' + i, 'w' + i, i]);`,
    );
    const from = await runPlanted(page, /^Ran in/);
    await reportLongest(page, from, 'claim lab: 200 inserts');
    await expectNoLongTask(page, from, 200, '200 inserts');
    const list = steps(page);
    await expect(list.getByTestId('shown-count')).toHaveText('Showing steps 1–10 of 200.');
    await expect(list.locator('ol > li')).toHaveCount(10);
    const more = await showMoreByKeyboard(page, list);
    await expect(list.getByTestId('shown-count')).toHaveText('Showing steps 1–30 of 200.');
    await expect(list.locator('ol > li')).toHaveCount(30);
    await expect(list.getByRole('button', { name: 'Show 20 more steps' })).toBeFocused();
    await settled(page);
    await reportLongest(page, more, 'claim lab: 200 inserts, show more');
    await expectNoLongTask(page, more, 200, '200 inserts, show more');
  });

  await step(failures, '500 inserts with 300-character owners', async () => {
    await plant(
      page,
      `// @ts-nocheck
db.run('${fresh('jobs')}');
db.run('CREATE TABLE jobs(id TEXT PRIMARY KEY, owner TEXT, fence INTEGER)');
for (let i = 0; i < 500; i++) db.run('INSERT INTO jobs VALUES (?, ?, ?)', ['j' + i, String(i).padStart(300, 'o'), i]);`,
    );
    const from = await runPlanted(page, /^Ran in/);
    await reportLongest(page, from, 'claim lab: 500 inserts, 300-character owners');
    await expectNoLongTask(page, from, 200, '500 inserts with 300-character owners');
    await expect(steps(page).getByTestId('shown-count')).toHaveText('Showing steps 1–10 of 200.');
  });

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

  await step(failures, 'console.log of 50 MB twenty times', async () => {
    await plant(
      page,
      `// @ts-nocheck\nfor (let i = 0; i < 20; i++) console.log('x'.repeat(50 * 1024 * 1024));\nprint('logged');`,
    );
    // A 50 MB string and its copy do not fit in the engine's 64 MiB (issue 42): the memory line.
    const from = await runPlanted(
      page,
      /^(Ran in|Stopped after|The program|Your program used more than)/,
    );
    await reportLongest(page, from, 'claim lab: console.log 50 MB x 20');
    await expectNoLongTask(page, from, 200, 'console.log of 50 MB twenty times');
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

test('the SQL sandbox takes 1,000 and 3,000 lines as one input event in tasks under 200 ms', async ({
  page,
}) => {
  test.setTimeout(4 * 120_000);
  const failures: string[] = [];
  await recordLongTasks(page);
  await page.goto('/practice/sql-sandbox');
  await editorReady(page);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
  for (const lines of [1_000, 3_000]) {
    await step(failures, `'SELECT 1;\\n' x ${lines} as one input event`, async () => {
      await settled(page);
      const from = await longTaskMark(page);
      await insertAsOneEvent(page, SQL_EDITOR, `${'SELECT 1;\n'.repeat(lines)}-- ${lines} lines`);
      // The editor scrolls to the cursor, at the end of what arrived.
      await expect(page.locator('.monaco-editor .view-lines')).toContainText(`-- ${lines} lines`);
      await settled(page);
      await reportLongest(page, from, `sandbox: 'SELECT 1;\\n' x ${lines} as one event`);
      await expectNoLongTask(page, from, 200, `'SELECT 1;\\n' x ${lines} in the SQL sandbox`);
    });
  }
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
