import { expect, HEAVY_LOAD, test } from './fixtures';
import { insertAsOneEvent, openEditor, output, plant, runPlanted, SQL_EDITOR } from './lab-input';

// Review 42c, F14 and F15: lines a learner read that were false or could not be followed. Each
// oracle is what the learner wrote (the program, the query), not the code that words the line.

test('the claim lab: console is the program’s to use, and a console loop is not said to print nothing', async ({
  page,
}, testInfo) => {
  test.setTimeout(3 * 60_000);
  await openEditor(page, '/practice/claim-lab');
  // Type-checked (no @ts-nocheck): the lab's engine gives every program a console, so the type
  // check must not refuse it with TypeScript's "change the 'lib' compiler option" advice.
  await plant(page, `console.log('debugging');\nprint('ok');`);
  await runPlanted(page, /^Ran in|^Not run/);
  await expect(output(page).locator('p[role="status"]')).toHaveText(/^Ran in/);
  await expect(output(page)).not.toContainText('compiler option');
  await expect(output(page)).toContainText('ok');
  await page.screenshot({ path: testInfo.outputPath('console-type-checks.png') });

  // An endless loop that only logs to the console: stopped at the quiet limit, in a line that does
  // not say the program printed nothing when it logged thousands of lines.
  await plant(page, `for (;;) console.log('x');`);
  await runPlanted(page, /^Stopped after/);
  const line = output(page).locator('p[role="status"]');
  await expect(line).toContainText('printed nothing with print(…) (console lines do not count)');
  await expect(line).not.toContainText(/printed nothing,/);
  await page.screenshot({ path: testInfo.outputPath('console-loop-stopped.png') });
});

test('the SQL sandbox: a result counted past 100,000 rows says so in its one count line, and cell text of the rows kept', async ({
  page,
}, testInfo) => {
  test.setTimeout(3 * 60_000);
  await openEditor(page, '/practice/sql-sandbox');
  await insertAsOneEvent(
    page,
    SQL_EDITOR,
    `WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c LIMIT 3000000) SELECT i, printf('%.2000c', 'x') FROM c;`,
  );
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('console-status')).toHaveText(/^Ran 1 statement/, HEAVY_LOAD);
  const results = page.locator('section[aria-labelledby="results-heading"]');
  // The query gives 3,000,000 rows: the count line says more than 100,000 (the most counted), and
  // how many of them reached the page.
  const count = results.getByTestId('shown-count');
  await expect(count).toHaveText(
    /^Showing rows 1–20 of more than 100,000; only the first [\d,]+ are kept\.$/,
  );
  const kept = /first ([\d,]+) are kept/.exec((await count.textContent()) ?? '')?.[1];
  expect(Number(kept?.replace(/,/g, ''))).toBeLessThan(3_000_000);
  // Cell text is counted in those rows, not in the 3,000,000 of the result, and the line says so.
  await expect(results.getByTestId('shown-of')).toHaveText([
    new RegExp(`^Shown [\\d,]+ of [\\d,]+ characters of cell text in the ${kept} rows kept `),
  ]);
  await expect(results).not.toContainText(/Shown [\d,]+ of more than 100,000 rows/);
  await results.screenshot({ path: testInfo.outputPath('sandbox-counts.png') });
});
