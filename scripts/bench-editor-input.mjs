// The longest main-thread task when 1, 5 or 20 MB reach an editor in one input event (issue 42,
// point 2), by the paths no script can intercept: an input method's composition then its commit
// (CDP `Input.imeSetComposition` + `Input.insertText`), and text inserted as an input method or an
// emoji keyboard does (`Input.insertText` alone). Each case runs in a fresh context, in both
// editors, with the editor as shipped (Monaco's textarea input, `editContext: false`) beside
// Monaco's EditContext input (switched on in the page with `updateOptions`), and beside the
// 200 ms goal. A task is measured on the wall (Chromium's trace, `dur`) and in the main thread's
// CPU time (`tdur`), which a loaded machine does not stretch. A case still running after --cap
// seconds is stopped and printed as such. Needs the built export in out/ (`npm run build`).
// Not part of `npm test`. Usage:
//   npm run bench:editor-input [-- --sizes 1,5,20 --paths compose,insert --port 4364 --cap 120]
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startStaticServer } from './static-server.mjs';
import { executablePath, TEST_BROWSER_ARGS, testBrowserEnv } from './test-browser.mjs';
import { benchArgs, integerIn } from './bench-args.mjs';

const USAGE =
  'usage: npm run bench:editor-input [-- --sizes 1,5,20 --paths compose,insert --port 1024-65535 --cap 10-900]';
const GOAL_MS = 200;
const MB = 1024 * 1024;
const EDITORS = [
  { route: '/practice/claim-lab', name: 'claim lab' },
  { route: '/practice/sql-sandbox', name: 'SQL sandbox' },
];
const PATHS = {
  compose: 'composition + commit',
  insert: 'insertText',
};
const VARIANTS = [
  { name: 'textarea (shipped)', editContext: false },
  { name: 'EditContext', editContext: true },
];

const { fail, option } = benchArgs('bench:editor-input', USAGE);

const listOf = (allowed) => (text) => {
  const items = text.split(',');
  return items.every((item) => allowed.includes(item)) ? items : undefined;
};

if (process.argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const known = new Set(['--sizes', '--paths', '--port', '--cap']);
const unknown = process.argv.slice(2).find((arg, i, args) => {
  const isValue = i > 0 && known.has(args[i - 1]);
  return !isValue && !known.has(arg);
});
if (unknown !== undefined) fail(`unknown argument ${unknown.slice(0, 40)}; ${USAGE}`);
const SIZES = option('sizes', ['1', '5', '20'], listOf(['1', '5', '20'])).map(Number);
const PATH_NAMES = option('paths', Object.keys(PATHS), listOf(Object.keys(PATHS)));
const PORT = option('port', Number(process.env.BENCH_PORT ?? 4364), integerIn(1024, 65535));
const CAP_S = option('cap', 120, integerIn(10, 900));
if (!existsSync('out/index.html')) fail('out/ is missing: run `npm run build` first');
if (!executablePath) fail("no Chromium found: install Debian's chromium, or set CHROMIUM_PATH");

const load = () =>
  existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ')[0] : '?';

/**
 * Runs in the page: finds its Monaco editor in the React state of the editor's wrapper, keeps it
 * as `window.__benchEditor`, sets its input and focuses it; returns the editor's text.
 */
function takeEditor(editContext) {
  const host = document.querySelector('[data-testid="code-editor"]');
  let fiber = null;
  for (const element of host.querySelectorAll('*')) {
    const key = Object.keys(element).find((k) => k.startsWith('__reactFiber$'));
    if (key) {
      fiber = element[key];
      break;
    }
  }
  for (; fiber; fiber = fiber.return)
    for (let hook = fiber.memoizedState; hook && typeof hook === 'object'; hook = hook.next) {
      const current = hook.memoizedState?.current;
      if (typeof current?.trigger === 'function' && typeof current.getModel === 'function') {
        window.__benchEditor = current;
        current.updateOptions({ editContext });
        current.focus();
        return current.getModel().getValue();
      }
      if (!('next' in hook)) break;
    }
  throw new Error('no Monaco editor on the page');
}

/** Main-thread tasks in a Chromium trace, after the page's mark: the longest wall and CPU. */
function longestTasks(trace, mark) {
  const events = JSON.parse(trace.toString('utf8')).traceEvents ?? [];
  const main = new Set();
  let from = -Infinity;
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      main.add(`${event.pid}:${event.tid}`);
    if (event.name === mark) {
      from = event.ts;
      main.add(`${event.pid}:${event.tid}`);
    }
  }
  // A trace without the mark has lost events: nothing can be concluded from it.
  if (from === -Infinity) throw new Error(`the trace came back without the page's mark ${mark}`);
  let wall = 0;
  let cpu = 0;
  for (const event of events) {
    if (event.ph !== 'X' || !main.has(`${event.pid}:${event.tid}`)) continue;
    if (event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask') continue;
    if (event.ts + event.dur < from) continue;
    wall = Math.max(wall, event.dur / 1000);
    cpu = Math.max(cpu, (event.tdur ?? event.dur) / 1000);
  }
  return { wall, cpu };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One case in a fresh context: what the longest task was, and what the editor did. */
async function runCase(browser, base, editor, path, size, variant) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  let closed = false;
  try {
    const page = await context.newPage();
    await page.goto(base + editor.route);
    await page
      .locator('[data-testid="code-editor"][data-ready="true"]')
      .waitFor({ timeout: 120_000 });
    const before = await page.evaluate(takeEditor, variant.editContext);
    const line = 'SELECT 1; -- composed\n';
    const text = line.repeat(Math.ceil((size * MB) / line.length)).slice(0, size * MB);
    const cdp = await context.newCDPSession(page);
    const mark = `bench-editor-input:${editor.route}:${path}:${size}:${variant.name}`;
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    await page.evaluate((name) => void performance.mark(name), mark);
    const sent = (async () => {
      if (path === 'compose')
        await cdp.send('Input.imeSetComposition', {
          text,
          selectionStart: text.length,
          selectionEnd: text.length,
        });
      await cdp.send('Input.insertText', { text });
      // Two frames and a pause: whatever the event started has run.
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200))),
          ),
      );
      return true;
    })();
    const finished = await Promise.race([sent, sleep(CAP_S * 1000).then(() => false)]);
    if (!finished) {
      sent.catch(() => undefined);
      closed = true;
      await context.close();
      await browser.stopTracing().catch(() => undefined);
      return { stopped: true };
    }
    const { wall, cpu } = longestTasks(await browser.stopTracing(), mark);
    const after = await page.evaluate(() => ({
      value: window.__benchEditor.getModel().getValue(),
      refused: [...document.querySelectorAll('[role="alert"]')].some((n) =>
        n.textContent.startsWith('Not added:'),
      ),
    }));
    const outcome = after.value === before && after.refused ? 'refused, text kept' : 'TEXT CHANGED';
    return { wall, cpu, outcome };
  } finally {
    if (!closed) await context.close();
  }
}

const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;
const cell = (result) =>
  result.stopped
    ? `still running after ${CAP_S} s (stopped)`
    : `${ms(result.cpu)} CPU / ${ms(result.wall)} wall, ${result.outcome}${result.cpu < GOAL_MS ? '' : ' (over 200 ms)'}`;

const server = await startStaticServer(PORT).catch((error) => fail(error.message));
const browser = await chromium.launch({
  executablePath,
  args: TEST_BROWSER_ARGS,
  env: testBrowserEnv(),
});
try {
  console.log(
    `Longest main-thread task (CPU / wall) per input event, goal under ${GOAL_MS} ms; load average ${load()} at the start:`,
  );
  for (const path of PATH_NAMES)
    for (const size of SIZES)
      for (const editor of EDITORS) {
        const cells = [];
        for (const variant of VARIANTS)
          cells.push(
            `${variant.name}: ${cell(await runCase(browser, server.base, editor, path, size, variant))}`,
          );
        console.log(`  ${PATHS[path]}, ${size} MB, ${editor.name}: ${cells.join(' | ')}`);
      }
  console.log(`Load average ${load()} at the end.`);
} catch (error) {
  console.error(`bench:editor-input: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
