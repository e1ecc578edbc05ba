import { targetOfEvent } from './describe';
import { LANES } from './lanes';
import { targetCheckOf } from './target-list';
import type { Scenario, TargetId } from './types';

/** Geometry of the timeline drawing, computed from the scenario alone (no outcome leaks in). */
export interface TimelineLayout {
  width: number;
  /** x of each event, in event order. */
  eventX: number[];
  /** Database time at each event. */
  eventTime: number[];
  /** x where database time reaches t: linear between instants, compressed in elided spans. */
  timeToX(t: number): number;
  /** Pixels per second on every span of time that is drawn to scale. */
  secondWidth: number;
  /**
   * One tick per instant at which something happens; its events sit side by side from x to x2,
   * which takes no time. The last tick may be a lease end after the last event.
   */
  ticks: { t: number; x: number; x2: number }[];
  /** Spans of time drawn shorter than to scale (a long wait): the axis marks them as cut. */
  elided: { t0: number; t1: number; x0: number; x1: number }[];
  /** Worker lanes start at the worker's first event (`startX`); target lanes at the left edge. */
  lanes: { id: string; label: string; kind: 'worker' | 'target'; startX: number }[];
  /** Intervals in which a worker is paused (x2 is the end of the drawing if it never resumes). */
  pauses: { worker: string; x1: number; x2: number }[];
  /** Reads a worker makes before a write (claim-read, report-check), on its own lane. */
  reads: { eventId: string; index: number; worker: string; x: number; label: string }[];
  /**
   * One mark per write event, on its target's lane: `by` says who writes (a worker, the user or
   * the rescuer) and `letter` names the writer (the worker's own letter, U: the user, R: the
   * rescuer).
   */
  marks: {
    eventId: string;
    index: number;
    lane: TargetId;
    x: number;
    worker: string | null;
    by: 'worker' | 'user' | 'rescuer';
    letter: string;
  }[];
}

/** The letter of a mark whose writer is no worker. */
const MARK_LETTER = { user: 'U', rescuer: 'R' } as const;

export const LAYOUT = {
  left: 12,
  slot: 40,
  /** Pixels per second when the shortest wait allows it. */
  secondWidth: 18,
  /** The shortest wait is drawn at least this wide (the scale grows to make it so)... */
  minAdvance: 28,
  /** ...but never more than this many pixels per second. */
  maxSecondWidth: 60,
  /** A wait wider than this at the scale is elided: drawn `elidedWidth` wide and marked. */
  maxSpan: 360,
  elidedWidth: 96,
  right: 24,
} as const;

/**
 * Lays the scenario out on a linear time axis. `extendTo` (the latest lease end the trace
 * reaches) extends the axis past the last event. A short scenario is stretched to `minWidth`
 * so it fills the space it is given; stretching scales time and slots alike.
 */
export function layoutTimeline(scenario: Scenario, extendTo = 0, minWidth = 0): TimelineLayout {
  const natural = layoutAtScale(scenario, extendTo, 1);
  if (natural.width >= minWidth) return natural;
  return layoutAtScale(
    scenario,
    extendTo,
    (minWidth - LAYOUT.left - LAYOUT.right) / (natural.width - LAYOUT.left - LAYOUT.right),
  );
}

function baseSecondWidth(scenario: Scenario): number {
  const waits = scenario.events.flatMap((e) =>
    e.kind === 'advance' && e.seconds > 0 ? [e.seconds] : [],
  );
  if (waits.length === 0) return LAYOUT.secondWidth;
  const shortest = Math.min(...waits);
  return Math.min(
    LAYOUT.maxSecondWidth,
    Math.max(LAYOUT.secondWidth, LAYOUT.minAdvance / shortest),
  );
}

function layoutAtScale(scenario: Scenario, extendTo: number, scale: number): TimelineLayout {
  const slot = LAYOUT.slot * scale;
  const secondWidth = baseSecondWidth(scenario) * scale;
  const maxSpan = LAYOUT.maxSpan * scale;
  const elidedWidth = LAYOUT.elidedWidth * scale;
  const eventX: number[] = [];
  const eventTime: number[] = [];
  // Each span maps a stretch of time to a stretch of x: [t0, t1] -> [x0, x1].
  const spans: { t0: number; t1: number; x0: number; x1: number }[] = [];
  const elided: TimelineLayout['elided'] = [];
  const ticks: TimelineLayout['ticks'] = [{ t: 0, x: LAYOUT.left, x2: LAYOUT.left }];
  let x: number = LAYOUT.left;
  let t = 0;
  const wait = (seconds: number) => {
    const scaled = seconds * secondWidth;
    const w = scaled > maxSpan ? elidedWidth : scaled;
    const span = { t0: t, t1: t + seconds, x0: x, x1: x + w };
    spans.push(span);
    if (scaled > maxSpan) elided.push(span);
    x += w;
    t += seconds;
    const tick = ticks[ticks.length - 1];
    if (tick.t === t) tick.x2 = x;
    else ticks.push({ t, x, x2: x });
    return span;
  };
  for (const event of scenario.events) {
    eventTime.push(t);
    if (event.kind === 'advance') {
      const span = wait(event.seconds);
      eventX.push((span.x0 + span.x1) / 2);
    } else {
      eventX.push(x + slot / 2);
      x += slot;
      ticks[ticks.length - 1].x2 = x;
    }
  }
  const endTime = t;
  if (extendTo > endTime) wait(extendTo - endTime);
  const timeToX = (time: number): number => {
    if (time <= 0) return LAYOUT.left;
    const tick = ticks.find((k) => k.t === time);
    if (tick) return tick.x;
    const span = spans.find((s) => time > s.t0 && time < s.t1);
    if (span) return span.x0 + ((time - span.t0) / (span.t1 - span.t0)) * (span.x1 - span.x0);
    return x + (time - t) * secondWidth;
  };
  const width = x + LAYOUT.right;

  const used = new Set<TargetId>(['run']);
  const marks: TimelineLayout['marks'] = [];
  scenario.events.forEach((event, index) => {
    const lane = targetOfEvent(event);
    if (!lane) return;
    used.add(lane);
    const worker = 'worker' in event ? event.worker : null;
    const other = event.kind === 'rescue' ? 'rescuer' : 'user';
    marks.push({
      eventId: event.id,
      index,
      lane,
      x: eventX[index],
      worker,
      by: worker !== null ? 'worker' : other,
      letter: worker ?? MARK_LETTER[other],
    });
  });
  const lanes: TimelineLayout['lanes'] = [
    ...scenario.workers.map((w) => ({
      id: w.id,
      startX: firstEventX(scenario, eventX, w.id, slot) ?? width - LAYOUT.right,
      label: `Worker ${w.id}${scenario.terms?.holders?.[w.id] ? ` (${scenario.terms.holders[w.id]})` : ''}${w.restartOf ? `: ${w.restartOf} restarted, same owner name` : ''}${w.clockOffset ? ` (clock ${w.clockOffset > 0 ? '+' : ''}${w.clockOffset} s)` : ''}`,
      kind: 'worker' as const,
    })),
    ...rescuerLane(scenario, eventX, slot),
    // The lanes written to, in the registry's order (lanes/), each labelled in the scenario's terms.
    ...LANES.filter((lane) => used.has(lane.id)).map((lane) => ({
      id: lane.id,
      label: lane.label(scenario.terms, (name) => targetCheckOf(scenario.targets, name)),
      kind: 'target' as const,
      startX: LAYOUT.left,
    })),
  ];

  const reads: TimelineLayout['reads'] = [];
  scenario.events.forEach((event, index) => {
    if (event.kind === 'rescue-read')
      reads.push({
        eventId: event.id,
        index,
        worker: RESCUER_LANE,
        x: eventX[index],
        label: 'reads',
      });
    if (
      event.kind === 'claim-read' ||
      event.kind === 'report-check' ||
      event.kind === 'long-transaction'
    ) {
      reads.push({
        eventId: event.id,
        index,
        worker: event.worker,
        x: eventX[index],
        label: READ_LABELS[event.kind],
      });
    }
  });

  const pauses: TimelineLayout['pauses'] = [];
  const open = new Map<string, number>();
  scenario.events.forEach((event, index) => {
    if (event.kind === 'pause' && !open.has(event.worker)) open.set(event.worker, eventX[index]);
    if (event.kind === 'resume' && open.has(event.worker)) {
      pauses.push({ worker: event.worker, x1: open.get(event.worker) ?? 0, x2: eventX[index] });
      open.delete(event.worker);
    }
  });
  for (const [worker, x1] of open) pauses.push({ worker, x1, x2: width - LAYOUT.right });

  return {
    width,
    eventX,
    eventTime,
    timeToX,
    secondWidth,
    ticks,
    elided,
    lanes,
    pauses,
    reads,
    marks,
  };
}

/** The rescuer's lane id (worker ids are single capitals, so it never meets one). */
export const RESCUER_LANE = 'rescuer';

/** The rescuer's lane, from its first read or re-queue, when the scenario has one. */
function rescuerLane(scenario: Scenario, eventX: number[], slot: number): TimelineLayout['lanes'] {
  const index = scenario.events.findIndex((e) => e.kind === 'rescue-read' || e.kind === 'rescue');
  if (index === -1) return [];
  return [
    {
      id: RESCUER_LANE,
      label: 'Rescuer (a third party)',
      kind: 'worker',
      startX: eventX[index] - slot / 2,
    },
  ];
}

/** Where a worker's lane begins: the left edge of its first event's slot. */
function firstEventX(
  scenario: Scenario,
  eventX: number[],
  worker: string,
  slot: number,
): number | null {
  const index = scenario.events.findIndex((e) => 'worker' in e && e.worker === worker);
  return index === -1 ? null : eventX[index] - slot / 2;
}

/** The word under a worker's mark for a step that reads or opens but writes nothing. */
const READ_LABELS = {
  'claim-read': 'reads',
  'report-check': 'checks',
  'long-transaction': 'BEGIN',
} as const;
