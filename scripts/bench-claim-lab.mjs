// Measures the claim lab's first Run: the time from the click to the result on the page, for a
// learner who clicks Run as soon as the page reacts, while the editor (Monaco) is still loading.
// Needs the built export in out/ (`npm run build`). Usage:
//   npm run bench:claim-lab [-- --runs 7 --port 4362]
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startStaticServer } from './static-server.mjs';
import { executablePath, TEST_BROWSER_ARGS, testBrowserEnv } from './test-browser.mjs';

const USAGE = 'usage: npm run bench:claim-lab [-- --runs 1-50 --port 1024-65535]';
if (process.argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
/** An integer option within its range, or one line on stderr and exit 2. */
const arg = (name, fallback, low, high) => {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const text = process.argv[at + 1];
  const value = Number(text);
  if (Number.isInteger(value) && value >= low && value <= high) return value;
  console.error(`bench:claim-lab: --${name} ${text ?? '(nothing)'} is not valid; ${USAGE}`);
  process.exit(2);
};
const RUNS = arg('runs', 7, 1, 50);
const PORT = arg('port', Number(process.env.BENCH_PORT ?? 4362), 1024, 65535);
const GOAL_MS = 1000;

/** Clicks Run inside the page and resolves with the click-to-verdict time and the page's own figure. */
function clickAndTime() {
  return new Promise((resolve) => {
    const output = document.querySelector('[data-testid="lab-output"]');
    const editorLoaded = document.querySelector('.monaco-editor') !== null;
    const start = performance.now();
    const observer = new MutationObserver(() => {
      const verdict = document.querySelector('[data-testid="verdict"]');
      if (!verdict) return;
      observer.disconnect();
      const status = output?.querySelector('[role="status"]')?.textContent ?? '';
      resolve({
        ms: performance.now() - start,
        verdict: verdict.textContent,
        status,
        editorLoaded,
      });
    });
    observer.observe(output ?? document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    const run = [...document.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Run',
    );
    run?.click();
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (!existsSync('out/index.html')) {
  console.error('bench:claim-lab: out/ is missing: run `npm run build` first.');
  process.exit(2);
}
const server = await startStaticServer(PORT).catch((error) => {
  console.error(`bench:claim-lab: ${error.message}`);
  process.exit(2);
});
const base = server.base;
try {
  // The suite's own browser and flags (scripts/test-browser.mjs), so the figures match its runs.
  const browser = await chromium.launch({
    executablePath,
    args: TEST_BROWSER_ARGS,
    env: testBrowserEnv(),
  });
  const first = [];
  const warm = [];
  for (let i = 0; i < RUNS; i += 1) {
    // A fresh context each time: no cache, no service worker, like a first visit.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${base}/practice/claim-lab`);
    await page.locator('[data-live="true"]').waitFor({ state: 'attached' });
    const cold = await page.evaluate(clickAndTime);
    first.push(cold);
    await page.locator('.monaco-editor').first().waitFor();
    warm.push(await page.evaluate(clickAndTime));
    console.log(
      `run ${i + 1}: first Run ${cold.ms.toFixed(0)} ms (${cold.verdict}; editor loaded at click: ${cold.editorLoaded ? 'yes' : 'no'}; page said "${cold.status.trim()}"), after the editor loaded ${warm.at(-1).ms.toFixed(0)} ms`,
    );
    await context.close();
  }
  await browser.close();
  const firstMs = first.map((r) => r.ms);
  const loading = first.filter((r) => !r.editorLoaded).length;
  console.log(
    `\nfirst Run, click to result: median ${median(firstMs).toFixed(0)} ms, worst ${Math.max(...firstMs).toFixed(0)} ms over ${RUNS} fresh page loads (${loading} clicked while the editor was still loading)`,
  );
  console.log(
    `Run after the editor loaded: median ${median(warm.map((r) => r.ms)).toFixed(0)} ms (includes Monaco's type check)`,
  );
  const met = Math.max(...firstMs) <= GOAL_MS;
  console.log(`goal: first Run within ${GOAL_MS} ms of the click: ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  await server.stop();
}
