import type { Browser, Page } from '@playwright/test';
import { counted } from '@/lib/lease';

/**
 * Main-thread tasks, measured by what they cost the page's main thread in CPU time, not by the
 * clock on the wall.
 *
 * Why CPU time: on a loaded machine (two cores, a build and a second browser beside this one)
 * the operating system takes the CPU away from the browser in the middle of a task, and the same
 * 100 ms of work lasts 400-900 ms on the wall (measured: a loop of 245 ms of CPU took 933 ms of
 * wall time at load average 13). A check on wall time then fails for the machine, not for the
 * page. The issue's bound, "no main-thread task over 200 ms", is about the work the page puts on
 * its main thread, which is the task's thread time.
 *
 * How: Chromium's own trace (category `toplevel`), one event per task of every renderer main
 * thread (`CrRendererMain`), with `dur` (wall) and `tdur` (thread CPU time).
 * Web Workers' tasks run on other threads and are not counted: work done in a worker is exactly
 * what keeps the page answering. A mark is a `performance.mark()` in the page, found in the same
 * trace, so "since the mark" is exact.
 *
 * Usage:
 *
 *     await recordLongTasks(page);            // before page.goto: starts the trace
 *     await page.goto('/practice/claim-lab');
 *     const from = await longTaskMark(page);  // ignore the page's own load
 *     … act like a learner …
 *     await expectNoLongTask(page, from, 200, 'after a 20 MB exception');
 *
 * A mark stays valid across a navigation or reload (the trace's clock is the browser's).
 *
 * Playwright's trace takes a DOM snapshot in the page's main thread at every action, and those
 * snapshots are long tasks too on a large DOM: use `test.use({ trace: 'off' })` in a spec that
 * measures.
 *
 * The trace checks itself: before it is read, the page writes a closing mark, and a trace that
 * comes back without it has lost the page's latest events (a task that ended just before could be
 * among them). That is an error (TraceIncomplete), never a pass: a door check must not pass by
 * measuring a trace with holes. Seen once in CI (the measurer's own test found no task at all, at
 * load 6); not reproduced in 60 runs at load 15, so the check is there to name the cause if it
 * comes back. The page's main thread is also known by where its marks were written, not only by
 * the thread's name.
 */
export interface LongTask {
  /** Start, ms after the mark it was asked against (negative: before it). */
  start: number;
  /** The main thread's CPU time in this task, ms: what the bound is about. */
  duration: number;
  /** Its wall-clock time, ms (CPU time plus whatever the machine made it wait). */
  wall: number;
}

/** Tasks shorter than this, in wall and CPU time, are not reported (as the Long Tasks API). */
const REPORTED_MS = 50;

interface TraceEvent {
  name?: string;
  cat?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** What one browser's trace has shown so far, across the stops that read it. */
interface Recording {
  tracing: boolean;
  /** Main-thread tasks, trace clock (µs). */
  tasks: { ts: number; dur: number; tdur: number }[];
  /** Mark name → trace time (µs). */
  marks: Map<string, number>;
}

const recordings = new WeakMap<Browser, Recording>();
let markCount = 0;

function browserOf(page: Page): Browser {
  const browser = page.context().browser();
  if (!browser) throw new Error('long tasks: this page has no Browser to trace');
  return browser;
}

/**
 * A task is an outermost event of the `toplevel` category on the main thread: mostly `RunTask`,
 * but also a microtask checkpoint that Blink runs outside any task
 * (`BlinkScheduler_PerformMicrotaskCheckpoint`: the callback of a fetch's promise runs there).
 * Counting `RunTask` alone missed those: on /learn the Long Tasks API saw tasks of 400-970 ms of
 * wall time that no RunTask covered, each such a checkpoint (npm run bench:tasks,
 * docs/performance.md).
 */
const isTask = (event: TraceEvent) =>
  event.ph === 'X' && (event.cat ?? '').split(',').includes('toplevel');

/** A trace read back without the closing mark the page wrote just before: it lost events. */
export class TraceIncomplete extends Error {}

/** Reads what the trace holds so far into `recording`, and starts a new trace to go on. */
async function collect(page: Page, recording: Recording): Promise<void> {
  const browser = browserOf(page);
  markCount += 1;
  const closing = `long-task-mark:${markCount}`;
  await page.evaluate((mark) => void performance.mark(mark), closing);
  const buffer = await browser.stopTracing();
  recording.tracing = false;
  const parsed = JSON.parse(buffer.toString('utf8')) as
    { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mainThreads = new Set<string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      mainThreads.add(`${event.pid}:${event.tid}`);
    // A mark is written by the page's main thread, whatever the trace names that thread.
    if (event.name?.startsWith('long-task-mark:') && typeof event.ts === 'number') {
      recording.marks.set(event.name, event.ts);
      mainThreads.add(`${event.pid}:${event.tid}`);
    }
  }
  const found: (Recording['tasks'][number] & { thread: string })[] = [];
  for (const event of events) {
    if (
      isTask(event) &&
      mainThreads.has(`${event.pid}:${event.tid}`) &&
      typeof event.ts === 'number' &&
      typeof event.dur === 'number'
    )
      found.push({
        thread: `${event.pid}:${event.tid}`,
        ts: event.ts,
        dur: event.dur,
        tdur: event.tdur ?? event.dur,
      });
  }
  // A task nested in another of its thread (a nested run loop) is already counted in its parent.
  found.sort((a, b) => a.ts - b.ts);
  const ends = new Map<string, number>();
  for (const { thread, ...task } of found) {
    if (task.ts + task.dur <= (ends.get(thread) ?? -Infinity)) continue;
    ends.set(thread, task.ts + task.dur);
    recording.tasks.push(task);
  }
  await browser.startTracing(undefined, { categories: ['toplevel', 'blink.user_timing'] });
  recording.tracing = true;
  if (!recording.marks.has(closing))
    throw new TraceIncomplete(
      `long tasks: the browser's trace came back without the page's closing mark (${events.length} events, ${found.length} main-thread tasks): it lost the page's latest events, so nothing can be concluded from it`,
    );
}

/** Starts recording every main-thread task of the page's browser from now on. */
export async function recordLongTasks(page: Page): Promise<void> {
  const browser = browserOf(page);
  const earlier = recordings.get(browser);
  // A trace left running by an earlier test of this worker: end it, its tasks are not ours.
  if (earlier?.tracing) await browser.stopTracing();
  const recording: Recording = { tracing: false, tasks: [], marks: new Map() };
  recordings.set(browser, recording);
  await browser.startTracing(undefined, { categories: ['toplevel', 'blink.user_timing'] });
  recording.tracing = true;
}

/**
 * Ends the browser's trace if one is still running. e2e/fixtures.ts calls it after every test: a
 * trace of every task of every process, left running, slowed each later test of the worker until
 * the next recordLongTasks (Chromium's tracing service alone spent 8.5 s of CPU in a suite run).
 */
export async function stopLongTaskRecording(browser: Browser): Promise<void> {
  const recording = recordings.get(browser);
  if (!recording?.tracing) return;
  recording.tracing = false;
  await browser.stopTracing();
}

/** Now, as a mark in the page: pass it to longTasksSince() to ignore what happened before. */
export async function longTaskMark(page: Page): Promise<number> {
  markCount += 1;
  const name = `long-task-mark:${markCount}`;
  await page.evaluate((mark) => void performance.mark(mark), name);
  return markCount;
}

function recordingOf(page: Page): Recording {
  const recording = recordings.get(browserOf(page));
  if (!recording?.tracing)
    throw new Error('long tasks are not recorded: call recordLongTasks(page) before goto');
  return recording;
}

/**
 * The main-thread tasks over 50 ms (CPU or wall) that ended after `mark` (0: since
 * recordLongTasks). Throws when recordLongTasks() was not called, or the mark is not in the
 * trace, so a test cannot pass by measuring nothing.
 */
export async function longTasksSince(page: Page, mark = 0): Promise<LongTask[]> {
  const recording = recordingOf(page);
  await collect(page, recording);
  let from = -Infinity;
  if (mark !== 0) {
    const at = recording.marks.get(`long-task-mark:${mark}`);
    if (at === undefined) throw new Error(`long tasks: mark ${mark} is not in the trace`);
    from = at;
  }
  const origin = Number.isFinite(from) ? from : (recording.tasks[0]?.ts ?? 0);
  return recording.tasks
    .filter((task) => task.ts + task.dur > from)
    .filter((task) => task.dur >= REPORTED_MS * 1000 || task.tdur >= REPORTED_MS * 1000)
    .map((task) => ({
      start: (task.ts - origin) / 1000,
      duration: task.tdur / 1000,
      wall: task.dur / 1000,
    }));
}

/** The longest task's CPU time since `mark`, in ms (0 when there was none over 50 ms). */
export async function longestTaskSince(page: Page, mark = 0): Promise<number> {
  const tasks = await longTasksSince(page, mark);
  return tasks.reduce((longest, task) => Math.max(longest, task.duration), 0);
}

/** One line per task, for a failure message or a test annotation. */
export function describeLongTasks(tasks: readonly LongTask[]): string {
  if (tasks.length === 0) return 'no main-thread task over 50 ms';
  return tasks
    .map(
      (task) =>
        `task at ${Math.round(task.start)} ms: ${Math.round(task.duration)} ms of CPU (${Math.round(task.wall)} ms on the wall)`,
    )
    .join('\n');
}

/**
 * Fails unless every main-thread task that ended after `mark` used under `limitMs` of CPU time.
 * The message lists every long task seen, with `what` naming the moment measured.
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
      `${what}: ${counted(over.length, 'main-thread task')} of ${limitMs} ms or more of CPU time\n${describeLongTasks(tasks)}`,
    );
}
