import fc from 'fast-check';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import {
  createTimelineEngine,
  parseScenario,
  TIMELINE_DESIGNS,
  traceViolation,
  type Scenario,
  type TimelineEvent,
} from '@/lib/timeline';
import {
  builderEventArbitrary,
  builderScenarioArbitrary,
} from '@/lib/timeline/arbitrary.test-support';
import { designWithConditions } from '@/lib/timeline/scenario-conditions';
import { traceRun } from './trace';
import { toTimelineScenario } from './timeline-replay';
import type { Bound, HolderProgram, WorkerOp } from './types';

/*
 * The checker and the timeline agree (issue 26). A random builder scenario (the truth test's
 * generator) is read as a schedule of the checker: its workers are the bound's holders, its
 * claims, renewals, finishes, report writes, gateway calls and cancels are their steps in the
 * scenario's order, and each time jump is a pause. The checker runs that schedule and says what
 * each step did and which property broke where; the timeline runs the same schedule (through
 * the counterexample conversion) and must give every write the same outcome and break the same
 * property at the same step, or none. What the checker cannot express (third-party writers, the
 * object store, tickets, clocks, lost acknowledgements) is left out of the schedule. The
 * scenario's own claim, renew and finish conditions (random catalogue picks, half the time each)
 * make the design both engines run.
 */

const SQL = await initSqlJs();
const engine = createTimelineEngine(SQL);

/** The checker's schedule for the part of a builder scenario it can express. */
function scheduleOf(s: Scenario): { bound: Bound; schedule: number[] } {
  const design = TIMELINE_DESIGNS[s.design ?? 'fenced'];
  const twoStepClaim = design.claimRead !== undefined;
  const twoStepWrite = design.targets?.workerCheck !== undefined;
  const lanes = s.workers.map((w) => w.id);
  const holders: HolderProgram[] = s.workers.map((w) => ({
    owner: w.restartOf ?? w.id,
    label: w.id,
    program: [] as WorkerOp[],
  }));
  const user = holders.length;
  const programs = holders.map((h) => h.program as WorkerOp[]);
  const userProgram: WorkerOp[] = [];
  const schedule: number[] = [];
  // A read before a claim (or a check before a write) the scenario made earlier: where it goes.
  const early = new Map<number, { kind: 'claim-read' | 'report-check'; at: number }>();
  let paused = 0;
  const step = (h: number, op: WorkerOp, first?: 'claim-read' | 'report-check') => {
    const before = early.get(h);
    early.delete(h);
    programs[h].push(op);
    const twoSteps =
      first === 'claim-read' ? twoStepClaim : first === 'report-check' && twoStepWrite;
    if (twoSteps) {
      if (before !== undefined && before.kind === first) {
        const at = before.at;
        schedule.splice(at, 0, h);
        for (const other of early.values()) if (other.at >= at) other.at += 1;
      } else schedule.push(h);
    }
    schedule.push(h);
  };
  for (const e of s.events) {
    const h = 'worker' in e ? lanes.indexOf(e.worker) : -1;
    switch (e.kind) {
      case 'claim-read':
      case 'report-check':
        early.set(h, { kind: e.kind, at: schedule.length });
        break;
      case 'claim':
        step(h, 'claim', 'claim-read');
        break;
      case 'renew':
      case 'finish':
        step(h, e.kind);
        break;
      case 'report-write':
        step(h, 'write', 'report-check');
        break;
      case 'gateway-send':
        step(h, 'send');
        break;
      case 'pause':
        paused = h;
        break;
      case 'advance':
        step(paused, 'pause');
        break;
      case 'cancel':
        userProgram.push('cancel');
        schedule.push(user);
        break;
      default:
        break;
    }
  }
  const workers = userProgram.length
    ? [...holders, { owner: 'U', label: 'the user', program: userProgram }]
    : holders;
  const advance = s.events.find((e) => e.kind === 'advance');
  return {
    bound: {
      workers,
      leaseSeconds: s.leaseSeconds,
      pauseSeconds: advance?.kind === 'advance' ? advance.seconds : s.leaseSeconds,
    },
    schedule,
  };
}

/** The builder's events the checker can express. */
const EXPRESSIBLE: readonly TimelineEvent['kind'][] = [
  'claim',
  'claim-read',
  'renew',
  'finish',
  'report-write',
  'report-check',
  'gateway-send',
  'cancel',
  'pause',
  'advance',
];

/**
 * Random builder scenarios: as the builder makes them (most events are then beyond the checker
 * and left out), or with their events drawn again from the builder's events the checker can
 * express, so more schedules reach a broken property.
 */
const scenarios: fc.Arbitrary<Scenario> = builderScenarioArbitrary(
  Object.keys(TIMELINE_DESIGNS),
  24,
).chain((s) =>
  fc.oneof(
    fc.constant(s),
    fc
      .array(
        builderEventArbitrary(
          s.workers.map((w) => w.id),
          1,
        ).filter((e) => EXPRESSIBLE.includes(e.kind)),
        { maxLength: 24 },
      )
      .map((events) => ({
        ...s,
        events: events.map((e, i) => ({ ...e, id: `e${i + 1}` }) as TimelineEvent),
      })),
  ),
);

const label = (e: TimelineEvent) => `${e.id} ${e.kind}${'worker' in e ? ` ${e.worker}` : ''}`;

describe('the checker and the timeline agree on the same schedule', () => {
  it('random builder scenarios: every write’s outcome and the property broken, or none', () => {
    // A fixed seed by default: the coverage checks below (every outcome reached) hold for a
    // given 1,000 scenarios, not for any: with catalogue conditions drawn, 'duplicate' came up
    // about 9 times in 2,600 writes and, for seed 1165022620, not at all, so a seed from the
    // clock made the test fail by chance. AGREE_SEED=<n> explores other seeds.
    const seed = Number(process.env.AGREE_SEED ?? 1164256581);
    // Printed so a failure can be replayed: AGREE_SEED=<seed> npx vitest run lib/checker/timeline-agreement.test.ts
    console.log(`agreement: seed ${seed}`);
    let violations = 0;
    let writes = 0;
    let withConditions = 0;
    // Compare-and-set claims (a claim's 'as-read'): how many, and how many refused on the compare.
    let casClaims = 0;
    let casRefused = 0;
    const outcomes = new Map<string, number>();
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const { bound, schedule } = scheduleOf(scenario);
        // A lane to draw: some holder takes a step (the user's cancel needs none).
        fc.pre(schedule.some((h) => bound.workers[h].owner !== 'U'));
        // The scenario's own claim, renew and finish conditions (catalogue picks), in both engines.
        const base = scenario.design ?? 'fenced';
        const design = designWithConditions(TIMELINE_DESIGNS[base], scenario.conditions);
        const run = traceRun(SQL, design, bound, schedule);
        const converted = toTimelineScenario(run, design.name, { [design.id]: design });
        if (!converted.ok) throw new Error(converted.reason);
        const replay: Scenario = {
          ...converted.scenario,
          id: `checker-${base}`,
          design: base,
          ...(scenario.conditions ? { conditions: scenario.conditions } : {}),
        };
        if (scenario.conditions) withConditions += 1;
        expect(parseScenario(replay)).toEqual({ ok: true, scenario: replay });
        const trace = engine.run(replay);
        const context = `checker: ${JSON.stringify({ bound, schedule: run.schedule })}`;
        for (const write of trace.writes) {
          const event = replay.events[write.eventIndex];
          expect(write.outcome, `${label(event)}; ${context}`).toBe(
            'expect' in event ? event.expect : undefined,
          );
          writes += 1;
          if (
            event.kind === 'claim' &&
            design.claimRead &&
            write.decision.checks.some((c) => c.name === 'as-read')
          ) {
            casClaims += 1;
            if (write.failed.includes('as-read')) casRefused += 1;
          }
          outcomes.set(write.outcome, (outcomes.get(write.outcome) ?? 0) + 1);
        }
        const last = replay.events.length - 1 - (replay.events.at(-1)?.kind === 'register' ? 1 : 0);
        expect(traceViolation(trace), context).toEqual(
          run.violation ? { property: run.violation.property, stepIndex: last } : null,
        );
        if (run.violation) violations += 1;
      }),
      { numRuns: Number(process.env.AGREE_RUNS ?? 1000), seed },
    );
    console.log(
      `agreement: ${violations} violations, ${writes} writes, ${withConditions} with catalogue conditions, ${casClaims} compare-and-set claims (${casRefused} refused on the compare)`,
      outcomes,
    );
    expect(withConditions).toBeGreaterThan(100);
    // The compare-and-set claim is drawn, and some of its claims meet a read gone stale.
    expect(casRefused).toBeGreaterThan(0);
    // Not vacuous: the schedules break properties (about 4 in 100), and every outcome a write
    // can have in both engines is compared (a lost acknowledgement's 'unknown' is not in the checker).
    expect(violations).toBeGreaterThan(10);
    expect([...outcomes.keys()].sort()).toEqual(['applied', 'duplicate', 'refused']);
    // A ceiling, not a pace: about 10 s of CPU.
  }, 300_000);
});
