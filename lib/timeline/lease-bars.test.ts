import { beforeAll, describe, expect, it } from 'vitest';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { loadTimelineEngine, type TimelineEngine } from './engine';
import { latestLeaseEnd, leaseBarLabel, leaseBarsAt } from './lease-bars';
import { layoutTimeline } from './drawing-geometry';

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

// Regression: the drawing said "lease of fence 2, until t=7" while the row said lease_until 11,
// drew 7a's lease with no width, and started B's lane at t=0 though B first acts at t=6.
describe.each(TIMELINE_SCENARIOS.map((s) => [s.number, s] as const))(
  'drawing of scenario %s',
  (_number, scenario) => {
    it('draws at every step the lease the run row holds, and only it', () => {
      const trace = engine.run(scenario);
      const layout = layoutTimeline(scenario, latestLeaseEnd(trace));
      trace.steps.forEach((step, position) => {
        const bars = leaseBarsAt(trace, position);
        const current = bars.filter((b) => b.current);
        const { run } = step.after;
        if (run.fence === 0) {
          expect(bars).toEqual([]);
          return;
        }
        if (!bars.some((b) => b.fence === run.fence)) {
          // A fenced cancel: the run is under a generation no holder claimed, so no lease is current.
          expect(current).toEqual([]);
          return;
        }
        expect(current).toHaveLength(1);
        expect(current[0].fence).toBe(run.fence);
        expect(current[0].until).toBe(run.leaseUntil);
        expect(leaseBarLabel(current[0])).toContain(`lease_until ${run.leaseUntil}`);
        for (const bar of bars) {
          // Each bar starts at its claim's mark on its own worker's lane and ends at lease_until.
          expect(trace.steps[bar.claimIndex].event).toMatchObject({
            kind: 'claim',
            worker: bar.worker,
          });
          const x1 = layout.eventX[bar.claimIndex];
          const x2 = layout.timeToX(bar.until);
          if (bar.until > bar.from) expect(x2).toBeGreaterThan(x1 - layout.secondWidth);
          expect(x2).toBeLessThanOrEqual(layout.width);
        }
      });
    });

    it('starts each worker lane at its first event and keeps time linear between instants', () => {
      const layout = layoutTimeline(scenario);
      for (const lane of layout.lanes.filter((l) => l.kind === 'worker')) {
        const first = scenario.events.findIndex((e) => 'worker' in e && e.worker === lane.id);
        if (first === -1) continue;
        expect(lane.startX).toBeLessThan(layout.eventX[first]);
        scenario.events.slice(0, first).forEach((_e, i) => {
          expect(layout.eventX[i]).toBeLessThan(lane.startX + 1);
        });
      }
      for (let i = 1; i < layout.ticks.length; i += 1) {
        const gap = layout.ticks[i].x - layout.ticks[i - 1].x2;
        const seconds = layout.ticks[i].t - layout.ticks[i - 1].t;
        const cut = layout.elided.some((e) => e.t0 === layout.ticks[i - 1].t);
        if (!cut) expect(gap).toBeCloseTo(seconds * layout.secondWidth, 6);
      }
    });
  },
);
