import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASE_FILES, caseScenario } from '@/content/cases';
import { BLANK_SCENARIO, TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { builderScenarioArbitrary } from './arbitrary.test-support';
import { loadTimelineEngine, TIMELINE_DESIGNS, type TimelineEngine } from './engine';
import { settingsLine, stateLines } from './settings';
import { namesToken, tokenName } from '@/lib/lease/explain-words';
import type { Scenario } from './types';

/*
 * The settings line and the state panel are the explainer's (issue 22): a scenario without a
 * gateway never mentions one, in its settings line, its state panel or any step's words. Before
 * the fix the settings line always said "gateway learns a generation … · gateway check: …", and
 * the state panel always listed "gateway highest fence: none seen".
 */

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

const usesGateway = (s: Scenario) =>
  s.events.some(
    (e) =>
      e.kind === 'gateway-write' ||
      e.kind === 'gateway-send' ||
      (e.kind === 'register' && e.resource !== undefined),
  );

/** Every word of the settings line, the state panel after each step and each step's words. */
function everyLine(s: Scenario): string[] {
  const trace = engine.run(s);
  const lines: string[] = [settingsLine(s)];
  for (const step of trace.steps) {
    const reportStore = trace.writes.some((w) => w.target === 'report');
    const state = stateLines(step.after, s, trace.vocabulary, reportStore);
    lines.push(state.draft, ...state.workers, ...state.remote);
    for (const e of step.effects) lines.push(e.kind === 'note' ? e.text : e.explanation);
  }
  return lines;
}

/** The lines of a scenario that mention a gateway, when the scenario has none. */
function gatewayWithoutOne(s: Scenario): string[] {
  if (usesGateway(s)) return [];
  return everyLine(s).filter((line) => /gateway/i.test(line));
}

/** The lines of a scenario that name a token by number, when its design names none. */
function tokenWithoutOne(s: Scenario): string[] {
  const v = engine.run(s).vocabulary;
  if (namesToken(v)) return [];
  const name = tokenName(v).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return everyLine(s).filter((line) => new RegExp(`\\b${name} \\d`).test(line));
}

describe('a scenario without a ticket API never mentions one (its lane is in no use)', () => {
  const callsTickets = (s: Scenario) => s.events.some((e) => e.kind === 'ticket');
  const ticketsWithoutOne = (s: Scenario) =>
    callsTickets(s) ? [] : everyLine(s).filter((line) => /ticket/i.test(line));

  it('every library scenario and case file; one that calls the API lists its tickets', () => {
    const scenarios = [
      ...TIMELINE_SCENARIOS,
      ...CASE_FILES.flatMap((c) => c.runs.map((run) => caseScenario(c, run))),
    ];
    expect(scenarios.filter((s) => !callsTickets(s)).length).toBeGreaterThan(3);
    for (const s of scenarios) expect(ticketsWithoutOne(s), s.id).toEqual([]);
    const calls = scenarios.find(callsTickets)!;
    const trace = engine.run(calls);
    const last = trace.steps[trace.steps.length - 1]!;
    expect(stateLines(last.after, calls, trace.vocabulary, false).remote.join(' ')).toMatch(
      /^tickets: |; tickets: | tickets: /,
    );
  });

  it('random builder scenarios (200)', () => {
    fc.assert(
      fc.property(builderScenarioArbitrary(Object.keys(TIMELINE_DESIGNS)), (s) => {
        expect(ticketsWithoutOne(s)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('a scenario with no target beyond the run row says so in the state panel', () => {
    const s = TIMELINE_SCENARIOS[0]!;
    const trace = engine.run(s);
    const last = trace.steps[trace.steps.length - 1]!;
    expect(stateLines(last.after, s, trace.vocabulary, false).remote).toEqual([
      'none: this scenario writes only to the database',
    ]);
  });
});

describe('a scenario whose design names no token (no fence, nothing presented) never numbers one', () => {
  it('every library scenario and case file (cases 11 and 12 said "token 1")', () => {
    const scenarios = [
      ...TIMELINE_SCENARIOS,
      ...CASE_FILES.flatMap((c) => c.runs.map((run) => caseScenario(c, run))),
    ];
    expect(scenarios.filter((s) => !namesToken(engine.run(s).vocabulary)).length).toBeGreaterThan(
      2,
    );
    for (const s of scenarios) expect(tokenWithoutOne(s), s.id).toEqual([]);
  });
});

describe('a scenario without a gateway never mentions one', () => {
  it('every library scenario and case file', () => {
    const scenarios = [
      ...TIMELINE_SCENARIOS,
      ...CASE_FILES.flatMap((c) => c.runs.map((run) => caseScenario(c, run))),
    ];
    const without = scenarios.filter((s) => !usesGateway(s));
    expect(without.length).toBeGreaterThan(3);
    for (const s of scenarios) expect(gatewayWithoutOne(s), s.id).toEqual([]);
  });

  it('random builder scenarios (300)', () => {
    let without = 0;
    fc.assert(
      fc.property(builderScenarioArbitrary(Object.keys(TIMELINE_DESIGNS)), (s) => {
        if (!usesGateway(s)) without++;
        expect(gatewayWithoutOne(s)).toEqual([]);
      }),
      { numRuns: 300 },
    );
    expect(without).toBeGreaterThan(0);
  });

  it('a scenario with a gateway names its settings and what it has seen', () => {
    const s = TIMELINE_SCENARIOS.find(usesGateway)!;
    expect(settingsLine(s)).toMatch(/gateway check: /);
    const trace = engine.run(s);
    const last = trace.steps[trace.steps.length - 1]!;
    expect(stateLines(last.after, s, trace.vocabulary, false).remote.join(' ')).toMatch(/gateway/);
  });
});

describe('the Workers panel lists a worker only once it has claimed (issue 38, builder gap 6)', () => {
  /** The workers named by the panel after each step, and those whose claim they learned took. */
  function namedAndClaimed(s: Scenario): { named: string[]; claimed: string[] }[] {
    const trace = engine.run(s);
    const claimed = new Set<string>();
    return trace.steps.map((step) => {
      for (const e of step.effects)
        if (e.kind === 'write' && step.event.kind === 'claim' && e.outcome === 'applied')
          claimed.add(step.event.worker);
      const lines = stateLines(step.after, s, trace.vocabulary, false).workers;
      const named = lines[0] === 'No worker has claimed the run yet.' ? [] : lines;
      return { named: named.map((line) => line.split(' ')[0]!), claimed: [...claimed].sort() };
    });
  }

  it('the builder’s short example: A from its claim on, B from its own (B was listed with "fence 0")', () => {
    const s = BLANK_SCENARIO;
    expect(namedAndClaimed(s).map((x) => x.named)).toEqual([
      ['A'],
      ['A'],
      ['A'],
      ['A', 'B'],
      ['A', 'B'],
      ['A', 'B'],
    ]);
    const paused: Scenario = { ...s, events: [{ id: 'e1', kind: 'pause', worker: 'A' }] };
    const before = engine.run(paused);
    expect(stateLines(before.steps[0]!.after, paused, before.vocabulary, false).workers).toEqual([
      'No worker has claimed the run yet.',
    ]);
  });

  it('random builder scenarios (100): the workers named are exactly those whose claim they learned took', () => {
    fc.assert(
      fc.property(builderScenarioArbitrary(Object.keys(TIMELINE_DESIGNS)), (s) => {
        for (const step of namedAndClaimed(s)) expect([...step.named].sort()).toEqual(step.claimed);
      }),
      { numRuns: 100 },
    );
  });
});
