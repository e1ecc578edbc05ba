import { describe, expect, it } from 'vitest';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { editableCopy, parseScenario, runScenario, type Scenario } from './index';

/*
 * The builder's copy of a library scenario (issue 26): "Build your own" on a library scenario
 * listed the fields it kept, so a field added later (the token's name in `terms`, the first
 * token, notes) was dropped and the copy's words said "fence" where the original said "epoch".
 * The copy now keeps every field a scenario has and leaves out only the library's own text.
 */

const named = {
  ...TIMELINE_SCENARIOS[0],
  firstToken: 33,
  terms: { token: 'epoch', holders: { A: 'producer 1' }, resource: 'the ledger' },
  notes: 'My note.',
};

describe('a copy of a library scenario to edit', () => {
  it('keeps the token’s name, the first token and the notes', () => {
    const copy = editableCopy(named);
    expect(copy.terms).toEqual(named.terms);
    expect(copy.firstToken).toBe(33);
    expect(copy.notes).toBe('My note.');
    expect(copy.events).toEqual(named.events);
    expect(copy.workers).toEqual(named.workers);
  });

  it('leaves out the library’s explanation, number and takeaway, and is a valid scenario', () => {
    const copy = editableCopy(named) as Scenario & Record<string, unknown>;
    expect(copy.id).toBe(`my-${named.id}`);
    expect(copy.title).toBe(`My version of: ${named.title}`);
    for (const field of ['explanation', 'number', 'takeaway'])
      expect(copy).not.toHaveProperty(field);
    expect(parseScenario(copy)).toEqual({ ok: true, scenario: copy });
  });

  it('every library scenario: the copy runs to the same outcomes, in the token’s own name', async () => {
    for (const s of TIMELINE_SCENARIOS) {
      const original = await runScenario({ ...s, terms: { token: 'epoch' } });
      const copy = await runScenario(editableCopy({ ...s, terms: { token: 'epoch' } }));
      expect(copy.writes.map((w) => [w.outcome, w.explanation])).toEqual(
        original.writes.map((w) => [w.outcome, w.explanation]),
      );
    }
  });
});
