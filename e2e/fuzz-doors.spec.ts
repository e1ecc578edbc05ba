import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { counted } from '@/lib/lease';
import { expect, HEAVY_LOAD, test } from './fixtures';
import { expectNothingLost, reportLongest, settled, stored } from './doors';
import {
  countProgramWrites,
  insertAsOneEvent,
  LAB_EDITOR,
  plant,
  programWrites,
  runPlanted,
  savedDemoProgram,
  showMoreByKeyboard,
  SQL_EDITOR,
  step,
  steps,
  openEditor,
  output,
} from './lab-input';
import { checkRealmCases, REALM_CASES } from './realm-programs';
import {
  describeLongTasks,
  expectNoLongTask,
  type LongTask,
  longTaskMark,
  longTasksSince,
  recordLongTasks,
  TraceIncomplete,
} from './long-tasks';

// Issue 27: an oversized value planted at each door to the page. At each: no main-thread task
// of 200 ms or more, a visible "Shown N of M" line or a clear refusal, and no stored answer lost.
// The claim lab's doors (e2e/doors.ts) run in hostile-sandbox.spec.ts, on its load of the lab.

// Playwright's trace snapshots the DOM in the page's main thread at every action: a long task of
// its own on a big page, which would be measured as the app's.
test.use({ trace: 'off' });

/** Steps the claim lab keeps of one run, as docs/security.md states it (LAB_LIMITS.maxSteps). */
const KEPT_STEPS = 200;

/**
 * A program that sends `inserts` INSERTs after a DROP and a CREATE, counts every write it sends,
 * and prints that count: the tests' oracle for the step count, kept apart from the lab's own.
 */
function countedWrites(inserts: number, owner: string): string {
  return `// @ts-nocheck
let writes = 0;
const write = (sql, values) => { writes += 1; return db.run(sql, values); };
write('DROP TABLE IF EXISTS jobs');
write('CREATE TABLE jobs(id TEXT PRIMARY KEY, owner TEXT, fence INTEGER)');
for (let i = 0; i < ${inserts}; i++) write('INSERT INTO jobs VALUES (?, ?, ?)', ['j' + i, ${owner}, i]);
print('writes sent: ' + writes);`;
}

/** The count the program above printed. */
async function printedWrites(page: Page): Promise<number> {
  await expect(output(page)).toContainText(/writes sent: \d+/);
  return Number(/writes sent: (\d+)/.exec((await output(page).textContent()) ?? '')?.[1]);
}

// The measurer itself: a check that cannot see a blocked main thread would pass every door. Two
// kinds of work: a timer's callback (a task), and the callback of a fetch's promise, which Blink
// runs in a microtask checkpoint outside any task (the measurer missed those until it counted
// every top-level event: docs/performance.md).
const BUSY_WORK = {
  "a timer's callback": () =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        const end = performance.now() + 300;
        while (performance.now() < end);
        resolve();
      }, 0),
    ),
  "a fetch's then": () =>
    fetch('/manifest.webmanifest').then(() => {
      const end = performance.now() + 300;
      while (performance.now() < end);
    }),
};

test('the long-task measurer sees a 300 ms task on the main thread, and its CPU time', async ({
  page,
}) => {
  await recordLongTasks(page);
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  for (const [kind, work] of Object.entries(BUSY_WORK)) {
    let before = 0;
    let tasks: LongTask[] = [];
    // A trace that proves it lost the page's latest events (TraceIncomplete, see long-tasks.ts)
    // is measured again: the measurer is judged on a whole trace. Any other outcome is final.
    for (let attempt = 1; ; attempt += 1) {
      before = await longTaskMark(page);
      await page.evaluate(work);
      try {
        tasks = await longTasksSince(page, before);
        break;
      } catch (error) {
        if (!(error instanceof TraceIncomplete) || attempt === 3) throw error;
      }
    }
    // The trace holds it: 300 ms on the wall, and some CPU time of the main thread (all of it on
    // an idle machine, less when the machine takes the core away during the loop).
    const loop = tasks.find((task) => task.wall >= 290);
    expect(loop, `${kind}: ${describeLongTasks(tasks)}`).toBeDefined();
    expect(loop!.duration).toBeGreaterThan(0);
    expect(loop!.duration).toBeLessThanOrEqual(loop!.wall + 1);
    // And the check refuses it at a bound below its CPU time: it can fail.
    const bound = Math.max(1, Math.floor(loop!.duration / 2));
    await expect(expectNoLongTask(page, before, bound, kind)).rejects.toThrow(
      new RegExp(`${kind}: [1-9]\\d* main-thread tasks? of ${bound} ms or more of CPU time`),
    );
  }
});

// ---- The SQL console: column names count like cells (the claim lab's console shares runScript) ----

test('case 3: a million-character column name in a 20-way self join is cut, with "Shown N of M"', async ({
  page,
}) => {
  await recordLongTasks(page);
  await page.goto('/practice/sql-sandbox');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
  const status = page.getByTestId('console-status');
  const join = Array.from({ length: 20 }, (_, i) => `w a${i}`).join(', ');
  const script = `CREATE TABLE w(a); INSERT INTO w VALUES (1);
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = 'CREATE TABLE w(' || printf('%.*c', 1000000, 'n') || ')' WHERE name = 'w';
PRAGMA writable_schema = RESET;
SELECT * FROM ${join};`;
  await page.getByRole('textbox', { name: 'SQL script editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(script);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('w a19');
  await settled(page);
  const before = await stored(page);
  let from = 0;
  for (let attempt = 1; ; attempt += 1) {
    from = await longTaskMark(page);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(status).toHaveText(/^(Ran |Stopped after)/, HEAVY_LOAD);
    await settled(page);
    await reportLongest(page, from, `case 3, attempt ${attempt}`);
    if ((await status.textContent())?.startsWith('Ran ')) break;
    // The stop is the console's own time limit refusing the query, a clear refusal: on a machine
    // whose cores are busy, preparing a join of twenty million-character names can pass it. The
    // page must stay responsive either way; then try again to see the cut result.
    await expectNoLongTask(page, from, 200, 'a query stopped by the time limit');
    expect(attempt, 'stopped by the time limit every time').toBeLessThan(4);
    await page.getByRole('button', { name: 'Reset database' }).click();
    await expect(status).toHaveText('Ready. Press Run or Ctrl+Enter.');
  }
  await expect(
    page
      .getByTestId('shown-of')
      .filter({ hasText: /^Shown 2,0\d\d of 20,000,000 characters of column names/ }),
  ).toBeVisible();
  await expectNoLongTask(page, from, 200, '20 million characters of column names');
  expectNothingLost(before, await stored(page));
});

// ---- The crash lab: a history file imported from the command line ----

/**
 * Writes `lines` as a JSONL file in the test's output folder and returns its path. The input is
 * given a path, not a buffer: Playwright turns a buffer into a File by decoding it in the page's
 * main thread, a long task of the test's own; a path is handed to Chromium directly.
 */
function historyFile(name: string, lines: readonly object[]): string {
  const path = test.info().outputPath(name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n'));
  return path;
}

/**
 * Opens the crash lab and waits until its own start-up is done (its databases loaded on the page:
 * "Start a worker" enabled), so the tasks measured after are the import's.
 */
async function openCrashLab(page: Page): Promise<HistoryDoor> {
  await recordLongTasks(page);
  await page.goto('/practice/crash-lab');
  await expect(page.getByRole('button', { name: 'Start a worker' })).toBeEnabled(HEAVY_LOAD);
  const region = page.getByRole('region', { name: 'History from the command line' });
  const status = region.locator('[role="status"]');
  await expect(status).toHaveAttribute('data-state', 'empty');
  return { page, region, input: region.getByLabel(/History file \(JSONL/), status };
}

interface HistoryDoor {
  page: Page;
  region: Locator;
  input: Locator;
  status: Locator;
}

/**
 * Imports the file at `path` and waits for this file's own answer (the page names the file it
 * drew or refused; a file imported before it stays drawn until then), measured from a mark taken
 * just before the file is picked. Returns that mark.
 */
async function importHistory({ page, region, input, status }: HistoryDoor, path: string) {
  const name = path.split('/').pop()!;
  await settled(page);
  const from = await longTaskMark(page);
  await input.setInputFiles(path);
  await expect(
    region.getByText(`${name}: shown`).or(region.getByText(`${name} was not drawn`)),
  ).toBeVisible(HEAVY_LOAD);
  await expect(status).toHaveAttribute('data-state', /^(drawn|error)$/);
  await settled(page);
  return from;
}

/**
 * The history import's doors, each a file a learner could import: imported in turn on one loaded
 * crash lab (its page, databases and Web Workers are most of a case's cost), the largest drawing
 * last, so no measured import also clears a large drawing. Every case is measured from its own
 * mark, checks that nothing stored was lost, and runs even when one before it failed: the page
 * is then loaded again, so no case inherits a broken state.
 */
const HISTORY_DOORS: { name: string; check: (door: HistoryDoor) => Promise<void> }[] = [
  {
    name: 'a history file with million-character names is read off the page: "Shown N of M characters" and no long task',
    async check(door) {
      const { page, status } = door;
      // Four processes named by 1,100,000 characters each, and a refusal detail of as many: 4.4 MB,
      // under the 5 MB the page accepts.
      const name = (i: number) => `w${i}_${'n'.repeat(1_100_000)}`;
      const path = historyFile('million-character-names.jsonl', [
        { type: 'process', t: 1000, pid: 1, worker: name(1), event: 'start' },
        { type: 'process', t: 1001, pid: 2, worker: name(2), event: 'start' },
        {
          type: 'complete',
          t: 1002,
          pid: 3,
          worker: name(3),
          op: 'claim',
          outcome: 'applied',
          run: 'r',
          generation: 2,
        },
        {
          type: 'complete',
          t: 1003,
          pid: 1,
          worker: 'w1',
          op: 'publish',
          outcome: 'refused',
          run: 'r',
          generation: 1,
          detail: 'd'.repeat(1_100_000),
        },
      ]);
      const before = await stored(page);
      const from = await importHistory(door, path);
      await reportLongest(page, from, 'history import, million-character names');
      await expect(status).toHaveAttribute('data-state', 'drawn');
      await expect(status.getByTestId('shown-of')).toHaveText(
        /^Shown [\d,]+ of 4,400,\d{3} characters of names and details/,
      );
      await expect(status).toContainText('million-character-names.jsonl: shown 4 of 4 entries.');
      await expectNoLongTask(page, from, 200, 'a history file with million-character names');
      expectNothingLost(before, await stored(page));
    },
  },
  {
    name: 'a history entry with 350,000 fields of its own, then 400,000 blank lines: read off the page, and no long task',
    async check(door) {
      const { page, status } = door;
      // Parsing is the cost here: an object of 350,000 keys and 400,000 lines to count, 4.6 MB.
      const extra = Object.fromEntries(
        Array.from({ length: 350_000 }, (_, i) => [`k${i}`, i % 10]),
      );
      const path = test.info().outputPath('350000-fields.jsonl');
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(
        path,
        JSON.stringify({ type: 'process', t: 1, pid: 1, worker: 'w1', event: 'start', ...extra }) +
          '\n'.repeat(400_000),
      );
      const before = await stored(page);
      const from = await importHistory(door, path);
      await reportLongest(page, from, 'history import, 350,000 fields');
      await expect(status).toHaveAttribute('data-state', 'drawn');
      await expect(status).toContainText('350000-fields.jsonl: shown 1 of 1 entries.');
      await expectNoLongTask(page, from, 200, 'a history entry with 350,000 fields');
      expectNothingLost(before, await stored(page));
    },
  },
  {
    name: 'a worker named with U+202E or a zero-width space is drawn with the character escaped (issue 42 review)',
    async check(door) {
      const { region, status } = door;
      const path = historyFile('bidi-names.jsonl', [
        { type: 'process', t: 1000, pid: 1, worker: 'w1\u202Egnp.exe', event: 'start' },
        { type: 'process', t: 1001, pid: 2, worker: 'w\u200B1', event: 'start' },
      ]);
      await importHistory(door, path);
      await expect(status).toHaveAttribute('data-state', 'drawn');
      await expect(region.getByText('w1\\u202Egnp.exe').first()).toBeVisible();
      await expect(region.getByText('w\\u200B1').first()).toBeVisible();
      expect(await region.innerText()).not.toMatch(/[\u202E\u200B]/);
    },
  },
  {
    name: 'a history file of 10,000 processes draws the first lanes, says "Shown N of 10,000 processes", and no long task',
    async check(door) {
      const { page, region, status } = door;
      // Every process killed once: a lane and a mark each.
      const path = historyFile(
        '10000-processes.jsonl',
        Array.from({ length: 10_000 }, (_, pid) => ({
          type: 'nemesis',
          t: 1000 + pid,
          pid,
          worker: `w${pid}`,
          action: 'kill',
        })),
      );
      const before = await stored(page);
      const from = await importHistory(door, path);
      await reportLongest(page, from, 'history import, 10,000 processes');
      await expect(status).toHaveAttribute('data-state', 'drawn');
      await expect(status).toContainText('10000-processes.jsonl: shown 10000 of 10000 entries.');
      await expect(
        region.getByTestId('shown-of').filter({ hasText: /^Shown [\d,]+ of 10,000 processes/ }),
      ).toBeVisible();
      await expectNoLongTask(page, from, 200, 'a history file of 10,000 processes');
      expectNothingLost(before, await stored(page));
    },
  },
];

test('the crash lab’s history import: million-character names, 350,000 fields and 10,000 processes, each read off the page and bounded', async ({
  page,
}) => {
  // Each case keeps the ceiling it had as a test of its own: ceilings on waiting, not paces.
  test.setTimeout(HISTORY_DOORS.length * 120_000);
  let door = await openCrashLab(page);
  const failures: string[] = [];
  for (const { name, check } of HISTORY_DOORS) {
    await test.step(name, async () => {
      try {
        await check(door);
      } catch (error) {
        failures.push(`${name}:\n${error instanceof Error ? error.message : String(error)}`);
        door = await openCrashLab(page);
      }
    });
  }
  expect(failures, 'the cases that failed, each on a page of its own').toEqual([]);
});

// ---- Issue 41 and issue 42, point 1: the hostile probe's claim-lab programs ----

test('the hostile probe’s programs in the claim lab: patched built-ins, a forged reply, a tab crash and floods each end in one line, and the next run works', async ({
  page,
}) => {
  test.setTimeout(REALM_CASES.length * 150_000);
  let crashed = false;
  page.on('crash', () => (crashed = true));
  await checkRealmCases(page, () => crashed);
  expect(crashed, 'the tab crashed').toBe(false);
});

// ---- Issue 42, points 2 and 3: the probe's text in one input event, typed text, step lists ----

test('issue 42, points 2 and 3, in the claim lab: 1,000 lines as one input event, 3,000 typed characters, 200 inserts, 500 inserts with 300-character owners', async ({
  page,
}) => {
  test.setTimeout(5 * 120_000);
  const failures: string[] = [];
  await openEditor(page, '/practice/claim-lab');
  await countProgramWrites(page);

  await step(
    failures,
    "point 2: 'SELECT 1;\\n' x 1,000 as one input event, in tasks under 200 ms, saved once after a pause",
    async () => {
      await settled(page);
      const writes = await programWrites(page);
      const from = await longTaskMark(page);
      await insertAsOneEvent(page, LAB_EDITOR, 'SELECT 1;\n'.repeat(1_000));
      await expect(page.locator('.monaco-editor .view-lines')).toContainText('SELECT 1;');
      await settled(page);
      await reportLongest(page, from, "claim lab: 'SELECT 1;\\n' x 1,000 as one event");
      await expect.poll(() => savedDemoProgram(page)).toBe('SELECT 1;\n'.repeat(1_000));
      // Select all, Delete and the insert: one write after the pause, not one per change.
      expect(await programWrites(page)).toBe(writes + 1);
      await expectNoLongTask(page, from, 200, "'SELECT 1;\\n' x 1,000 in the claim lab");
    },
  );

  await step(
    failures,
    'point 2: 3,000 typed characters are saved once a pause, not once a character',
    async () => {
      await plant(page, '// typed: ');
      await expect.poll(() => savedDemoProgram(page)).toBe('// typed: ');
      const writes = await programWrites(page);
      const typed = 'lease '.repeat(500);
      // Typed one character a task, each through the editor's own input as a keystroke's text
      // arrives (the browser's insertText on the focused textarea, an input event): Playwright's
      // keyboard.type took 43.5 s for the 3,000 at load 21, a round trip per key.
      const typing = await page.evaluate(async (text) => {
        // A task of its own per character, without setTimeout's 4 ms floor on nested timers.
        const channel = new MessageChannel();
        const nextTask = () =>
          new Promise((resolve) => {
            channel.port1.onmessage = resolve;
            channel.port2.postMessage(null);
          });
        const started = performance.now();
        for (const character of text) {
          document.execCommand('insertText', false, character);
          await nextTask();
        }
        return performance.now() - started;
      }, typed);
      await expect.poll(() => savedDemoProgram(page)).toBe(`// typed: ${typed}`);
      const made = (await programWrites(page)) - writes;
      console.log(
        `[fuzz] 3,000 characters typed in ${Math.round(typing)} ms: ${counted(made, 'program write')}`,
      );
      // A write waits for a 2 s pause in typing (AUTOSAVE_MS): at most one per 2 s of typing,
      // and the one after it. The probe counted 3,000 writes, one per character.
      expect(made).toBeGreaterThanOrEqual(1);
      expect(made).toBeLessThanOrEqual(1 + Math.floor(typing / 2_000));
    },
  );

  await step(
    failures,
    'point 3: 200 inserts: the first 10 steps, the count line, and 20 more on request',
    async () => {
      await plant(page, countedWrites(200, `'w' + i`));
      const from = await runPlanted(page, /^Ran in/);
      await reportLongest(page, from, 'claim lab: 200 inserts');
      await expectNoLongTask(page, from, 200, '200 inserts');
      // The oracle is the program's own count of its writes (a DROP, a CREATE, the inserts).
      const writes = await printedWrites(page);
      expect(writes).toBe(202);
      const list = steps(page);
      const kept = `; only the first ${KEPT_STEPS} are kept.`;
      await expect(list.getByTestId('shown-count')).toHaveText(
        `Showing steps 1–10 of ${writes}${kept}`,
      );
      await expect(list.locator('ol > li')).toHaveCount(10);
      const more = await showMoreByKeyboard(page, list);
      await expect(list.getByTestId('shown-count')).toHaveText(
        `Showing steps 1–30 of ${writes}${kept}`,
      );
      await expect(list.locator('ol > li')).toHaveCount(30);
      await expect(list.getByRole('button', { name: 'Show 20 more steps' })).toBeFocused();
      await settled(page);
      await reportLongest(page, more, 'claim lab: 200 inserts, show more');
      await expectNoLongTask(page, more, 200, '200 inserts, show more');
    },
  );

  await step(
    failures,
    'point 3: 500 inserts with 300-character owners: the count line says how many steps ran and how many are kept, from the first screen to the last step kept',
    async () => {
      await plant(page, countedWrites(500, `String(i).padStart(300, 'o')`));
      const from = await runPlanted(page, /^Ran in/);
      await reportLongest(page, from, 'claim lab: 500 inserts, 300-character owners');
      await expectNoLongTask(page, from, 200, '500 inserts with 300-character owners');
      const writes = await printedWrites(page);
      expect(writes).toBe(502);
      const list = steps(page);
      const count = list.getByTestId('shown-count');
      const kept = `; only the first ${KEPT_STEPS} are kept.`;
      await expect(count).toHaveText(`Showing steps 1–10 of ${writes}${kept}`);
      await count
        .locator('..')
        .screenshot({ path: test.info().outputPath('step-count-500-inserts.png') });
      for (let shown = 10; shown < KEPT_STEPS; shown += 20) {
        const more = await showMoreByKeyboard(page, list);
        const now = Math.min(KEPT_STEPS, shown + 20);
        await expect(count).toHaveText(`Showing steps 1–${now} of ${writes}${kept}`);
        await settled(page);
        await expectNoLongTask(page, more, 200, `500 inserts, show more after ${shown}`);
      }
      await expect(list.locator('ol > li')).toHaveCount(KEPT_STEPS);
      await expect(list.getByRole('button', { name: /^Show \d+ more steps/ })).toHaveCount(0);
    },
  );

  expect(failures, 'the cases that failed').toEqual([]);
});

test("issue 42, point 2, in the SQL sandbox: 'SELECT 1;\\n' x 1,000 and x 3,000 as one input event, in tasks under 200 ms", async ({
  page,
}) => {
  test.setTimeout(3 * 120_000);
  const failures: string[] = [];
  await openEditor(page, '/practice/sql-sandbox');
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
  expect(failures, 'the cases that failed').toEqual([]);
});
