import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import {
  cancelWithoutFencingDesign,
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
  traceViolation,
  type TimelineEvent,
} from '@/lib/timeline';
import { CANCEL_BOUND, CATALOG_BOUND } from './bound';
import { checkDesign } from './search';
import { toTimelineScenario } from './timeline-replay';

const SQL = await initSqlJs();
// Every compared design the checker breaks (the lesson's, and its finish without owner or without lease, hold).
// (A cancel that does not fence breaks only in the cancel story: it is replayed under that bound.)
const DESIGNS = comparedDesigns().filter(
  (d) =>
    !['fenced', 'fenced-without-owner', 'fenced-without-lease', 'cancel-without-fencing'].includes(
      d.id,
    ),
);
/** The last event the checker's schedule maps to (a claim's registration event may follow it). */
const lastStep = (events: readonly TimelineEvent[]) =>
  events.length - 1 - (events.at(-1)?.kind === 'register' ? 1 : 0);
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
      outcome: 'applied',
      token: 1,
      decision: { violation: { kind: 'stale-write' } },
    });
    expect(traceViolation(trace)).toEqual({
      property: 1,
      stepIndex: scenario.events.length - 1,
    });
  });

  for (const [design, bound] of [
    ...DESIGNS.map((d) => [d, CATALOG_BOUND] as const),
    [cancelWithoutFencingDesign, CANCEL_BOUND] as const,
  ]) {
    it(`${design.id}: the converted counterexample replays, gateway steps included, and breaks the same property at the same step`, () => {
      const cx = checkDesign(SQL, design, bound, { stateCache: true }).counterexample!;
      const converted = toTimelineScenario(cx, design.name);
      if (!converted.ok) throw new Error(`${design.id} was refused: ${converted.reason}`);
      const scenario = converted.scenario;
      expect(parseScenario(scenario)).toEqual({ ok: true, scenario });
      expect(decodeScenario(encodeScenario(scenario))).toEqual({ ok: true, scenario });
      const trace = engine.run(scenario);
      expect(traceViolation(trace)).toEqual({
        property: cx.violation.property,
        stepIndex: lastStep(scenario.events),
      });
      // Every write the checker saw land (or be refused, or be a duplicate) gets the same outcome in the timeline.
      for (const write of trace.writes) {
        const event = scenario.events[write.eventIndex];
        expect(write.outcome, `${event.id} ${label(event)}`).toBe(
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
      'register A',
      'claim B',
      'register B',
    ]);
    const trace = engine.run(converted.scenario);
    expect(trace.writes.map((w) => [w.worker, w.outcome, w.token])).toEqual([
      ['A', 'applied', 1],
      ['B', 'applied', 1],
    ]);
    // The same events claimed in one statement each (the read and write together) do not collide.
    const oneStep = {
      ...converted.scenario,
      events: converted.scenario.events.filter((e) => e.kind !== 'claim-read'),
    };
    expect(engine.run(oneStep).writes.map((w) => w.outcome)).toEqual(['applied', 'refused']);
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
    expect(trace.writes.at(-1)).toMatchObject({ worker: 'A', outcome: 'applied', token: 1 });
    // The lesson's renewal also checks the token: the same schedule is safe.
    expect(traceViolation(engine.run({ ...converted.scenario, design: 'fenced' }))).toBeNull();
  });

  it('worker-side check: the check passes, B takes over, and the write lands at the design’s report store', () => {
    const cx = checkDesign(SQL, workerSideCheckDesign, CATALOG_BOUND, {
      stateCache: true,
    }).counterexample!;
    const converted = toTimelineScenario(cx, workerSideCheckDesign.name);
    if (!converted.ok) throw new Error(converted.reason);
    const events = converted.scenario.events;
    expect(events.map(label).slice(-3)).toEqual(['report-check A', 'claim B', 'report-write A']);
    const trace = engine.run(converted.scenario);
    expect(trace.writes.at(-1)).toMatchObject({
      worker: 'A',
      target: 'report',
      outcome: 'applied',
      token: 1,
      decision: { violation: { kind: 'stale-write' } },
    });
    expect(trace.steps.at(-1)!.after.targets.reportRef).toEqual({
      ref: 'A token 1 batch 1',
      fence: 1,
    });
    // Checked once more right before the write, A would not send it.
    const late = {
      ...converted.scenario,
      events: [...events.slice(0, -3), events.at(-2)!, events.at(-3)!, events.at(-1)!],
    };
    expect(engine.run(late).writes.at(-1)).toMatchObject({
      outcome: 'refused',
      failed: ['worker-check'],
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
      outcome: 'applied',
      token: 1,
    });
    expect(trace.steps.at(-1)!.after.targets.reportRef).toEqual({
      ref: 'A token 1 batch 1',
      fence: 2,
    });
    // The lesson's report store compares the pair (generation, batch) in order: refused.
    expect(engine.run({ ...converted.scenario, design: 'fenced' }).writes.at(-1)).toMatchObject({
      outcome: 'refused',
      failed: ['highest-seen'],
    });
  });

  it('a design the timeline does not know is refused with a reason', () => {
    const cx = checkDesign(SQL, ttlOnlyDesign, CATALOG_BOUND).counterexample!;
    expect(toTimelineScenario({ ...cx, designId: 'nobody-knows' }, 'x')).toMatchObject({
      ok: false,
    });
  });

  it('cancel without fencing: B claims, the user cancels, and B’s report write still lands; the lesson’s fenced cancel refuses it', () => {
    const cx = checkDesign(SQL, cancelWithoutFencingDesign, CANCEL_BOUND).counterexample!;
    const converted = toTimelineScenario(cx, cancelWithoutFencingDesign.name);
    if (!converted.ok) throw new Error(converted.reason);
    expect(converted.scenario.events.map(label)).toEqual([
      'claim B',
      'register B',
      'cancel',
      'report-write B',
    ]);
    const trace = engine.run(converted.scenario);
    expect(trace.writes.at(-1)).toMatchObject({
      worker: 'B',
      target: 'report',
      outcome: 'applied',
    });
    const fenced = engine.run({ ...converted.scenario, design: 'fenced' });
    expect(fenced.steps.at(-1)!.after.run).toMatchObject({ status: 'canceling', fence: 2 });
    expect(fenced.writes.at(-1)).toMatchObject({
      outcome: 'refused',
      failed: ['highest-seen'],
    });
    expect(traceViolation(fenced)).toBeNull();
  });

  it('the oracle finds nothing in a safe trace', () => {
    const cx = checkDesign(SQL, ttlOnlyDesign, CATALOG_BOUND).counterexample!;
    const converted = toTimelineScenario(cx, 'x');
    if (!converted.ok) throw new Error(converted.reason);
    // The same schedule under the lesson's design: A's stale renewal is refused.
    expect(traceViolation(engine.run({ ...converted.scenario, design: 'fenced' }))).toBeNull();
  });
});
