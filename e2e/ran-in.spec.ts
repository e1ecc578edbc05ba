import { editorReady, expect, test } from './fixtures';

// Issue 39, point 6: the claim lab's "Ran in" read 200-300 ms low against a stopwatch started at
// the click: it counted the run, not what the learner waited for. It must count from the click
// to the result on screen. The test keeps its own clock in the page: the click's time as the
// page's handlers see it (the event's timeStamp, on performance.now()'s clock), and when the
// result and then its "Ran in" line appear. Between the click and the run it keeps the main
// thread busy for 300 ms, as a slow phone or a busy page would: a timer that starts with the run
// (or in the worker) misses them.
const BUSY_MS = 300;

/** "Ran in 742 ms" or "Ran in 1.3 s", in milliseconds, with the precision it was shown at. */
function shownMs(text: string): { ms: number; precision: number } {
  const ms = /Ran in (\d+) ms/.exec(text);
  if (ms) return { ms: Number(ms[1]), precision: 1 };
  const s = /Ran in (\d+(?:\.\d)?) s/.exec(text);
  if (!s) throw new Error(`no "Ran in" figure in: ${text}`);
  return { ms: Number(s[1]) * 1000, precision: 50 };
}

test('"Ran in" counts from the click to the result on screen, not only the run', async ({
  page,
}) => {
  await page.goto('/practice/claim-lab');
  await editorReady(page);
  const status = page.locator('[data-testid="lab-output"] > p[role="status"]');
  await expect(status).toHaveText(/^Ready\./);
  await page.evaluate((busy) => {
    const clock = window as unknown as { clickAt?: number; resultAt?: number; ranInAt?: number };
    const run = [...document.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Run',
    );
    if (!run) throw new Error('no Run button');
    // Capture phase on the window: this runs before the page's own handler sees the click.
    window.addEventListener(
      'click',
      (event) => {
        if (!(event.target instanceof Node) || !run.contains(event.target)) return;
        clock.clickAt = event.timeStamp;
        const until = performance.now() + busy;
        while (performance.now() < until) {
          // the main thread is busy, as on a slow device
        }
      },
      { capture: true },
    );
    const output = document.querySelector('[data-testid="lab-output"]');
    if (!output) throw new Error('no lab output');
    new MutationObserver(() => {
      const text = output.querySelector(':scope > p[role="status"]')?.textContent ?? '';
      if (clock.resultAt === undefined && /^Ran\b/.test(text)) clock.resultAt = performance.now();
      if (clock.ranInAt === undefined && /^Ran in/.test(text)) clock.ranInAt = performance.now();
    }).observe(output, { childList: true, subtree: true, characterData: true });
  }, BUSY_MS);

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(status).toHaveText(/^Ran in \d/);
  const { clickAt, resultAt, ranInAt } = await page.evaluate(() => {
    const c = window as unknown as { clickAt: number; resultAt: number; ranInAt: number };
    return { clickAt: c.clickAt, resultAt: c.resultAt, ranInAt: c.ranInAt };
  });
  const { ms, precision } = shownMs((await status.textContent()) ?? '');
  // At least from the click to the result's first appearance (which the busy 300 ms precede)…
  expect(ms, 'Ran in, against the click and the result on screen').toBeGreaterThanOrEqual(
    Math.floor(resultAt - clickAt) - precision,
  );
  expect(ms).toBeGreaterThanOrEqual(BUSY_MS);
  // …and no more than until the figure itself was on screen.
  expect(ms).toBeLessThanOrEqual(Math.ceil(ranInAt - clickAt) + precision);
  await expect(status).toHaveText(/\(from your click to this result on screen\)\.$/);
});
