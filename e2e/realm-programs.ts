// Issue 41 (nothing from the learner's program is trusted) and issue 42, point 1 (the tab crash):
// the programs of the hostile probe, each run in the claim lab as a learner would, on one load of
// the lab. Each case: the run ends in one clear line, no main-thread task of 200 ms or more of CPU
// once the page has loaded, page text under 200,000 characters, and the next Run works.
import type { Page } from '@playwright/test';
import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';
import { expectNoLongTask, longTaskMark, recordLongTasks } from './long-tasks';
import { expectNothingLost, reportLongest, settled, stored } from './doors';

const PROGRAMS_KEY = 'lease-lab.claim-lab.programs.v1';
const runStatus = (page: Page) => page.locator('[data-testid="lab-output"] > p[role="status"]');
/** The end of a run, whatever it was: the status lines a run ends with. */
const ENDED =
  /^(Ran in|Stopped after|The program’s worker stopped|Exception|SQLite error|Output stopped|Not run|Your program used more than)/;

/**
 * What the page's main thread does with a case's result: 'realm', little (the worker, its door
 * and its limits answer for it); 'render', draw a big result (500 printed lines, a table of 500
 * rows, 2,401 type errors), the work of issue 41's "big results are drawn lazily". Both are held
 * to the 200 ms bound (each measured under 50 ms of CPU on this machine at load 20, before and
 * after the door); a 'render' case that fails it names that work in its message.
 */
type TaskOwner = 'realm' | 'render';

interface RealmCase {
  name: string;
  program: string;
  /** The one line the run ends with. */
  line: RegExp;
  tasks: TaskOwner;
}

/** The cases. Type checking is skipped on the first line, except where it is the case. */
export const REALM_CASES: RealmCase[] = [
  {
    name: 'freeze 1: String.prototype.slice replaced, then 50 MB printed',
    program: `// @ts-nocheck
String.prototype.slice = function () { return String(this); }; print('x'.repeat(50 * 1024 * 1024));`,
    // Making a 50 MB string takes more than the engine's 64 MiB (issue 42): one line, all the same.
    line: /^Your program used more than 64 MB/,
    tasks: 'realm',
  },
  {
    name: 'freeze 2: a reply forged through Object.prototype.then',
    program: `// @ts-nocheck
Object.prototype.then = function (res) { delete Object.prototype.then; res({ type: 'ran', ms: 1, run: { output: ['F'.repeat(50 * 1024 * 1024)], steps: [], statements: [], error: null, stepsRan: 0 } }); };`,
    line: /^Ran in/,
    tasks: 'realm',
  },
  {
    name: 'freeze 3: Array.prototype.push replaced to push 100,000 long strings',
    program: `// @ts-nocheck
const push = Array.prototype.push; Array.prototype.push = function (...a) { for (let i = 0; i < 1e5; i++) push.call(this, 'P'.repeat(1000)); return this.length; }; print('a'); db.run('SELECT 1');`,
    line: ENDED,
    tasks: 'realm',
  },
  {
    name: 'the tab crash (issue 42): arrays of a million numbers, pushed forever',
    program: `// @ts-nocheck
const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()));`,
    line: /^Your program used more than 64 MB, all the memory the lab gives one run/,
    tasks: 'realm',
  },
  {
    name: 'strings grown until memory runs out',
    program: `// @ts-nocheck
const keep = []; let s = 'x'.repeat(1e6); for (;;) { s = s + s; keep.push(s + '!'); }`,
    line: ENDED,
    tasks: 'realm',
  },
  {
    name: 'new ArrayBuffer(2 ** 32)',
    program: `// @ts-nocheck
const b = new ArrayBuffer(2 ** 32); print(b.byteLength);`,
    line: ENDED,
    tasks: 'realm',
  },
  {
    name: 'console.log of 50 MB, twenty times',
    program: `// @ts-nocheck
const big = 'c'.repeat(50 * 1024 * 1024); for (let i = 0; i < 20; i++) console.log(big); print('logged');`,
    line: ENDED,
    tasks: 'realm',
  },
  {
    name: 'a Proxy whose ownKeys spins, printed',
    program: `// @ts-nocheck
print(new Proxy({}, { ownKeys() { for (;;) {} } }));`,
    line: /^Stopped after 4 seconds/,
    tasks: 'realm',
  },
  {
    name: 'an endless print loop',
    program: `// @ts-nocheck
for (;;) print('line');`,
    line: /^Output stopped after 500 lines/,
    tasks: 'render',
  },
  {
    name: '500 rows printed as a table',
    program: `// @ts-nocheck
db.run('CREATE TABLE t(a TEXT, b TEXT, c TEXT)');
for (let i = 0; i < 500; i++) db.run('INSERT INTO t VALUES (?, ?, ?)', ['row ' + i, 'x'.repeat(150), 'y'.repeat(150)]);
for (const r of db.all('SELECT * FROM t')) print(r.a, r.b, r.c);`,
    line: ENDED,
    tasks: 'render',
  },
  {
    name: 'a SELECT of 2,000 columns with 1,000-character names, printed',
    program: `// @ts-nocheck
const cols = Array.from({ length: 2000 }, (_, i) => i + ' AS c' + i + '_' + 'n'.repeat(1000));
print(db.all('SELECT ' + cols.join(', ')));`,
    line: ENDED,
    tasks: 'realm',
  },
  {
    name: '2,401 type errors',
    program: `const n: number = 1;\n${Array.from({ length: 2401 }, (_, i) => `let a${i}:string=n;`).join('\n')}`,
    line: /^Not run: fix these 2,?401 type errors first/,
    tasks: 'render',
  },
];

/** Replaces the lab's program with `source` and waits until it is saved and the page settled. */
async function plant(page: Page, source: string, marker: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Lab program editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
  await expect
    .poll(async () => (await stored(page))[PROGRAMS_KEY] ?? '', HEAVY_LOAD)
    .toContain(marker);
  await settled(page);
}

/** The visible text of the page, measured after the tasks (innerText lays the page out). */
const pageText = (page: Page) => page.evaluate(() => document.body.innerText.length);

/** A plain program runs and prints: the lab works after the case before it. */
async function expectNextRunWorks(page: Page, n: number): Promise<void> {
  const word = `next-run-${n}`;
  await plant(page, `// @ts-nocheck\nprint('${word}');`, word);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runStatus(page)).toHaveText(/^Ran in/, HEAVY_LOAD);
  await expect(page.getByRole('cell', { name: word, exact: true })).toBeVisible();
}

/** One case: plant, run, one line, the page's tasks and text, nothing lost, the next run. */
async function checkCase(page: Page, realm: RealmCase, n: number): Promise<void> {
  await plant(page, realm.program, realm.program.split('\n')[1].slice(0, 40));
  const before = await stored(page);
  const from = await longTaskMark(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runStatus(page)).toHaveText(ENDED, { timeout: 90_000 });
  await settled(page);
  await reportLongest(page, from, realm.name);
  const status = (await runStatus(page).textContent()) ?? '';
  test
    .info()
    .annotations.push({ type: 'line', description: `${realm.name}: ${status.slice(0, 300)}` });
  console.log(`[realm] ${realm.name}: "${status.slice(0, 200)}"`);
  if (process.env.REALM_SHOTS)
    await page
      .getByTestId('lab-output')
      .screenshot({ path: test.info().outputPath(`realm-${n}.png`) });
  expect(status, realm.name).toMatch(realm.line);
  expect(status.length, `${realm.name}: one line`).toBeLessThan(2_600);
  await expectNoLongTask(
    page,
    from,
    200,
    realm.tasks === 'render' ? `${realm.name} (drawing a big result on the page)` : realm.name,
  );
  const text = await pageText(page);
  console.log(`[realm] ${realm.name}: page text ${text} characters`);
  expect(text, `${realm.name}: page text`).toBeLessThan(200_000);
  expectNothingLost(before, await stored(page));
  await expectNextRunWorks(page, n);
}

/** Loads the lab and checks every case in turn; a case that fails gets a fresh load. */
export async function checkRealmCases(page: Page, crashed: () => boolean): Promise<void> {
  const open = async () => {
    await recordLongTasks(page);
    await page.goto('/practice/claim-lab');
    await editorReady(page);
  };
  await open();
  const failures: string[] = [];
  for (const [n, realm] of REALM_CASES.entries()) {
    await test.step(realm.name, async () => {
      try {
        await checkCase(page, realm, n);
      } catch (error) {
        failures.push(`${realm.name}:\n${error instanceof Error ? error.message : String(error)}`);
        console.log(`[realm] ${failures.at(-1)?.slice(0, 600)}`);
        if (crashed()) throw new Error(`the tab crashed during "${realm.name}"`);
        await open();
      }
    });
  }
  expect(failures, 'the cases that failed, each on a page of its own').toEqual([]);
}
