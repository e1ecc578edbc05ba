import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { builderScenarioArbitrary } from './arbitrary.test-support';
import { rescuerScenarioArbitrary } from './arbitrary-around.test-support';
import { loadTimelineEngine, TIMELINE_DESIGNS, type TimelineEngine } from './engine';
import { latestLeaseEnd, leaseBarLabel, leaseBarsAt, type LeaseBar } from './lease-bars';
import { layoutTimeline } from './drawing-geometry';
import type { Scenario, TimelineEvent, Trace } from './types';

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

/**
 * The steps from a bar's claim up to `position` at which its run was running under its own
 * generation, without a break: a newer claim, a new generation or any status but running ends
 * them. Read from the run row alone, not from the bars.
 */
function runningSteps(trace: Trace, bar: LeaseBar, position: number, next?: LeaseBar): number[] {
  const steps: number[] = [];
  const end = Math.min(position, (next?.claimIndex ?? Infinity) - 1, trace.steps.length - 1);
  for (let i = bar.claimIndex; i <= end; i += 1) {
    const { run } = trace.steps[i].after;
    if (run.status !== 'running' || run.fence !== bar.fence) break;
    steps.push(i);
  }
  return steps;
}

/** The number a bar's words give for lease_until. */
const labelledUntil = (bar: LeaseBar, trace: Trace): number =>
  Number(/lease_until (-?[\d.]+)/.exec(leaseBarLabel(bar, trace.vocabulary))?.[1]);

/**
 * What must hold of every bar after every step: its end is the row's lease_until at the last
 * step its run was running (so it never moves once the run has stopped running), and its words
 * say that number, 0 only if the row had 0 while the run was running.
 */
function barProblems(trace: Trace): string[] {
  const problems: string[] = [];
  trace.steps.forEach((_step, position) => {
    const bars = leaseBarsAt(trace, position);
    bars.forEach((bar, i) => {
      const running = runningSteps(trace, bar, position, bars[i + 1]);
      const leases = running.map((s) => trace.steps[s].after.run.leaseUntil);
      const expected = leases.at(-1);
      const where = `step ${position + 1}, the bar of fence ${bar.fence} claimed at step ${bar.claimIndex + 1}`;
      if (bar.until !== expected)
        problems.push(
          `${where}: ends at ${bar.until}, its run last ran with lease_until ${expected}`,
        );
      const said = labelledUntil(bar, trace);
      if (said !== bar.until) problems.push(`${where}: its words say lease_until ${said}`);
      if (said === 0 && !leases.includes(0))
        problems.push(`${where}: its words say lease_until 0, the row never had 0 while running`);
    });
  });
  return problems;
}

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
        // While the run is running the bar's end is the row's; after, the lease it had (below).
        if (run.status === 'running') {
          expect(current[0].until).toBe(run.leaseUntil);
          expect(leaseBarLabel(current[0])).toContain(`lease_until ${run.leaseUntil}`);
        }
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

    it('ends each bar at the lease the row had when its run stopped running', () => {
      expect(barProblems(engine.run(scenario))).toEqual([]);
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

/*
 * A bar ends when its run leaves running, whatever moves it: a finish, a rescuer's re-queue, a
 * cancel, a newer claim. It keeps the lease end the row had then. Before, the rescuer's
 * re-queue was a special case: it kept the lease on the re-queue's own step only, and the next
 * step of any kind copied the cleared lease_until 0 into the bar (case 7's third run drew node
 * 3's bar as 'lease_until 0'), while a renewal that checks no status moved a finished run's bar.
 */
describe('a lease bar ends when its run leaves running', () => {
  const scenario = (over: Partial<Scenario> & { events: TimelineEvent[] }): Scenario => ({
    version: 1,
    id: 'bar-ends',
    title: 'A lease that ends',
    leaseSeconds: 5,
    workers: [{ id: 'A' }, { id: 'B' }],
    targets: { objectStore: 'overwrite', gateway: 'first-write' },
    ...over,
  });
  /** The trace, and the bar of `worker`'s claim after the step with id `after`. */
  const barAfter = (trace: Trace, after: string, worker: string) => {
    const position = trace.steps.findIndex((step) => step.event.id === after);
    const bar = leaseBarsAt(trace, position).find((b) => b.worker === worker);
    if (!bar) throw new Error(`no bar of ${worker} after ${after}`);
    return { ...bar, label: leaseBarLabel(bar, trace.vocabulary) };
  };
  const rowAfter = (trace: Trace, after: string) =>
    trace.steps.find((step) => step.event.id === after)?.after.run;

  it('re-queued by a rescuer: the bar keeps the lease from before the re-queue, on later steps too', () => {
    const trace = engine.run(
      scenario({
        events: [
          { id: 'claim-A', kind: 'claim', worker: 'A' },
          { id: 'stuck', kind: 'advance', seconds: 6 },
          { id: 'read', kind: 'rescue-read' },
          { id: 'requeue', kind: 'rescue' },
          { id: 'later', kind: 'advance', seconds: 2 },
          { id: 'renew-A', kind: 'renew', worker: 'A' },
          { id: 'claim-B', kind: 'claim', worker: 'B' },
        ],
      }),
    );
    expect(rowAfter(trace, 'requeue')).toMatchObject({ status: 'queued', leaseUntil: 0 });
    expect(barAfter(trace, 'requeue', 'A')).toMatchObject({
      until: 5,
      label: 'fence 1 · lease_until 5 (run queued by the rescuer)',
    });
    // The old code drew 'lease_until 0' from here on.
    expect(barAfter(trace, 'later', 'A')).toMatchObject({ until: 5, current: true });
    expect(barAfter(trace, 'renew-A', 'A').until).toBe(5);
    expect(barAfter(trace, 'claim-B', 'A')).toMatchObject({
      until: 5,
      label: 'fence 1 · lease_until 5 (run queued by the rescuer, replaced at t = 8 s)',
    });
    expect(barAfter(trace, 'claim-B', 'B')).toMatchObject({ until: 13, current: true });
  });

  it('done: a renewal that checks only the owner moves the row’s lease, not the finished run’s bar', () => {
    const trace = engine.run(
      scenario({
        conditions: { renew: ['owner'] },
        events: [
          { id: 'claim-A', kind: 'claim', worker: 'A' },
          { id: 'work', kind: 'advance', seconds: 2 },
          { id: 'finish-A', kind: 'finish', worker: 'A' },
          { id: 'later', kind: 'advance', seconds: 1 },
          { id: 'renew-A', kind: 'renew', worker: 'A' },
        ],
      }),
    );
    expect(rowAfter(trace, 'renew-A')).toMatchObject({ status: 'done', leaseUntil: 8 });
    expect(barAfter(trace, 'renew-A', 'A')).toMatchObject({
      until: 5,
      label: 'fence 1 · lease_until 5 (run done by A)',
    });
  });

  it('done by a stale holder’s finish: the newer holder’s bar ends there, and its own renewal after does not move it', () => {
    const trace = engine.run(
      scenario({
        design: 'finish-on-run-id',
        conditions: { renew: ['owner'] },
        events: [
          { id: 'claim-A', kind: 'claim', worker: 'A' },
          { id: 'pause', kind: 'advance', seconds: 6 },
          { id: 'claim-B', kind: 'claim', worker: 'B' },
          { id: 'finish-A', kind: 'finish', worker: 'A' },
          { id: 'later', kind: 'advance', seconds: 1 },
          { id: 'renew-B', kind: 'renew', worker: 'B' },
        ],
      }),
    );
    expect(rowAfter(trace, 'renew-B')).toMatchObject({ status: 'done', leaseUntil: 12 });
    expect(barAfter(trace, 'renew-B', 'B')).toMatchObject({ until: 11, endedBy: 'A' });
    expect(barAfter(trace, 'renew-B', 'B').label).toMatch(/lease_until 11 \(run done by A\)$/);
    expect(barAfter(trace, 'renew-B', 'A')).toMatchObject({ until: 5, current: false });
  });

  it('canceled without a new generation: the renewal after the cancel leaves the bar where it was', () => {
    const trace = engine.run(
      scenario({
        design: 'cancel-without-fencing',
        conditions: { renew: ['owner'] },
        events: [
          { id: 'claim-A', kind: 'claim', worker: 'A' },
          { id: 'work', kind: 'advance', seconds: 1 },
          { id: 'cancel', kind: 'cancel' },
          { id: 'later', kind: 'advance', seconds: 1 },
          { id: 'renew-A', kind: 'renew', worker: 'A' },
        ],
      }),
    );
    expect(rowAfter(trace, 'renew-A')).toMatchObject({ status: 'canceled', leaseUntil: 7 });
    expect(barAfter(trace, 'renew-A', 'A')).toMatchObject({
      until: 5,
      label: 'fence 1 · lease_until 5 (run canceled by the user)',
    });
  });

  it('canceled with a new generation: the bar is replaced at the cancel, with its lease', () => {
    const trace = engine.run(
      scenario({
        events: [
          { id: 'claim-A', kind: 'claim', worker: 'A' },
          { id: 'work', kind: 'advance', seconds: 1 },
          { id: 'cancel', kind: 'cancel' },
          { id: 'done', kind: 'cancel-complete' },
        ],
      }),
    );
    expect(rowAfter(trace, 'cancel')).toMatchObject({ status: 'canceling', fence: 2 });
    expect(barAfter(trace, 'done', 'A')).toMatchObject({
      until: 5,
      current: false,
      label: 'fence 1 · lease_until 5 (replaced at t = 1 s)',
    });
  });
});

/** How a bar's run stopped running, and whether the row's lease moved after, for coverage. */
function endings(trace: Trace): string[] {
  const last = trace.steps.length - 1;
  const bars = leaseBarsAt(trace, last);
  return bars.flatMap((bar, i) => {
    const running = runningSteps(trace, bar, last, bars[i + 1]);
    const stop = (running.at(-1) ?? bar.claimIndex) + 1;
    if (stop > last) return [];
    if (stop === bars[i + 1]?.claimIndex) return ['replaced while running'];
    const { run } = trace.steps[stop].after;
    const end = Math.min(last, (bars[i + 1]?.claimIndex ?? Infinity) - 1);
    const moved = trace.steps
      .slice(stop, end + 1)
      .some((step) => step.after.run.leaseUntil !== bar.until);
    const how = run.fence !== bar.fence ? 'a new generation' : run.status;
    return moved ? [how, 'the row’s lease moved after'] : [how];
  });
}

describe('property: a bar never ends after its run stopped running', () => {
  it('over random builder scenarios and scenarios around a rescuer', () => {
    // A fixed seed, as the truth test has: the coverage check below holds for given scenarios,
    // not any. BARS_SEED=<n> explores others.
    const seed = Number(process.env.BARS_SEED ?? 20261205);
    const designs = Object.keys(TIMELINE_DESIGNS);
    const seen = new Map<string, number>();
    const started = process.cpuUsage();
    fc.assert(
      fc.property(
        fc.oneof(builderScenarioArbitrary(designs, 16), rescuerScenarioArbitrary(designs)),
        (s) => {
          const trace = engine.run(s);
          const problems = barProblems(trace);
          if (problems.length > 0)
            throw new Error(`${problems.join('\n')}\nscenario: ${JSON.stringify(s)}`);
          for (const how of endings(trace)) seen.set(how, (seen.get(how) ?? 0) + 1);
        },
      ),
      { numRuns: 300, seed, endOnFailure: true },
    );
    const cpu = process.cpuUsage(started);
    console.log(
      `lease bars: seed ${seed}, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU, runs ended by`,
      Object.fromEntries(seen),
    );
    // Every way of leaving running is reached (a cancel without a new generation rarely: it
    // has its own example above), and rows whose lease moved after it, where the old code failed.
    expect([...seen.keys()]).toEqual(
      expect.arrayContaining([
        'a new generation',
        'done',
        'queued',
        'replaced while running',
        'the row’s lease moved after',
      ]),
    );
  }, 300_000);
});
