import { describe, expect, it } from 'vitest';
import { CASE_FILES, caseScenario } from '@/content/cases';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { explainTime } from '@/lib/lease';
import { axisLabelWidth, timeAxis, type AxisLabel } from './axis';
import { layoutTimeline } from './drawing-geometry';
import type { Scenario } from './types';

const label = (t: number) => explainTime(t);
const scenarios: Scenario[] = [
  ...TIMELINE_SCENARIOS,
  ...CASE_FILES.flatMap((c) => c.runs.map((r) => caseScenario(c, r))),
];

describe('the time axis', () => {
  it('labels every drawing without overlap or clipping, the first and last instant included', () => {
    for (const scenario of scenarios)
      for (const [extendTo, width] of [
        [0, 0],
        [30, 0],
        [0, 1180],
        [12, 356],
      ]) {
        const layout = layoutTimeline(scenario, extendTo, width);
        const axis = timeAxis(layout, label);
        const spans = axis.labels
          .map((l) => {
            const w = axisLabelWidth(label(l.t));
            return l.anchor === 'start' ? [l.x, l.x + w] : [l.x - w, l.x];
          })
          .sort((a, b) => a[0] - b[0]);
        const what = `${scenario.id} (${extendTo}, ${width})`;
        for (const [from, to] of spans) {
          expect(from, what).toBeGreaterThanOrEqual(0);
          expect(to, what).toBeLessThanOrEqual(layout.width);
        }
        for (let i = 1; i < spans.length; i += 1)
          expect(spans[i][0], what).toBeGreaterThanOrEqual(spans[i - 1][1]);
        const instants = axis.labels.filter((l) => l.instant).map((l) => l.t);
        expect(instants[0], what).toBe(0);
        expect(instants).toContain(layout.ticks[layout.ticks.length - 1].t);
      }
  });

  // Issue 23: a bar ending at lease_until 8 was drawn near t ≈ 9.3 between the labelled
  // instants 7 and 11. Between instants time is drawn to scale, and the scale's ticks say so.
  it('puts a scale tick at each step of time drawn to scale, spaced by the scale', () => {
    for (const scenario of scenarios) {
      const layout = layoutTimeline(scenario, 20);
      const axis = timeAxis(layout, label);
      expect(axis.stepWidth).toBeGreaterThanOrEqual(44);
      for (const tick of axis.ticks) {
        expect(Number.isInteger(Number((tick.t / axis.step).toFixed(6)))).toBe(true);
        expect(tick.x).toBe(layout.timeToX(tick.t));
      }
      // Between two instants, x grows by secondWidth a second.
      for (let i = 1; i < layout.ticks.length; i += 1) {
        const from = layout.ticks[i - 1];
        const to = layout.ticks[i];
        if (layout.elided.some((cut) => cut.t0 === from.t)) continue;
        expect(to.x - from.x2).toBeCloseTo((to.t - from.t) * layout.secondWidth, 6);
        const inside = axis.ticks.filter((k) => k.t > from.t && k.t < to.t);
        for (const k of inside)
          expect(k.x - from.x2).toBeCloseTo((k.t - from.t) * layout.secondWidth, 6);
      }
    }
  });

  it('labels the ticks of a lease that ends between instants (scenario 1: lease_until 8 at t = 8)', () => {
    const layout = layoutTimeline(TIMELINE_SCENARIOS[0], 11);
    const axis = timeAxis(layout, label);
    const eight = axis.ticks.find((k) => k.t === 8);
    expect(eight).toBeDefined();
    expect(eight?.x).toBe(layout.timeToX(8));
    // Drawn 2 steps of the scale after the tick at t = 6 s, wherever instant 7's bracket is.
    const six = layout.ticks.find((k) => k.t === 6);
    const seven = layout.ticks.find((k) => k.t === 7);
    expect((eight?.x ?? 0) - (seven?.x2 ?? 0)).toBeCloseTo(layout.secondWidth, 6);
    expect((seven?.x ?? 0) - (six?.x2 ?? 0)).toBeCloseTo(layout.secondWidth, 6);
  });

  // Issue 39: at 390 px, after Run to end, the drawing scrolled so that "t = 6 s" started left of
  // the box's edge and read "= 6 s". In any part in view, a label is whole or not drawn.
  it('in any part of a scrolled drawing, places only labels whole in view, without overlap', () => {
    const extent = (l: AxisLabel) => {
      const w = axisLabelWidth(label(l.t));
      return l.anchor === 'start' ? [l.x, l.x + w] : [l.x - w, l.x];
    };
    for (const scenario of scenarios) {
      const layout = layoutTimeline(scenario, 12, 356);
      const whole = timeAxis(layout, label);
      // Every position the box can scroll to: 356 px of content and its padding of 8 each side.
      for (let from = -8; from <= Math.max(-8, layout.width - 364); from += 7) {
        const view = { from, to: from + 372 };
        const axis = timeAxis(layout, label, { view });
        const what = `${scenario.id} [${view.from}, ${view.to}]`;
        expect(axis.step).toBe(whole.step);
        const spans = axis.labels.map(extent).sort((p, q) => p[0] - q[0]);
        for (const [a, b] of spans) {
          expect(a, what).toBeGreaterThanOrEqual(view.from);
          expect(b, what).toBeLessThanOrEqual(view.to);
        }
        for (let i = 1; i < spans.length; i += 1)
          expect(spans[i][0], what).toBeGreaterThanOrEqual(spans[i - 1][1]);
        // An instant with room for its label either way is never left bare of every label.
        const roomy = layout.ticks.filter((k) => k.x >= view.from + 70 && k.x <= view.to - 70);
        if (roomy.length > 0) expect(axis.labels.length, what).toBeGreaterThan(0);
      }
    }
  });

  it('gives the room of a label left out of view to its neighbour: t = 7 s once t = 6 s is off the left edge', () => {
    // Instants 6 and 7 drawn 30 px apart: the whole axis has room for one label of the two.
    const layout = {
      ticks: [
        { t: 0, x: 12, x2: 12 },
        { t: 6, x: 100, x2: 100 },
        { t: 7, x: 130, x2: 130 },
        { t: 20, x: 560, x2: 560 },
      ],
      elided: [],
      secondWidth: 30,
      timeToX: (t: number) => 12 + t * 30,
      width: 600,
    };
    const instants = (axis: ReturnType<typeof timeAxis>) =>
      axis.labels.filter((l) => l.instant).map((l) => l.t);
    expect(instants(timeAxis(layout, label))).toEqual([0, 6, 20]);
    expect(instants(timeAxis(layout, label, { view: { from: 101, to: 473 } }))).toEqual([7]);
  });
});
