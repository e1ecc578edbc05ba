// What one page load costs the end-to-end suite's browser, in CPU seconds, with and without each
// flag that is there for speed (scripts/test-browser.mjs), side by side in one process: each
// round launches one browser per variant, in turn, and loads the pages in fresh contexts (as
// each test does) to network idle. CPU is the browser's whole process tree, read from /proc.
// Needs the built export in out/ (`npm run build`) and Linux. Usage:
//   npm run bench:page-load [-- --rounds 5 --port 4363 --pages /,/learn,/practice/timeline]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startStaticServer } from './static-server.mjs';
import { BASE_ARGS, executablePath, testBrowserEnv, WASM_BASELINE_ONLY } from './test-browser.mjs';
import { benchArgs, integerIn, pathList } from './bench-args.mjs';

const USAGE = 'usage: npm run bench:page-load [-- --rounds 1-50 --port 1024-65535 --pages /a,/b]';

const { fail, option } = benchArgs('bench:page-load', USAGE);

const pageList = pathList(20);

if (process.argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const known = new Set(['--rounds', '--port', '--pages']);
const unknown = process.argv.slice(2).find((arg, i, args) => {
  const isValue = i > 0 && known.has(args[i - 1]);
  return !isValue && !known.has(arg);
});
if (unknown !== undefined) fail(`unknown argument ${unknown.slice(0, 40)}; ${USAGE}`);
const ROUNDS = option('rounds', 5, integerIn(1, 50));
const PORT = option('port', Number(process.env.BENCH_PORT ?? 4363), integerIn(1024, 65535));
const PAGES = option('pages', ['/', '/learn', '/practice/timeline'], pageList);
if (!existsSync('/proc/self/stat')) fail('reads CPU time from /proc, so it runs on Linux only');
if (!existsSync('out/index.html')) fail('out/ is missing: run `npm run build` first');
if (!executablePath) fail("no Chromium found: install Debian's chromium, or set CHROMIUM_PATH");

/** The variants compared: each speed flag off, then the suite's own set. */
const VARIANTS = [
  { name: 'WASM optimized too (V8 default)', args: BASE_ARGS },
  { name: 'WASM baseline only (the suite)', args: [...BASE_ARGS, WASM_BASELINE_ONLY] },
];

/** CPU seconds (user and system, with reaped children) of a process and all its descendants. */
function treeCpu(root) {
  const children = new Map();
  const cpu = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields[1]);
    cpu.set(
      Number(name),
      fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0),
    );
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  let ticks = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop();
    ticks += cpu.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / 100;
}

/** Loads every page in a fresh context of a new browser; the CPU its process tree spent. */
async function round(base, args) {
  const browser = await chromium.launch({ executablePath, args, env: testBrowserEnv() });
  try {
    const before = treeCpu(process.pid);
    for (const path of PAGES) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const response = await page.goto(base + path);
      if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}, not a page`);
      await page.waitForLoadState('networkidle');
      await context.close();
    }
    return treeCpu(process.pid) - before;
  } finally {
    await browser.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startStaticServer(PORT).catch((error) => fail(error.message));
try {
  const spent = VARIANTS.map(() => []);
  for (let r = 0; r < ROUNDS; r += 1)
    for (const [i, variant] of VARIANTS.entries())
      spent[i].push(await round(server.base, variant.args));
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(
    `${PAGES.length} fresh-context loads (${PAGES.join(', ')}) per round, ${ROUNDS} rounds, load ${load}:`,
  );
  for (const [i, variant] of VARIANTS.entries()) {
    const middle = median(spent[i]);
    const each = spent[i].map((s) => s.toFixed(2)).join(' ');
    console.log(
      `  ${variant.name.padEnd(34)} median ${middle.toFixed(2)} s of CPU, ${(middle / PAGES.length).toFixed(2)} s a load (rounds: ${each})`,
    );
  }
} catch (error) {
  console.error(`bench:page-load: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await server.stop();
}
