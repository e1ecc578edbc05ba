import type { TimelineLayout } from './drawing-geometry';

/** A labelled point of the time axis: where it is drawn and how its label is anchored. */
export interface AxisLabel {
  t: number;
  x: number;
  /** 'start' draws the label rightwards from x; the last ones are drawn leftwards to stay inside. */
  anchor: 'start' | 'end';
  /** An instant at which events happen (true) or a tick of the regular scale (false). */
  instant: boolean;
}

/** The time axis: a regular scale on every span drawn to scale, and the labels that fit. */
export interface TimeAxis {
  /** Seconds between two scale ticks: 1, 2, 5, 10… so that ticks are at least `minGap` apart. */
  step: number;
  /** Pixels the step takes (the scale bar's length). */
  stepWidth: number;
  /** Every tick of the regular scale, outside the spans drawn shorter than to scale. */
  ticks: { t: number; x: number }[];
  /** Labels that fit without overlapping: each instant first, then the scale ticks. */
  labels: AxisLabel[];
}

const STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600];

/** Width a label such as "t = 12.5 s" takes at the axis's font size (an upper bound). */
export function axisLabelWidth(text: string): number {
  return text.length * 6.6 + 4;
}

/**
 * The axis of a laid-out timeline. Time runs linearly between instants at `secondWidth`
 * pixels a second; an instant's events sit side by side (a bracket that takes no time), and a
 * long wait is drawn cut. Scale ticks go where time is drawn to scale; labels are placed
 * instants first, and none is clipped: a label that would pass the right edge is drawn
 * leftwards from its tick. With `view` (the part of a drawing that scrolls sideways in view)
 * labels are placed only where they are whole in it: one cut by the box's edge read as a
 * fragment ("= 6 s", issue 39), and leaving it out gives its neighbours room.
 */
export function timeAxis(
  layout: Pick<TimelineLayout, 'ticks' | 'elided' | 'secondWidth' | 'timeToX' | 'width'>,
  label: (t: number) => string,
  options: { minGap?: number; right?: number; view?: { from: number; to: number } } = {},
): TimeAxis {
  const minGap = options.minGap ?? 44;
  const left = Math.max(0, options.view?.from ?? 0);
  const right = Math.min(layout.width - (options.right ?? 4), options.view?.to ?? Infinity);
  const step = STEPS.find((s) => s * layout.secondWidth >= minGap) ?? STEPS[STEPS.length - 1];
  const end = layout.ticks[layout.ticks.length - 1]?.t ?? 0;
  const ticks: TimeAxis['ticks'] = [];
  for (let i = 1; i * step <= end + 1e-9; i += 1) {
    const t = Number((i * step).toFixed(6));
    if (layout.elided.some((cut) => t > cut.t0 && t < cut.t1)) continue;
    if (layout.ticks.some((instant) => instant.t === t)) continue;
    ticks.push({ t, x: layout.timeToX(t) });
  }
  const placed: { from: number; to: number }[] = [];
  const labels: AxisLabel[] = [];
  const place = (t: number, x: number, instant: boolean) => {
    const width = axisLabelWidth(label(t));
    const anchor = x >= left && x + width <= right ? 'start' : 'end';
    if (anchor === 'end' && (x - width < left || x > right)) return;
    const from = anchor === 'start' ? x : x - width;
    const to = anchor === 'start' ? x + width : x;
    if (placed.some((p) => from < p.to + 6 && to > p.from - 6)) return;
    placed.push({ from, to });
    labels.push({ t, x, anchor, instant });
  };
  // The first and last instants always have their label (the axis says where it starts and
  // ends); the instants between come next, then the scale's ticks where room is left.
  const instants = layout.ticks;
  const order = [instants[0], instants[instants.length - 1], ...instants.slice(1, -1)];
  for (const instant of order) if (instant) place(instant.t, instant.x, true);
  for (const tick of ticks) place(tick.t, tick.x, false);
  labels.sort((a, b) => a.t - b.t);
  return { step, stepWidth: step * layout.secondWidth, ticks, labels };
}
