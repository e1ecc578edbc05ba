import { describe, expect, it } from 'vitest';
import { decodeScenario, encodeScenario } from './share';
import {
  predictsOutcome,
  runScenario,
  scorePredictions,
  stepView,
  type Scenario,
  type Trace,
} from './index';

/*
 * Builder gap 4 of issue 38: a registration at a replicated (majority) resource is a write the
 * learner predicts. Its outcome is the acceptors' (decided by lib/lease's decideQuorum), its
 * words the step's view; a registration that loses and one by a worker that never claimed say
 * what really happened.
 */
const scenario: Scenario = {
  version: 1,
  id: 'quorum-register',
  title: 'Registrations at a 3-acceptor journal',
  leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
  targets: {
    objectStore: 'overwrite',
    gateway: 'at-takeover',
    gatewayCheck: { kind: 'majority', acceptors: 3 },
  },
  events: [
    { id: 'c-reg', kind: 'register', worker: 'C', resource: 'journal' },
    { id: 'a-claim', kind: 'claim', worker: 'A' },
    { id: 't6', kind: 'advance', seconds: 6 },
    { id: 'b-claim', kind: 'claim', worker: 'B' },
    { id: 'b-reg', kind: 'register', worker: 'B', resource: 'journal', reach: [1, 2] },
    { id: 'a-reg', kind: 'register', worker: 'A', resource: 'journal' },
  ],
};

const view = (trace: Trace, id: string) =>
  stepView(
    trace,
    scenario,
    trace.steps.findIndex((s) => s.event.id === id),
  );

describe('a registration at a majority resource is a predictable write', () => {
  it('every registration there is a write the learner predicts; one at a single copy stays a note', async () => {
    for (const e of scenario.events)
      expect(predictsOutcome(e, scenario.targets)).toBe(e.kind !== 'advance');
    const single = { ...scenario.targets, gatewayCheck: { kind: 'highest-seen' as const } };
    expect(predictsOutcome(scenario.events[4], single)).toBe(false);
    const trace = await runScenario(scenario);
    expect(Object.fromEntries(trace.writes.map((w) => [w.eventId, w.outcome]))).toEqual({
      'c-reg': 'refused',
      'a-claim': 'applied',
      'b-claim': 'applied',
      'b-reg': 'applied',
      'a-reg': 'refused',
    });
    // A prediction of each registration counts in the score.
    const score = scorePredictions(trace, {
      'c-reg': 'refused',
      'a-claim': 'applied',
      'b-claim': 'applied',
      'b-reg': 'applied',
      'a-reg': 'applied',
    });
    expect(score).toMatchObject({ score: 4, total: 5 });
    expect(score.mistakes.map((m) => m.eventId)).toEqual(['a-reg']);
  });

  it('the view words a registration that holds, one that loses, and one with no generation, truly', async () => {
    const trace = await runScenario(scenario);
    const won = view(trace, 'b-reg');
    expect(won.verdict).toBe('registered, 2 of 3 acceptors promised');
    expect(won.line).toContain('B registered fence 2 at the gateway (journal)');
    expect(won.rules.join(' ')).toContain(
      'Here acceptors 1 and 2 promised it and acceptor 3 never got it: 2 of 3 is a majority, so the resource now refuses anything below fence 2.',
    );
    // A's fence 1 reaches all three: 1 and 2 promised fence 2, so only acceptor 3 promises it.
    const lost = view(trace, 'a-reg');
    expect(lost.verdict).toBe('not registered: promised by 1 of 3 acceptors, a majority is 2');
    expect(lost.line).toContain(
      "A's registration of fence 1 at the gateway (journal) did not reach a majority",
    );
    expect(lost.rules.join(' ')).toContain(
      'so the resource has not learned fence 1; only the acceptors that promised it refuse anything below it',
    );
    expect(lost.line).not.toMatch(/stored/);
    // C never claimed: it holds fence 0 and sends nothing (never "registered fence 0").
    const none = view(trace, 'c-reg');
    expect(none.verdict).toBe('not sent: no fence yet');
    expect(none.line).toBe(
      'Nothing sent: C has not claimed the run: it holds no fence to register.',
    );
    expect(none.rules.join(' ')).toMatch(/^Only a holder registers/);
    expect(`${none.line} ${none.verdict}`).not.toMatch(/fence 0/);
  });

  it('the share link keeps the registrations and gives the same trace', async () => {
    const decoded = decodeScenario(encodeScenario(scenario));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    const again = await runScenario(decoded.scenario);
    const first = await runScenario(scenario);
    expect(again.writes.map((w) => [w.eventId, w.outcome, w.verdictLine])).toEqual(
      first.writes.map((w) => [w.eventId, w.outcome, w.verdictLine]),
    );
  });
});
