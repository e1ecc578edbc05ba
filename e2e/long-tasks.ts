import type { Page } from '@playwright/test';

/**
 * Main-thread long tasks, measured by the page itself (PerformanceObserver 'longtask': every task
 * of the page's main thread over 50 ms). Web Workers' tasks are not counted: work done in a
 * worker is exactly what keeps the page answering.
 *
 * Usage:
 *
 *     await recordLongTasks(page);            // before page.goto: installs at document start
 *     await page.goto('/practice/claim-lab');
 *     const from = await longTaskMark(page);  // ignore the page's own load
 *     … act like a learner …
 *     await expectNoLongTask(page, from, 200, 'after a 20 MB exception');
 *
 * A mark belongs to the document it was taken in: a navigation or reload starts a new clock and
 * a new list (the init script runs again), so take a new mark after one.
 *
 * Playwright's trace takes a DOM snapshot in the page's main thread at every action, and those
 * snapshots are long tasks too on a large DOM: use `test.use({ trace: 'off' })` in a spec that
 * measures.
 */
export interface LongTask {
  /** Start, ms on the page's clock (performance.now()). */
  start: number;
  /** Duration, ms. */
  duration: number;
}

interface LongTaskWindow {
  __longTasks?: LongTask[];
}

/** Starts recording every main-thread long task of every document the page loads from now on. */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // A browser without Long Tasks: longTasksSince() then reports that nothing was recorded.
    }
  });
}

/** Now, on the page's clock: pass it to longTasksSince() to ignore what happened before. */
export async function longTaskMark(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/**
 * The long tasks that ended after `mark` (0: since the document started). Throws when
 * recordLongTasks() was not installed before this document loaded, so a test cannot pass by
 * measuring nothing.
 */
export async function longTasksSince(page: Page, mark = 0): Promise<LongTask[]> {
  const tasks = await page.evaluate(() => (window as LongTaskWindow).__longTasks ?? null);
  if (!tasks)
    throw new Error('long tasks are not recorded: call recordLongTasks(page) before goto');
  return tasks.filter((task) => task.start + task.duration > mark);
}

/** The longest task that ended after `mark`, in ms (0 when there was none over 50 ms). */
export async function longestTaskSince(page: Page, mark = 0): Promise<number> {
  const tasks = await longTasksSince(page, mark);
  return tasks.reduce((longest, task) => Math.max(longest, task.duration), 0);
}

/** One line per task, for a failure message or a test annotation. */
export function describeLongTasks(tasks: readonly LongTask[]): string {
  if (tasks.length === 0) return 'no main-thread task over 50 ms';
  return tasks
    .map((task) => `task at ${Math.round(task.start)} ms: ${Math.round(task.duration)} ms`)
    .join('\n');
}

/**
 * Fails unless every main-thread task that ended after `mark` is under `limitMs`. The message
 * lists every long task seen, with `what` naming the moment measured.
 */
export async function expectNoLongTask(
  page: Page,
  mark: number,
  limitMs: number,
  what: string,
): Promise<void> {
  const tasks = await longTasksSince(page, mark);
  const over = tasks.filter((task) => task.duration >= limitMs);
  if (over.length > 0)
    throw new Error(
      `${what}: ${over.length} main-thread task(s) of ${limitMs} ms or more\n${describeLongTasks(tasks)}`,
    );
}
