import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  describeLongTasks,
  expectNoLongTask,
  longTaskMark,
  longTasksSince,
  recordLongTasks,
} from './long-tasks';

// Issue 17, point 4: results that used to freeze the page for 15–44 s. They are cut in the worker
// before they reach the page, and the page keeps answering input while they run and render.
const HUGE_CELL = "SELECT printf('%.*c', 50000000, 'x') AS huge;";
// 2,000 columns by 500 rows (short to type: the same column 2,000 times).
const WIDE = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 500) SELECT ${'i, '.repeat(1999)}i FROM n;`;

async function replaceScript(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'SQL script editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

interface MainThread {
  /** Input events seen, and one line per event or long task (wall time), for the annotation. */
  events: number;
  log: string[];
}

/**
 * Logs the main thread from now on, for the test's annotation: how long each input event waited
 * before its handlers ran (Event Timing) and each long task on the wall (Long Tasks). Both include
 * the time a loaded machine gave the core to another process, so the bound is asserted on CPU
 * time instead (e2e/long-tasks.ts).
 */
async function watchMainThread(page: Page) {
  await page.evaluate(() => {
    const seen = { events: 0, log: [] as string[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        const delay = entry.processingStart - entry.startTime;
        const handled = entry.processingEnd - entry.startTime;
        seen.events += 1;
        seen.log.push(
          `${entry.name} at ${Math.round(entry.startTime)}: waited ${Math.round(delay)} ms, handled in ${Math.round(handled)} ms, painted in ${Math.round(entry.duration)} ms`,
        );
      }
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        seen.log.push(
          `long task at ${Math.round(entry.startTime)}: ${Math.round(entry.duration)} ms`,
        );
      }
    }).observe({ type: 'longtask' });
  });
  return () => page.evaluate(() => (window as unknown as { __seen: MainThread }).__seen);
}

// Playwright's trace takes a DOM snapshot in the page's main thread at every action; with
// 5,000 result cells each snapshot was a long task of its own (0.85 s of the run, profiled
// under the stress run's load), measured as if the app had blocked input.
test.use({ trace: 'off' });

// Both checks run in one visit of the sandbox, as steps: each was a test of its own, and a
// fresh context's start and load of the sandbox with its editor cost about 3 s of CPU. The second
// step starts from a reset database and replaces the whole script.
test('the SQL sandbox answers input within 200 ms while the two large queries run and show; 101 statements are counted as 101', async ({
  page,
}) => {
  test.setTimeout(2 * 120_000);
  await test.step('the SQL sandbox answers input within 200 ms while the two large queries run and show', async () => {
    await recordLongTasks(page);
    await page.goto('/practice/sql-sandbox');
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
    await replaceScript(page, `${HUGE_CELL}\n${WIDE}\n-- `);
    // Measure from when the editor has drawn the pasted 6,000-character line (its own work, not
    // the results'): the text is on screen and two frames have passed since.
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('i, i, i, i, i');
    await page.evaluate(
      () =>
        new Promise<void>((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => done())),
        ),
    );
    const seen = await watchMainThread(page);
    const from = await longTaskMark(page);
    // Found by test id, not by role: Playwright resolves a role by walking the page's whole DOM in
    // the page's main thread, which with 5,000 cells on the page is itself a long task (measured
    // at 0.66 s of the run under load); a test id is one attribute lookup.
    const status = page.getByTestId('console-status');
    let typed = 0;
    for (let attempt = 1; ; attempt += 1) {
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      // Type while the worker runs the queries, until the run ends.
      await page.getByRole('textbox', { name: 'SQL script editor' }).focus();
      await page.keyboard.press('ControlOrMeta+End');
      let text = '';
      while (!/^(Ran |Stopped after)/.test((text = (await status.textContent()) ?? ''))) {
        await page.keyboard.type('x');
        typed += 1;
        expect(typed, 'the run never ended').toBeLessThan(5_000);
      }
      if (text.startsWith('Ran ')) break;
      // Reading a 50-million-character cell out of SQLite takes about 0.5 s on a quiet machine and
      // can pass the sandbox's own 3-second limit on one whose cores are both busy. The stop is the
      // sandbox working as designed (the page stayed usable throughout, which is measured below);
      // reset to a known state and run again to see the results.
      expect(attempt, `stopped by the time limit ${attempt} times in a row`).toBeLessThan(5);
      await page.getByRole('button', { name: 'Reset database' }).click();
      await expect(status).toHaveText('Ready. Press Run or Ctrl+Enter.');
    }
    await expect(status).toHaveText(/^Ran 2 statements in/);
    await page.keyboard.type('done');
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('done');
    const cut = page.getByTestId('shown-of');
    await expect(
      cut.filter({ hasText: 'Shown 300 of 50,000,000 characters of cell text' }),
    ).toBeVisible();
    await expect(cut.filter({ hasText: 'Shown 50 of 2,000 columns.' })).toBeVisible();
    // The rows are counted in the grid's own count line (F15 of review 42c).
    await expect(
      page
        .getByTestId('shown-count')
        .filter({ hasText: /^Showing rows 1–\d+ of 500; only the first \d+ are kept\.$/ }),
    ).toBeVisible();
    const worst = await seen();
    const tasks = await longTasksSince(page, from);
    test
      .info()
      .annotations.push(
        { type: 'input events', description: worst.log.join('\n') },
        { type: 'main-thread tasks', description: describeLongTasks(tasks) },
      );
    expect(worst.events, 'input events were measured').toBeGreaterThan(0);
    // An input waits for the task in front of it: no main-thread task of 200 ms of CPU time means
    // no key waited 200 ms for the page's own work. Measured as CPU time, not as the wait on the
    // wall (Event Timing, logged above), which on a loaded machine includes the time the OS gave
    // the core to another process. Before the caps, the page was blocked for 15–44 s.
    await expectNoLongTask(page, from, 200, 'while the two large queries ran and showed');
  });
  await test.step('101 statements are counted as 101, and CREATE TABLE changes no row (issue 17, point 11)', async () => {
    // The database the large queries left (they create nothing) is reset, as a learner would.
    await page.getByRole('button', { name: 'Reset database' }).click();
    await expect(page.getByTestId('console-status')).toHaveText('Ready. Press Run or Ctrl+Enter.');
    await replaceScript(page, `CREATE TABLE t (v);\n${'SELECT 1;\n'.repeat(100)}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('console-status')).toHaveText(
      /^Ran 101 statements in .* Shown the results of 50 of 101\./,
    );
    await expect(page.getByRole('table').first()).toContainText('0 rows changed');
  });
});
