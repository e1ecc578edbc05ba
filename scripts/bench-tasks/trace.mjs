// Reads a Chromium trace for bench:tasks: the page's main-thread tasks (each with `dur`, its wall
// time, and `tdur`, the thread's CPU time in it), and, with --explain, what the
// longest one spent its time on (the V8 sampling profile inside it, and Blink's own events).

/** Enough to see every main-thread task and the page's marks. */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'blink.user_timing'];

/** The same, with V8's sampling profiler and Blink's detailed events (dearer: for --explain). */
export const PROFILE_CATEGORIES = [
  ...TRACE_CATEGORIES,
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

/**
 * What counts as one task: an outermost event of the `toplevel` category on the main thread.
 * Most are `ThreadControllerImpl::RunTask`, but a microtask checkpoint that runs outside any task
 * (`BlinkScheduler_PerformMicrotaskCheckpoint`, e.g. after a script the parser ran) is top-level
 * work too: on /learn the Long Tasks API reported 400-970 ms tasks that a count of RunTask events
 * alone never showed, and each was such a checkpoint.
 */
const isTask = (e) =>
  e.ph === 'X' && typeof e.cat === 'string' && e.cat.split(',').includes('toplevel');

/**
 * The main-thread tasks of the page that wrote `closingMark` (its renderer's main thread), in
 * trace time (µs), each once (a task nested in another, a nested run loop, counts in its parent),
 * and every mark the page wrote. Throws when the closing mark is missing: the trace lost events.
 */
export function mainThreadTasks(events, closingMark) {
  const marks = new Map();
  let thread;
  for (const event of events) {
    if (event.name?.startsWith('bench-tasks:') && typeof event.ts === 'number') {
      marks.set(event.name, event.ts);
      if (event.name === closingMark) thread = `${event.pid}:${event.tid}`;
    }
  }
  if (thread === undefined)
    throw new Error(
      `the trace came back without the page's closing mark (${events.length} events)`,
    );
  const found = events
    .filter(
      (e) =>
        isTask(e) &&
        `${e.pid}:${e.tid}` === thread &&
        typeof e.ts === 'number' &&
        typeof e.dur === 'number',
    )
    .sort((a, b) => a.ts - b.ts);
  const tasks = [];
  let end = -Infinity;
  for (const e of found) {
    if (e.ts + e.dur <= end) continue;
    end = e.ts + e.dur;
    tasks.push({
      ts: e.ts,
      dur: e.dur / 1000,
      tdur: (e.tdur ?? e.dur) / 1000,
      pid: e.pid,
      tid: e.tid,
    });
  }
  return { tasks, marks, thread };
}

const short = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, '').slice(-60) : '');
const frameName = (frame) =>
  `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${(frame.lineNumber ?? -1) + 1}`;

/** The V8 samples of one thread in [from, to] (trace µs), as stacks of frame names, leaf first. */
function samplesIn(events, task, from, to) {
  const profiles = new Map();
  for (const e of events) {
    if (e.pid !== task.pid) continue;
    if (e.name === 'Profile' && e.tid === task.tid)
      profiles.set(e.id, { time: e.args.data.startTime, nodes: new Map(), stacks: [] });
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profiles.has(e.id)) continue;
    const profile = profiles.get(e.id);
    const data = e.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i += 1) {
      profile.time += deltas[i] ?? 0;
      if (profile.time >= from && profile.time <= to) profile.stacks.push(samples[i]);
    }
  }
  const stacks = [];
  for (const profile of profiles.values())
    for (const leaf of profile.stacks) {
      const stack = [];
      for (let node = profile.nodes.get(leaf); node; node = profile.nodes.get(node.parent))
        stack.push(frameName(node.callFrame));
      stacks.push(stack);
    }
  return stacks;
}

/** Blink's own events inside the task, by name (and script), self time in ms. */
function blinkEventsIn(events, task, from, to) {
  const inside = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === task.pid &&
        e.tid === task.tid &&
        e.ts >= from &&
        e.ts + (e.dur ?? 0) <= to &&
        !isTask(e),
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const open = [];
  for (const e of inside) {
    while (open.length > 0 && open.at(-1).ts + open.at(-1).dur <= e.ts) open.pop();
    const label = `${e.name} ${short(e.args?.data?.url ?? e.args?.data?.fileName ?? '')}`.trim();
    self.set(label, (self.get(label) ?? 0) + e.dur);
    if (open.length > 0) {
      const parent = open.at(-1);
      self.set(parent.label, (self.get(parent.label) ?? 0) - e.dur);
    }
    open.push({ ts: e.ts, dur: e.dur, label });
  }
  return [...self.entries()].map(([label, us]) => [label, us / 1000]).sort((a, b) => b[1] - a[1]);
}

const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);

/** Lines that say what the task spent its time on. */
export function explainTask(events, task) {
  if (!task.ts) return ['(no task)'];
  const from = task.ts;
  const to = task.ts + task.dur * 1000;
  const lines = [`task: ${task.tdur.toFixed(0)} ms CPU, ${task.dur.toFixed(0)} ms wall`];
  const stacks = samplesIn(events, task, from, to);
  if (stacks.length > 0) {
    const selfCount = new Map();
    const totalCount = new Map();
    for (const stack of stacks) {
      selfCount.set(stack[0], (selfCount.get(stack[0]) ?? 0) + 1);
      for (const name of new Set(stack)) totalCount.set(name, (totalCount.get(name) ?? 0) + 1);
    }
    const pct = (n) => `${((100 * n) / stacks.length).toFixed(0)}%`.padStart(4);
    lines.push(`  ${stacks.length} samples; self:`);
    for (const [name, n] of top(selfCount, 12)) lines.push(`    ${pct(n)} ${name}`);
    lines.push('  total (with callees):');
    for (const [name, n] of top(totalCount, 25)) lines.push(`    ${pct(n)} ${name}`);
  }
  lines.push('  Blink events, self ms:');
  for (const [label, ms] of blinkEventsIn(events, task, from, to).slice(0, 12))
    lines.push(`    ${ms.toFixed(1).padStart(7)} ${label}`);
  return lines;
}
