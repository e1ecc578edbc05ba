// The doors to the claim lab that issue 27 plants oversized values at (a 20 MB exception, a 4 MB
// cell, work left running, 2,000 long column names), and the helpers every door check uses. The
// claim lab's cases run in e2e/hostile-sandbox.spec.ts, on the same load of the lab as the hostile
// programs (a load of the lab, Monaco and its TypeScript worker is about 6 s of CPU); the other
// doors are in e2e/fuzz-doors.spec.ts.
import type { Page } from '@playwright/test';
import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';
import {
  describeLongTasks,
  expectNoLongTask,
  longTaskMark,
  longTasksSince,
  recordLongTasks,
} from './long-tasks';

/** Waits until the page has painted what it just rendered, and its observers have reported. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))),
      ),
  );
}

/**
 * The longest main-thread task since `from`, logged and kept as an annotation whatever the test's
 * verdict, so a run before a fix records the figure the fix is measured against.
 */
export async function reportLongest(page: Page, from: number, what: string): Promise<void> {
  const longest = (await longTasksSince(page, from)).reduce((m, t) => Math.max(m, t.duration), 0);
  const tasks = await longTasksSince(page, from);
  const line = `${what}: longest main-thread task ${Math.round(longest)} ms (${describeLongTasks(tasks).replaceAll('\n', '; ')})`;
  console.log(`[fuzz-doors] ${line}`);
  test.info().annotations.push({ type: 'longest task', description: line });
}

/** Every localStorage value of the origin: a door must not lose or rewrite a stored answer. */
export async function stored(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const all: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i)!;
      all[key] = localStorage.getItem(key)!;
    }
    return all;
  });
}

/** Each stored value before is still there, unchanged (a door may add, never lose). */
export function expectNothingLost(before: Record<string, string>, after: Record<string, string>) {
  for (const [key, value] of Object.entries(before))
    expect(after[key], `stored ${key}`).toBe(value);
}

// ---- The claim lab: what a learner's program throws, stores and leaves behind ----

const PROGRAMS_KEY = 'lease-lab.claim-lab.programs.v1';
// Found by CSS, not by role, inside the measured window: a role query walks the page's whole DOM
// in its main thread, a long task of the test's own on a big page.
const runStatus = (page: Page) => page.locator('[data-testid="lab-output"] > p[role="status"]');

/**
 * Types `source` as the lab's program and waits until it is saved and the page has settled.
 * A program planted before is first reset to the original, which puts the status back to
 * "Ready.": the next case then waits for its own result, never the one before it.
 */
async function plantProgram(page: Page, source: string): Promise<void> {
  const reset = page.getByRole('button', { name: 'Reset to the original' });
  if (await reset.isEnabled()) {
    await reset.click();
    await expect(runStatus(page)).toHaveText(/^Ready\./);
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
  }
  await page.getByRole('textbox', { name: 'Lab program editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
  const marker = source.split('\n')[1];
  await expect
    .poll(async () => (await stored(page))[PROGRAMS_KEY] ?? '', HEAVY_LOAD)
    .toContain(marker);
  await settled(page);
}

/** Runs the planted program; resolves with the long tasks' mark taken just before the click. */
async function runPlanted(page: Page): Promise<number> {
  const from = await longTaskMark(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  return from;
}

/** Web Workers the page has started, and whether each has closed since. */
export type SeenWorkers = { closed: boolean }[];

/**
 * The claim lab's doors, each a program a learner could write: planted in turn on one loaded
 * lab (a fresh load of the lab, Monaco and its TypeScript worker is most of a case's cost).
 * Every case is measured from its own mark, checks that nothing stored was lost, and runs even
 * when one before it failed: the page is then loaded again, so no case inherits a broken state.
 */
const CLAIM_LAB_DOORS: {
  name: string;
  check: (page: Page, workers: SeenWorkers) => Promise<void>;
}[] = [
  {
    name: 'case 1: a 20 MB exception message is cut, says so, and the page stays responsive',
    async check(page) {
      await plantProgram(page, `// @ts-nocheck\nthrow new Error('E'.repeat(20 * 1024 * 1024));`);
      const before = await stored(page);
      const from = await runPlanted(page);
      // Filtered locators: a failure names the locator, not 20 MB of received text.
      const status = (text: string | RegExp) => runStatus(page).filter({ hasText: text });
      await expect(status('Exception on line 2: Error: EEEE')).toBeVisible(HEAVY_LOAD);
      await settled(page);
      await reportLongest(page, from, 'case 1');
      await expect(status('(Shown 2,000 of 20,971,520 characters.)')).toBeVisible();
      await expectNoLongTask(page, from, 200, 'a 20 MB exception message');
      expectNothingLost(before, await stored(page));
    },
  },
  {
    name: 'case 2: a 4 MB cell and 18 no-op UPDATEs give short snapshots with "Shown N of M"',
    async check(page) {
      await plantProgram(
        page,
        `// @ts-nocheck
db.run('CREATE TABLE jobs(id TEXT, body TEXT)');
db.run('INSERT INTO jobs VALUES (?, ?)', ['r', 'x'.repeat(4 * 1024 * 1024)]);
for (let i = 0; i < 18; i++) db.run('UPDATE jobs SET id = id');
print('planted');`,
      );
      const before = await stored(page);
      const from = await runPlanted(page);
      await expect(runStatus(page)).toHaveText(/^(Ran in|Stopped after)/, HEAVY_LOAD);
      await expect(runStatus(page)).toHaveText(/^Ran in/);
      await settled(page);
      await reportLongest(page, from, 'case 2');
      const steps = page.locator('section[aria-labelledby="steps-heading"]');
      await expect(steps.getByTestId('shown-of').first()).toHaveText(
        /^Shown [\d,]+ of 4,194,[\d,]+ characters/,
      );
      // Steps are drawn 10 at first (issue 41): draw the other 10, then count.
      await steps.getByRole('button', { name: 'Show 10 more steps' }).click();
      // One line per snapshot that holds the cell: every step but the CREATE TABLE.
      await expect(steps.getByTestId('shown-of')).toHaveCount(19);
      await expectNoLongTask(page, from, 200, '20 snapshots of a 4 MB cell');
      expectNothingLost(before, await stored(page));
    },
  },
  {
    name: 'case 6: work a program leaves running after it returns is stopped, and no "Ran in"',
    async check(page, workers) {
      await plantProgram(
        page,
        `// @ts-nocheck
Promise.resolve().then(() => { for (;;) {} });
print('returned');`,
      );
      const before = await stored(page);
      const alive = workers.filter((w) => !w.closed).length;
      const closedBefore = workers.length - alive;
      const from = await runPlanted(page);
      await expect(runStatus(page)).toHaveText(/^(Ran in|Stopped after)/, HEAVY_LOAD);
      await settled(page);
      await reportLongest(page, from, 'case 6');
      await expect(runStatus(page)).toHaveText(/^Stopped after 4 seconds: .*work it left running/);
      // The run's engine stopped the callback (issue 42); the worker of the run before was ended
      // when this run began, as every run starts a fresh one.
      expect(alive).toBeGreaterThan(0);
      await expect.poll(() => workers.filter((w) => w.closed).length).toBeGreaterThan(closedBefore);
      await expectNoLongTask(page, from, 200, 'work left behind');
      expectNothingLost(before, await stored(page));
    },
  },
  {
    name: '2,000 columns of 1,000-character names in the watched table: 20 columns shown, with "Shown 20 of 2,000"',
    async check(page) {
      await plantProgram(
        page,
        `// @ts-nocheck
const names = Array.from({ length: 2000 }, (_, i) => 'c' + i + '_' + 'n'.repeat(1000));
db.run('CREATE TABLE jobs(' + names.join(', ') + ')');
db.run('INSERT INTO jobs DEFAULT VALUES');`,
      );
      const before = await stored(page);
      const from = await runPlanted(page);
      await expect(runStatus(page)).toHaveText(/^(Ran in|Stopped after)/, HEAVY_LOAD);
      await settled(page);
      await reportLongest(page, from, '2,000 columns');
      await expect(runStatus(page)).toHaveText(/^Ran in/);
      const steps = page.locator('section[aria-labelledby="steps-heading"]');
      await expect(
        steps.getByTestId('shown-of').filter({ hasText: 'Shown 20 of 2,000 columns.' }),
      ).toHaveCount(2);
      await expectNoLongTask(page, from, 200, '2,000 long column names');
      expectNothingLost(before, await stored(page));
    },
  },
];

/** Seconds of waiting the claim lab's doors may take in all: a ceiling, not a pace. */
export const CLAIM_LAB_DOORS_TIMEOUT = CLAIM_LAB_DOORS.length * 120_000;

/**
 * Loads the claim lab and checks each of its doors as a step, in turn, on that one load. Every case
 * is measured from its own mark, checks that nothing stored was lost, and runs even when one before
 * it failed: the page is then loaded again, so no case inherits a broken state. Leaves the page on
 * the loaded lab.
 */
export async function checkClaimLabDoors(page: Page): Promise<void> {
  // Each case keeps the ceiling it had as a test of its own: ceilings on waiting, not paces.
  const workers: SeenWorkers = [];
  page.on('worker', (worker) => {
    const seen = { closed: false };
    workers.push(seen);
    worker.on('close', () => (seen.closed = true));
  });
  const open = async () => {
    await recordLongTasks(page);
    await page.goto('/practice/claim-lab');
    await editorReady(page);
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
  };
  await open();
  const failures: string[] = [];
  for (const door of CLAIM_LAB_DOORS) {
    await test.step(door.name, async () => {
      try {
        await door.check(page, workers);
      } catch (error) {
        failures.push(`${door.name}:\n${error instanceof Error ? error.message : String(error)}`);
        await open();
      }
    });
  }
  expect(failures, 'the cases that failed, each on a page of its own').toEqual([]);
}
