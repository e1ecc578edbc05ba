import type { HistoryEntry } from './history';

/** The events marked on a lane, in the lesson's words. */
export const MARK_KINDS = [
  'kill',
  'pause',
  'resume',
  'takeover',
  'refused',
  'ack-lost',
  'duplicate',
] as const;
export type MarkKind = (typeof MARK_KINDS)[number];

/** What each mark means, for the legend and the summary table. */
export const MARK_LABELS: Record<MarkKind, string> = {
  kill: 'killed (SIGKILL)',
  pause: 'paused (SIGSTOP)',
  resume: 'resumed (SIGCONT)',
  takeover: 'takeover (a later claim, with a higher fence)',
  refused: 'refused write',
  'ack-lost': 'acknowledgement lost (outcome unknown)',
  duplicate: 'duplicate (retry of a write that took effect)',
};

/** One mark on a lane; `x` is its place on the time axis, from 0 (first entry) to 1 (last). */
export interface LaneMark {
  kind: MarkKind;
  t: number;
  x: number;
  run?: string;
  generation?: number;
  /** What was refused, duplicated or lost (`publish`, `checkpoint draft`), when it was a write. */
  write?: string;
  detail?: string;
}

/** A stretch of a lane: holding a run (from its claim to its finish or its loss), or paused. */
export interface LaneSpan {
  kind: 'holds' | 'paused';
  x: number;
  width: number;
  run?: string;
  generation?: number;
}

/** One process: a worker's lifetime from its spawn (or first entry) to its exit or kill. */
export interface HistoryLane {
  pid: number;
  worker: string;
  x: number;
  width: number;
  end: 'exited' | 'killed' | 'open';
  spans: LaneSpan[];
  marks: LaneMark[];
}

export interface HistoryDrawing {
  t0: number;
  durationMs: number;
  lanes: HistoryLane[];
  /** Every mark of every lane in time order, with its lane, for the accessible table. */
  events: (LaneMark & { worker: string; pid: number })[];
  /** How many events there are (an imported drawing lists only the first of them in `events`). */
  eventCount: number;
  counts: Record<MarkKind, number>;
  /** Claims that found nothing to claim: polls, not writes, so not drawn as refusals. */
  emptyPolls: number;
  runs: number;
  ticks: { x: number; label: string }[];
}

/** Round steps for the time axis: 1, 2, 5 × 10^k milliseconds. */
export function timeTicks(durationMs: number, most = 6): { x: number; label: string }[] {
  if (durationMs <= 0) return [{ x: 0, label: '0 s' }];
  const raw = durationMs / most;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: { x: number; label: string }[] = [];
  for (let t = 0; t <= durationMs + 1e-9; t += step) {
    const seconds = t / 1000;
    const label = step >= 1000 ? `${Math.round(seconds)} s` : `${Number(seconds.toFixed(3))} s`;
    ticks.push({ x: t / durationMs, label });
  }
  return ticks;
}

const WRITES = new Set(['begin', 'checkpoint', 'publish', 'finish']);

/**
 * Lays a parsed history out as lanes, one per process (pid), on one time axis: the runs each
 * process held, its pauses, and marks for kills, pauses, resumptions, takeovers (a claim of
 * generation 2 or later), refused writes, lost acknowledgements and duplicates.
 */
export function drawHistory(entries: readonly HistoryEntry[]): HistoryDrawing {
  const sorted = [...entries].sort((a, b) => a.t - b.t);
  const t0 = sorted[0]?.t ?? 0;
  const durationMs = Math.max(0, (sorted.at(-1)?.t ?? t0) - t0);
  const at = (t: number) => (durationMs > 0 ? (t - t0) / durationMs : 0);
  const length = (from: number, to: number) => (durationMs > 0 ? (to - from) / durationMs : 0);

  interface Building {
    lane: HistoryLane;
    first: number;
    last: number;
    holding: { run?: string; generation?: number; from: number } | null;
    pausedAt: number | null;
  }
  const lanes = new Map<number, Building>();
  const counts = Object.fromEntries(MARK_KINDS.map((k) => [k, 0])) as Record<MarkKind, number>;
  const runs = new Set<string>();
  let emptyPolls = 0;

  const laneOf = (e: HistoryEntry): Building => {
    let b = lanes.get(e.pid);
    if (!b) {
      b = {
        lane: { pid: e.pid, worker: e.worker, x: 0, width: 0, end: 'open', spans: [], marks: [] },
        first: e.t,
        last: e.t,
        holding: null,
        pausedAt: null,
      };
      lanes.set(e.pid, b);
    }
    b.last = e.t;
    return b;
  };
  const mark = (b: Building, e: HistoryEntry, kind: MarkKind, extra: Partial<LaneMark> = {}) => {
    counts[kind]++;
    const run = 'run' in e ? e.run : undefined;
    const generation = 'generation' in e ? e.generation : undefined;
    b.lane.marks.push({ kind, t: e.t, x: at(e.t), run, generation, ...extra });
  };
  const release = (b: Building, t: number) => {
    if (!b.holding) return;
    b.lane.spans.push({
      kind: 'holds',
      x: at(b.holding.from),
      width: length(b.holding.from, t),
      run: b.holding.run,
      generation: b.holding.generation,
    });
    b.holding = null;
  };
  const endPause = (b: Building, t: number) => {
    if (b.pausedAt === null) return;
    b.lane.spans.push({ kind: 'paused', x: at(b.pausedAt), width: length(b.pausedAt, t) });
    b.pausedAt = null;
  };

  for (const e of sorted) {
    const b = laneOf(e);
    if ('run' in e && e.run) runs.add(e.run);
    if (e.type === 'nemesis') {
      if (e.action === 'kill') {
        mark(b, e, 'kill');
        endPause(b, e.t);
        release(b, e.t);
        b.lane.end = 'killed';
      } else if (e.action === 'pause') {
        mark(b, e, 'pause', e.point ? { detail: `at ${e.point}` } : {});
        b.pausedAt = e.t;
      } else if (e.action === 'resume') {
        mark(b, e, 'resume');
        endPause(b, e.t);
      }
      // drop-ack is marked by the caller's own `unknown` completion; spawn starts the lane.
    } else if (e.type === 'process') {
      if (e.event === 'exit') {
        endPause(b, e.t);
        release(b, e.t);
        if (b.lane.end === 'open') b.lane.end = 'exited';
      }
    } else if (e.type === 'complete') {
      const write = [e.op, e.step].filter(Boolean).join(' ');
      if (e.op === 'claim') {
        if (e.outcome === 'applied') {
          release(b, e.t);
          b.holding = { run: e.run, generation: e.generation, from: e.t };
          if ((e.generation ?? 1) > 1) mark(b, e, 'takeover');
        } else if (e.outcome === 'refused' && !e.run) {
          emptyPolls++;
        } else if (e.outcome === 'refused') {
          mark(b, e, 'refused', { write, detail: e.detail });
        }
      } else if (WRITES.has(e.op)) {
        if (e.outcome === 'refused') {
          mark(b, e, 'refused', { write, detail: e.detail });
          release(b, e.t);
        } else if (e.outcome === 'unknown') {
          mark(b, e, 'ack-lost', { write, detail: e.reason });
        } else if (e.outcome === 'duplicate') {
          mark(b, e, 'duplicate', { write, detail: e.detail });
        } else if (e.op === 'finish') {
          release(b, e.t);
        }
      }
    }
  }

  const end = t0 + durationMs;
  const built = [...lanes.values()].sort((a, b) => a.first - b.first || a.lane.pid - b.lane.pid);
  for (const b of built) {
    const stop = b.lane.end === 'open' ? end : b.last;
    endPause(b, stop);
    release(b, stop);
    b.lane.x = at(b.first);
    b.lane.width = length(b.first, stop);
  }
  const events = built
    .flatMap((b) => b.lane.marks.map((m) => ({ ...m, worker: b.lane.worker, pid: b.lane.pid })))
    .sort((a, b) => a.t - b.t);
  return {
    t0,
    durationMs,
    lanes: built.map((b) => b.lane),
    events,
    eventCount: events.length,
    counts,
    emptyPolls,
    runs: runs.size,
    ticks: timeTicks(durationMs),
  };
}

/** Milliseconds since the first entry as `+1.234 s`. */
export function sinceStart(t: number, t0: number): string {
  return `+${((t - t0) / 1000).toFixed(3)} s`;
}
