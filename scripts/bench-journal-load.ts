/**
 * The journal's load on /reflect, in a real browser: the longest main-thread task (CPU time, from
 * Chromium's trace, as e2e/long-tasks.ts measures it) from the navigation until the journal is
 * read and shown, for an empty journal and for 1,000, 10,000 and 30,000 stored versions, side by
 * side. Each journal is made by the app's own store (e2e/journal-fixture.ts) and planted before
 * the page loads. Needs the built export in out/ (`npm run build`). Run by `npm run bench:journal`
 * after the Node figures; `npm run bench:journal -- --load-only` runs only this part.
 */
import { chromium, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { storedChars, storedJournal } from '../e2e/journal-fixture';
import { longestTaskSince, recordLongTasks } from '../e2e/long-tasks';
import { startStaticServer } from './static-server.mjs';
import { executablePath, TEST_BROWSER_ARGS, testBrowserEnv } from './test-browser.mjs';

/** Versions, and in how many answers (none: spread over the journal's own prompts). */
const SIZES: [versions: number, answers?: number][] = [
  [0],
  [1_000],
  [10_000],
  [30_000],
  [30_000, 3_000],
];
const ROUNDS = 3;
const fmt = (n: number) => n.toLocaleString('en-US');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One load of /reflect with `items` in localStorage: its longest task and time until shown. */
async function loadOnce(page: Page, base: string, items: Record<string, string>) {
  await page.addInitScript((planted) => {
    if (sessionStorage.getItem('planted')) return;
    sessionStorage.setItem('planted', '1');
    for (const [key, value] of Object.entries(planted)) localStorage.setItem(key, value);
  }, items);
  await recordLongTasks(page);
  const started = performance.now();
  await page.goto(`${base}/reflect`);
  await page.getByRole('heading', { name: /^History \(/ }).waitFor({ timeout: 120_000 });
  const shown = performance.now() - started;
  const longest = await longestTaskSince(page, 0);
  const count = await page.getByRole('heading', { name: /^History \(/ }).textContent();
  return { longest, shown, count: count ?? '' };
}

export async function benchJournalLoad(port: number, sizes = SIZES): Promise<boolean> {
  if (!existsSync('out/index.html')) {
    console.log('Load of /reflect: skipped, out/ is missing (run `npm run build` first).');
    return true;
  }
  if (!executablePath) {
    console.log('Load of /reflect: skipped, no Chromium found (set CHROMIUM_PATH).');
    return true;
  }
  const journals = sizes.map(([versions, answers]) => {
    const items = versions === 0 ? {} : storedJournal(versions, answers);
    return {
      versions,
      label: `${fmt(versions)}${answers ? ` in ${fmt(answers)} answers` : ''}`,
      items,
      chars: storedChars(items),
      keys: Object.keys(items).length,
    };
  });
  const server = await startStaticServer(port);
  const browser = await chromium.launch({
    executablePath,
    args: TEST_BROWSER_ARGS,
    env: testBrowserEnv() as Record<string, string>,
  });
  const results = journals.map(() => ({
    longest: [] as number[],
    shown: [] as number[],
    count: '',
  }));
  try {
    // Rounds interleave the sizes, so a busy spell of the machine falls on all of them alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, journal] of journals.entries()) {
        const context = await browser.newContext({ serviceWorkers: 'block' });
        try {
          const page = await context.newPage();
          const one = await loadOnce(page, server.base, journal.items);
          results[i].longest.push(one.longest);
          results[i].shown.push(one.shown);
          results[i].count = one.count;
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const baseline = median(results[0].longest);
  console.log('');
  console.log(
    `Load of /reflect in Chromium (median of ${ROUNDS} loads each; longest main-thread task in CPU ms, from navigation until the history is shown):`,
  );
  console.log(
    '                  versions  stored characters   keys  longest task  beyond empty  until shown (wall)  shown',
  );
  let pass = true;
  for (const [i, journal] of journals.entries()) {
    const longest = median(results[i].longest);
    const beyond = Math.max(0, longest - baseline);
    if (journal.versions > 0 && beyond > 200) pass = false;
    console.log(
      `  ${journal.label.padStart(24)}  ${fmt(journal.chars).padStart(17)}  ${String(journal.keys).padStart(5)}  ${`${longest.toFixed(0)} ms`.padStart(12)}  ${(journal.versions ? `${beyond.toFixed(0)} ms` : '(baseline)').padStart(12)}  ${`${fmt(Math.round(median(results[i].shown)))} ms`.padStart(18)}  ${results[i].count}`,
    );
  }
  console.log(
    `  goal: no journal adds a task over 200 ms beyond the empty journal's load ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}
