import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import {
  comparedDesigns,
  fencePerBatchDesign,
  renewWithoutTokenDesign,
  selectThenUpdateDesign,
  ttlOnlyDesign,
  workerSideCheckDesign,
} from '@/lib/lease';
import {
  createTimelineEngine,
  decodeScenario,
  encodeScenario,
  parseScenario,
  type TimelineEvent,
} from '@/lib/timeline';
import { CATALOG_BOUND } from './bound';
import { checkDesign } from './search';
import { timelineViolation, toTimelineScenario } from './timeline-replay';

const SQL = await initSqlJs();
// Every compared design the checker breaks (the lesson's, and its finish without owner or without lease, hold).
const DESIGNS = comparedDesigns().filter(
  (d) => !['fenced', 'fenced-without-owner', 'fenced-without-lease'].includes(d.id),
);
// The page's own engine: it knows every design the checker compares.
const engine = createTimelineEngine(SQL);
const label = (e: TimelineEvent) => `${e.kind}${'worker' in e ? ` ${e.worker}` : ''}`;

describe('replaying counterexamples in the timeline engine', () => {
  it('TTL only: the page’s own engine replays it and A’s stale renewal lands after B’s claim', () => {
    const cx = checkDesign(SQL, ttlOnlyDesign, CATALOG_BOUND).counterexample!;
    const converted = toTimelineScenario(cx, ttlOnlyDesign.name);
    expect(converted.ok).toBe(true);
    if (!converted.ok) return;
    const scenario = converted.scenario;
    expect(parseScenario(scenario).ok).toBe(true);
    expect(decodeScenario(encodeScenario(scenario))).toEqual({ ok: true, scenario });
    expect(scenario.events.map((e) => `${e.kind}${'worker' in e ? ` ${e.worker}` : ''}`)).toEqual([
      'claim A',
      'pause A',
      'advance',
      'claim B',
      'resume A',
      'renew A',
    ]);
    const trace = createTimelineEngine(SQL).run(scenario);
    const last = trace.writes.at(-1)!;
    expect(last).toMatchObject({
      worker: 'A',
      target: 'run',
      verdict: 'accept',
      token: 1,
      reason: 'stale-accepted',
    });
    expect(timelineViolation(trace)).toEqual({
      property: 1,
      stepIndex: scenario.events.length - 1,
    });
  });

  for (const design of DESIGNS) {
    it(`${design.id}: the converted counterexample replays and breaks the same property at the same step`, () => {
      const cx = checkDesign(SQL, design, CATALOG_BOUND, { stateCache: true }).counterexample!;
      const converted = toTimelineScenario(cx, design.name);
      if (!converted.ok) throw new Error(`${design.id} was refused: ${converted.reason}`);
      const scenario = converted.scenario;
      expect(parseScenario(scenario)).toEqual({ ok: true, scenario });
      expect(decodeScenario(encodeScenario(scenario))).toEqual({ ok: true, scenario });
      const trace = engine.run(scenario);
      expect(timelineViolation(trace)).toEqual({
        property: cx.violation.property,
        stepIndex: scenario.events.length - 1,
      });
      // Every write the checker saw land (or be refused) gets the same verdict in the timeline.
      for (const write of trace.writes) {
        const event = scenario.events[write.eventIndex];
        expect(write.verdict, `${event.id} ${label(event)}`).toBe(
          'expect' in event ? event.expect : undefined,
        );
      }
    });
  }

  it('every broken design of the catalog and every unsafe dropped condition is checked above', () => {
    expect(DESIGNS.map((d) => d.id)).toEqual([
      'ttl-only',
      'select-then-update',
      'random-token',
      'renew-without-token',
      'worker-side-check',
      'fence-per-batch',
      'finish-on-run-id',
      'finish-on-state',
      'fenced-without-fence',
      'fenced-without-status',
    ]);
    for (const d of DESIGNS)
      expect(checkDesign(SQL, d, CATALOG_BOUND, { stateCache: true }).verdict).toBe('unsafe');
  });

  it('select-then-update: both workers read before either claims, and both claims land with token 1', () => {
    const cx = checkDesign(SQL, selectThenUpdateDesign, CATALOG_BOUND, {
      stateCache: true,
    }).counterexample!;
    const converted = toTimelineScenario(cx, selectThenUpdateDesign.name);
    if (!converted.ok) throw new Error(converted.reason);
    expect(converted.scenario.events.map(label)).toEqual([
      'claim-read A',
      'claim-read B',
      'claim A',
      'claim B',
    ]);
    const trace = engine.run(converted.scenario);
    expect(trace.writes.map((w) => [w.worker, w.verdict, w.token])).toEqual([
      ['A', 'accept', 1],
      ['B', 'accept', 1],
    ]);
    // The same events claimed in one statement each (the read and write together) do not collide.
    const oneStep = {
      ...converted.scenario,
      events: converted.scenario.events.filter((e) => e.kind !== 'claim-read'),
    };
    expect(engine.run(oneStep).writes.map((w) => w.verdict)).toEqual(['accept', 'reject']);
  });

  it('renew-without-token: the restarted A claims under the same owner name and the old A still renews', () => {
    const cx = checkDesign(SQL, renewWithoutTokenDesign, CATALOG_BOUND, {
      stateCache: true,
    }).counterexample!;
    const converted = toTimelineScenario(cx, renewWithoutTokenDesign.name);
    if (!converted.ok) throw new Error(converted.reason);
    expect(converted.scenario.workers).toEqual([{ id: 'A' }, { id: 'C', restartOf: 'A' }]);
    const trace = engine.run(converted.scenario);
    expect(
      trace.steps.find((s) => s.event.kind === 'claim' && s.event.worker === 'C')!.after.run,
    ).toMatchObject({ owner: 'A', fence: 2 });
    expect(trace.writes.at(-1)).toMatchObject({ worker: 'A', verdict: 'accept', token: 1 });
    // The lesson's renewal also checks the token: the same schedule is safe.
    expect(timelineViolation(engine.run({ ...converted.scenario, design: 'fenced' }))).toBeNull();
  });

  it('worker-side check: the check passes, B takes over, and the write lands at the design’s report store', () => {
    const cx = checkDesign(SQL, workerSideCheckDesign, CATALOG_BOUND, {
      stateCache: true,
    }).counterexample!;
    const converted = toTimelineScenario(cx, workerSideCheckDesign.name);
    if (!converted.ok) throw new Error(converted.reason);
    expect(converted.scenario.events.map(label).slice(-3)).toEqual([
      'report-check A',
      'claim B',
      'report-write A',
    ]);
    const trace = engine.run(converted.scenario);
    expect(trace.writes.at(-1)).toMatchObject({
      worker: 'A',
      target: 'report',
      verdict: 'accept',
      token: 1,
      reason: 'stale-accepted',
    });
    expect(trace.steps.at(-1)!.after.targets.reportRef).toEqual({
      ref: 'A gen 1 batch 1',
      fence: 1,
    });
    // Checked once more right before the write, A would not send it.
    const late = {
      ...converted.scenario,
      events: [
        ...converted.scenario.events.slice(0, -3),
        ...converted.scenario.events.slice(-2, -1),
        ...converted.scenario.events.slice(-3, -2),
        converted.scenario.events.at(-1)!,
      ],
    };
    expect(engine.run(late).writes.at(-1)).toMatchObject({
      verdict: 'reject',
      reason: 'worker-check',
    });
  });

  it('fence-per-batch: A presents token + batch, and the store, registered at generation 2, lets it through', () => {
    const cx = checkDesign(SQL, fencePerBatchDesign, CATALOG_BOUND, {
      stateCache: true,
    }).counterexample!;
    const converted = toTimelineScenario(cx, fencePerBatchDesign.name);
    if (!converted.ok) throw new Error(converted.reason);
    const trace = engine.run(converted.scenario);
    expect(trace.writes.at(-1)).toMatchObject({
      worker: 'A',
      target: 'report',
      verdict: 'accept',
      token: 1,
    });
    expect(trace.steps.at(-1)!.after.targets.reportRef).toEqual({
      ref: 'A gen 1 batch 1',
      fence: 2,
    });
    // The lesson's report store compares the claim token itself: refused.
    expect(engine.run({ ...converted.scenario, design: 'fenced' }).writes.at(-1)).toMatchObject({
      verdict: 'reject',
      reason: 'stale-token',
    });
  });

  it('a violation at the gateway is refused with a reason', () => {
    const cx = checkDesign(SQL, ttlOnlyDesign, CATALOG_BOUND).counterexample!;
    const atGateway = { ...cx, violation: { ...cx.violation, target: 'gateway' as const } };
    expect(toTimelineScenario(atGateway, 'x')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/gateway/),
    });
    expect(toTimelineScenario({ ...cx, designId: 'nobody-knows' }, 'x')).toMatchObject({
      ok: false,
    });
  });

  it('the oracle finds nothing in a safe trace', () => {
    const cx = checkDesign(SQL, ttlOnlyDesign, CATALOG_BOUND).counterexample!;
    const converted = toTimelineScenario(cx, 'x');
    if (!converted.ok) throw new Error(converted.reason);
    // The same schedule under the lesson's design: A's stale renewal is refused.
    expect(timelineViolation(engine.run({ ...converted.scenario, design: 'fenced' }))).toBeNull();
  });
});
