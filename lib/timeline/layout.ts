import { TARGET_LABELS, targetOfEvent } from './describe';
import type { LeaseWindow, Scenario, TargetId } from './types';

/** Geometry of the timeline drawing, computed from the scenario alone (no outcome leaks in). */
export interface TimelineLayout {
  width: number;
  /** x of each event, in event order. */
  eventX: number[];
  /** Database time at each event. */
  eventTime: number[];
  /** x where database time reaches t (advances are drawn to scale, same-instant events side by side). */
  timeToX(t: number): number;
  ticks: { t: number; x: number }[];
  lanes: { id: string; label: string; kind: 'worker' | 'target' }[];
  /** Intervals in which a worker is paused (x2 is the end of the drawing if it never resumes). */
  pauses: { worker: string; x1: number; x2: number }[];
  /** Reads a worker makes before a write (claim-read, report-check), on its own lane. */
  reads: { eventId: string; index: number; worker: string; x: number; label: string }[];
  /** One mark per write event, on its target's lane. */
  marks: { eventId: string; index: number; lane: TargetId; x: number; worker: string | null }[];
}

export const LAYOUT = { left: 12, slot: 40, secondWidth: 18, minAdvance: 28, right: 24 } as const;

/**
 * Lays the scenario out on a time axis; `windows` (from a trace) only extend the axis. A short
 * scenario is stretched to `minWidth` so it fills the space it is given.
 */
export function layoutTimeline(
  scenario: Scenario,
  windows: readonly LeaseWindow[] = [],
  minWidth = 0,
): TimelineLayout {
  const natural = layoutAtScale(scenario, windows, 1);
  if (natural.width >= minWidth) return natural;
  return layoutAtScale(
    scenario,
    windows,
    (minWidth - LAYOUT.left - LAYOUT.right) / (natural.width - LAYOUT.left - LAYOUT.right),
  );
}

function layoutAtScale(
  scenario: Scenario,
  windows: readonly LeaseWindow[],
  scale: number,
): TimelineLayout {
  const slot = LAYOUT.slot * scale;
  const secondWidth = LAYOUT.secondWidth * scale;
  const minAdvance = LAYOUT.minAdvance * scale;
  const eventX: number[] = [];
  const eventTime: number[] = [];
  // Each segment maps a span of time to a span of x: [t0, t1] -> [x0, x1].
  const segments: { t0: number; t1: number; x0: number; x1: number }[] = [];
  const firstX = new Map<number, number>();
  let x: number = LAYOUT.left;
  let t = 0;
  firstX.set(0, x);
  for (const event of scenario.events) {
    eventTime.push(t);
    if (event.kind === 'advance') {
      const w = Math.max(minAdvance, event.seconds * secondWidth);
      segments.push({ t0: t, t1: t + event.seconds, x0: x, x1: x + w });
      eventX.push(x + w / 2);
      x += w;
      t += event.seconds;
      firstX.set(t, x);
    } else {
      eventX.push(x + slot / 2);
      x += slot;
    }
  }
  const endTime = t;
  const endX = x;
  const timeToX = (time: number): number => {
    if (time <= 0) return LAYOUT.left;
    const exact = firstX.get(time);
    if (exact !== undefined) return exact;
    const segment = segments.find((s) => time > s.t0 && time < s.t1);
    if (segment)
      return (
        segment.x0 + ((time - segment.t0) / (segment.t1 - segment.t0)) * (segment.x1 - segment.x0)
      );
    return endX + (time - endTime) * secondWidth;
  };
  const latest = Math.max(endTime, ...windows.map((w) => w.until));
  const width = Math.max(timeToX(latest), endX) + LAYOUT.right;

  const ticks = [...firstX.entries()].map(([tick, tx]) => ({ t: tick, x: tx }));

  const used = new Set<TargetId>(['run']);
  const marks: TimelineLayout['marks'] = [];
  scenario.events.forEach((event, index) => {
    const lane = targetOfEvent(event);
    if (!lane) return;
    used.add(lane);
    marks.push({
      eventId: event.id,
      index,
      lane,
      x: eventX[index],
      worker: 'worker' in event ? event.worker : null,
    });
  });
  const targetOrder: TargetId[] = ['run', 'report', 'objects', 'tickets', 'gateway'];
  const lanes: TimelineLayout['lanes'] = [
    ...scenario.workers.map((w) => ({
      id: w.id,
      label: `Worker ${w.id}${scenario.terms?.holders?.[w.id] ? ` (${scenario.terms.holders[w.id]})` : ''}${w.restartOf ? `: ${w.restartOf} restarted, same owner name` : ''}${w.clockOffset ? ` (clock ${w.clockOffset > 0 ? '+' : ''}${w.clockOffset} s)` : ''}`,
      kind: 'worker' as const,
    })),
    ...targetOrder
      .filter((id) => used.has(id))
      .map((id) => ({
        id,
        label:
          id === 'gateway' && scenario.terms?.resource
            ? `${TARGET_LABELS[id]}: ${scenario.terms.resource}`
            : TARGET_LABELS[id],
        kind: 'target' as const,
      })),
  ];

  const reads: TimelineLayout['reads'] = [];
  scenario.events.forEach((event, index) => {
    if (event.kind === 'claim-read' || event.kind === 'report-check') {
      reads.push({
        eventId: event.id,
        index,
        worker: event.worker,
        x: eventX[index],
        label: event.kind === 'claim-read' ? 'reads' : 'checks',
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

  return { width, eventX, eventTime, timeToX, ticks, lanes, pauses, reads, marks };
}
