import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { comparedDesigns, ttlOnlyDesign } from '@/lib/lease';
import { createTimelineEngine, decodeScenario, encodeScenario, parseScenario } from '@/lib/timeline';
import { CATALOG_BOUND } from './bound';
import { checkDesign } from './search';
import { timelineViolation, toTimelineScenario } from './timeline-replay';

const SQL = await initSqlJs();
// Every compared design the checker breaks (the lesson's, and its finish without owner or without lease, hold).
const DESIGNS = comparedDesigns().filter((d) => !['fenced', 'fenced-without-owner', 'fenced-without-lease'].includes(d.id));
// The page's own engine: it knows every design the checker compares.
const engine = createTimelineEngine(SQL);

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
    expect(last).toMatchObject({ worker: 'A', target: 'run', verdict: 'accept', token: 1 });
    expect(timelineViolation(trace)).toEqual({ property: 1, stepIndex: scenario.events.length - 1 });
  });

  for (const design of DESIGNS) {
    it(`${design.id}: the replay breaks the same property at the same step, or is refused with a reason`, () => {
      const cx = checkDesign(SQL, design, CATALOG_BOUND, { stateCache: true }).counterexample!;
      const converted = toTimelineScenario(cx, design.name);
      if (!converted.ok) {
        expect(converted.reason).toMatch(/two statements|owner name|target the timeline/);
        return;
      }
      const trace = engine.run(converted.scenario);
      expect(timelineViolation(trace)).toEqual({ property: cx.violation.property, stepIndex: converted.scenario.events.length - 1 });
    });
  }

  it('replays most of the catalog', () => {
    const replayable = DESIGNS.filter((d) => {
      const cx = checkDesign(SQL, d, CATALOG_BOUND, { stateCache: true }).counterexample!;
      return toTimelineScenario(cx, d.name).ok;
    });
    expect(replayable.map((d) => d.id)).toEqual([
      'ttl-only',
      'random-token',
      'finish-on-run-id',
      'finish-on-state',
      'fenced-without-status',
    ]);
  });

  it('the oracle finds nothing in a safe trace', () => {
    const cx = checkDesign(SQL, ttlOnlyDesign, CATALOG_BOUND).counterexample!;
    const converted = toTimelineScenario(cx, 'x');
    if (!converted.ok) throw new Error(converted.reason);
    // The same schedule under the lesson's design: A's stale renewal is refused.
    expect(timelineViolation(engine.run({ ...converted.scenario, design: 'fenced' }))).toBeNull();
  });
});
