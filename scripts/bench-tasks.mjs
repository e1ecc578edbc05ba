// The longest main-thread task of every route's first load and of each practice page's first
// action, in wall time and in CPU time, beside the goal "no main-thread task over 200 ms".
// Needs the built export in out/ (`npm run build`). Usage:
//   npm run bench:tasks [-- --rounds 3 --port 4364 --only /reflect,/practice/claim-lab --explain]
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startStaticServer } from './static-server.mjs';
import { ACTIONS, exportedRoutes, READY, templateOf } from './bench-tasks/routes.mjs';
import {
  explainTask,
  mainThreadTasks,
  TRACE_CATEGORIES,
  PROFILE_CATEGORIES,
} from './bench-tasks/trace.mjs';
import { BASE_ARGS, executablePath, testBrowserEnv } from './test-browser.mjs';
import { benchArgs, integerIn, pathList } from './bench-args.mjs';

const USAGE =
  'usage: npm run bench:tasks [-- --rounds 1-20 --port 1024-65535 --only /a,/b --explain]';
const GOAL_MS = 200;

const { fail, option } = benchArgs('bench:tasks', USAGE);

if (process.argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const known = new Set(['--rounds', '--port', '--only']);
const unknown = process.argv.slice(2).find((arg, i, args) => {
  const isValue = i > 0 && known.has(args[i - 1]);
  return !isValue && !known.has(arg) && arg !== '--explain';
});
if (unknown !== undefined) fail(`unknown argument ${unknown.slice(0, 40)}; ${USAGE}`);
const ROUNDS = option('rounds', 3, integerIn(1, 20));
const PORT = option('port', Number(process.env.BENCH_PORT ?? 4364), integerIn(1024, 65535));
const ONLY = option('only', undefined, pathList());
const EXPLAIN = process.argv.includes('--explain');
if (!existsSync('out/index.html')) fail('out/ is missing: run `npm run build` first');
if (!executablePath) fail("no Chromium found: install Debian's chromium, or set CHROMIUM_PATH");

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Records what the Long Tasks API sees (wall time, as a web page measures itself). */
function observeLongTasks() {
  const seen = [];
  Object.defineProperty(window, '__benchLongTasks', { value: seen });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Resolves true once the page's main thread has been quiet for 500 ms (ten 50 ms timers in a row,
 * none late by 40 ms or more): the work the load or the action started has run. (Idle callbacks
 * are not used: after a click the timeline never got one, with its main thread idle.) Resolves
 * false after 20 s without such a quiet half second.
 */
function settled() {
  return new Promise((resolve) => {
    const start = performance.now();
    let quiet = 0;
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      quiet = now - last - 50 < 40 ? quiet + 1 : 0;
      last = now;
      if (quiet >= 10) resolve(true);
      else if (now - start > 20_000) resolve(false);
      else setTimeout(tick, 50);
    };
    setTimeout(tick, 50);
  });
}

/**
 * Waits until the page has had no request for 500 ms, or 15 s: Playwright counts a Web Worker's
 * blob: script as a request that never ends (seen on the claim lab), and settled() below, the
 * main thread's quiet, is what ends a measurement anyway.
 */
const networkQuiet = (page) =>
  page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);

let markCount = 0;
const mark = async (page) => {
  markCount += 1;
  const name = `bench-tasks:${markCount}`;
  await page.evaluate((m) => void performance.mark(m), name);
  return name;
};

/**
 * One measurement: a fresh context (empty cache, no service worker), the page loaded until it is
 * ready and idle, then, when an action is given, the action until its result shows and the page
 * is idle again. The longest main-thread task of the load and of the action: from the trace
 * (wall and CPU time) and from the page's own Long Tasks API (wall time).
 */
async function measure(browser, base, path, action) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(observeLongTasks);
    await browser.startTracing(undefined, {
      categories: EXPLAIN ? PROFILE_CATEGORIES : TRACE_CATEGORIES,
    });
    await page.goto(base + path);
    await networkQuiet(page);
    await READY[templateOf(path)]?.(page);
    if (!(await page.evaluate(settled))) console.log(`  (${path}: never idle 20 s after load)`);
    const loaded = await mark(page);
    const seenAtLoad = await page.evaluate(() => window.__benchLongTasks.length);
    if (action) {
      await action.act(page);
      await networkQuiet(page);
      if (!(await page.evaluate(settled)))
        console.log(`  (${path}: never idle 20 s after ${action.name})`);
    }
    const api = await page.evaluate(() => window.__benchLongTasks);
    const closing = await mark(page);
    const events = JSON.parse((await browser.stopTracing()).toString('utf8')).traceEvents;
    const { tasks, marks } = mainThreadTasks(events, closing);
    const split = marks.get(loaded);
    const part = (list, apiList) => {
      const longest = list.reduce((a, t) => (t.tdur > (a?.tdur ?? -1) ? t : a), undefined);
      return {
        cpu: longest?.tdur ?? 0,
        wall: list.reduce((m, t) => Math.max(m, t.dur), 0),
        api: Math.max(0, ...apiList),
        explain: EXPLAIN && longest ? explainTask(events, longest) : undefined,
      };
    };
    const result = {
      load: part(
        tasks.filter((t) => t.ts < split),
        api.slice(0, seenAtLoad),
      ),
    };
    if (action)
      result.action = part(
        tasks.filter((t) => t.ts >= split),
        api.slice(seenAtLoad),
      );
    return result;
  } finally {
    await context.close().catch(() => undefined);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0)}`.padStart(5);

/** The idle reference: the app's 404 page, its shell and nothing else, measured in every round. */
const REFERENCE = '/404';

const server = await startStaticServer(PORT).catch((error) => fail(error.message));
const browser = await chromium.launch({ executablePath, args: BASE_ARGS, env: testBrowserEnv() });
try {
  const routes = exportedRoutes().filter(
    (r) => !ONLY || ONLY.includes(r) || ONLY.includes(templateOf(r)),
  );
  const rows = new Map();
  const add = (key, figure) => rows.set(key, [...(rows.get(key) ?? []), figure]);
  console.log(
    `bench:tasks: ${routes.length} routes, ${ROUNDS} rounds; load average at start: ${loadAverage()}`,
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    const reference = await measure(browser, server.base, REFERENCE);
    add('reference', reference.load);
    for (const path of routes) {
      const action = ACTIONS[templateOf(path)];
      const result = await measure(browser, server.base, path, action).catch((error) => {
        throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      });
      console.log(
        `  ${path}: load ${result.load.cpu.toFixed(0)} ms CPU / ${result.load.wall.toFixed(0)} ms wall${action ? `; ${action.name} ${result.action.cpu.toFixed(0)} / ${result.action.wall.toFixed(0)}` : ''}`,
      );
      add(`${path} load`, result.load);
      if (action) add(`${path} ${action.name}`, result.action);
      for (const [what, part] of Object.entries(result))
        if (part.explain)
          console.log(`\n${path} ${what} (round ${round}):\n${part.explain.join('\n')}`);
    }
    console.log(`round ${round} done; load average ${loadAverage()}`);
  }
  const reference = median(rows.get('reference').map((f) => f.cpu));
  console.log(
    `\nLongest main-thread task, ms, median of ${ROUNDS} fresh-context loads (each round's figures in brackets).`,
  );
  console.log(
    `CPU: the main thread's CPU time in the task (trace, tdur); wall: its wall time (trace, dur);`,
  );
  console.log(
    `API: the page's own Long Tasks API (wall time, tasks of 50 ms or more). Reference: the app's`,
  );
  console.log(`404 page (the shell alone) in the same rounds: ${reference.toFixed(0)} ms of CPU.`);
  console.log(
    `${'route / action'.padEnd(44)}   CPU  wall   API  goal 200 ms (CPU)  CPU of each round`,
  );
  let over = 0;
  for (const [key, figures] of rows) {
    if (key === 'reference') continue;
    const cpu = median(figures.map((f) => f.cpu));
    const wall = median(figures.map((f) => f.wall));
    const api = median(figures.map((f) => f.api));
    const met = cpu <= GOAL_MS;
    if (!met) over += 1;
    console.log(
      `${key.padEnd(44)} ${ms(cpu)} ${ms(wall)} ${ms(api)}  ${(met ? 'met' : 'OVER').padEnd(17)}  [${figures.map((f) => f.cpu.toFixed(0)).join(' ')}]`,
    );
  }
  console.log(
    `\n${over} of ${rows.size - 1} over ${GOAL_MS} ms of CPU (median); load average at end: ${loadAverage()}`,
  );
} catch (error) {
  console.error(`bench:tasks: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
