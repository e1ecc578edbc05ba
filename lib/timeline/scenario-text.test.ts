import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runScenario } from './engine';
import { SCENARIO_TEXT_FIELDS, scenarioTextProblem } from './scenario-text';
import { parseScenario } from './schema';
import { decodeScenario, encodeScenario } from './share';
import type { Scenario } from './types';

// Issue 26: a built scenario carries its token's name, an explanation and the learner's notes;
// each is validated (a length, no hidden characters) and kept by the share link.
const scenario: Scenario = {
  version: 1,
  id: 'words',
  title: 'Named token',
  terms: { token: 'attempt' },
  explanation:
    'B takes over after A’s lease ran out.\nA’s late finish is refused: its attempt is old.',
  notes: 'Try it with <b>no</b> fence & see.\n\tIndented line, ✓ 日本語',
  leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { objectStore: 'overwrite', gateway: 'first-write' },
  events: [
    { id: 'e1', kind: 'claim', worker: 'A' },
    { id: 'e2', kind: 'advance', seconds: 6 },
    { id: 'e3', kind: 'claim', worker: 'B' },
    { id: 'e4', kind: 'finish', worker: 'A' },
  ],
};

const messageOf = (data: unknown) => {
  const parsed = parseScenario(data);
  return parsed.ok ? 'accepted' : parsed.message;
};

describe('the scenario’s words', () => {
  it('survive the share link exactly, markup and line breaks included', () => {
    expect(decodeScenario(encodeScenario(scenario))).toEqual({ ok: true, scenario });
  });

  it('any text within the limits round-trips through a link', () => {
    const clean = (max: number) =>
      fc.string({ unit: 'grapheme', maxLength: max }).filter((t) => t.length <= max);
    fc.assert(
      fc.property(clean(2000), clean(2000), (explanation, notes) => {
        const input = { ...scenario, explanation, notes };
        const expected =
          scenarioTextProblem('explanation', explanation) ?? scenarioTextProblem('notes', notes);
        const decoded = decodeScenario(encodeScenario(input));
        expect(decoded.ok).toBe(expected === null);
        if (decoded.ok) expect(decoded.scenario).toEqual(input);
      }),
      { numRuns: 60 },
    );
  });

  it('the token’s name is used in the sentences about a write', async () => {
    const late = (await runScenario(scenario)).writes.find((w) => w.eventId === 'e4');
    expect(late?.outcome).toBe('refused');
    expect(late?.explanation).toContain('attempt');
    expect(late?.explanation).not.toContain('fence');
  });

  it('past its limit, a text is refused with the limit and its length', () => {
    for (const field of ['explanation', 'notes'] as const) {
      const { max } = SCENARIO_TEXT_FIELDS[field];
      expect(scenarioTextProblem(field, 'x'.repeat(max))).toBeNull();
      expect(scenarioTextProblem(field, 'x'.repeat(max + 1))).toBe(
        `at most ${max} characters (this has ${(max + 1).toLocaleString('en-US')})`,
      );
      expect(messageOf({ ...scenario, [field]: 'x'.repeat(max + 1) })).toBe(
        `This is not a valid scenario at ${field}: at most ${max} characters (this has ${(max + 1).toLocaleString('en-US')}).`,
      );
    }
    expect(messageOf({ ...scenario, terms: { token: 'e'.repeat(41) } })).toContain(
      'at terms.token: at most 40 characters',
    );
  });

  it('hidden characters are refused, named by code point and place', () => {
    expect(scenarioTextProblem('notes', 'pay \u202Eusd')).toBe(
      'remove the direction-changing character U+202E at character 5: it makes text read differently from how it is stored',
    );
    expect(scenarioTextProblem('explanation', 'a\u0000b')).toBe(
      'remove the control character U+0000 at character 2: only ordinary text and line breaks are kept',
    );
    expect(scenarioTextProblem('notes', 'zero\ufeffwidth')).toContain('U+FEFF at character 5');
    expect(messageOf({ ...scenario, notes: 'ok\u2066no' })).toContain('at notes: remove');
  });

  it('a token’s name is one line of letters, digits and a few marks, in any script', () => {
    for (const ok of ['', 'producer epoch', 'RangeID', 'lock generation', 'épreuve 2', 'czxid#1'])
      expect(scenarioTextProblem('tokenName', ok)).toBeNull();
    expect(scenarioTextProblem('tokenName', 'a\nb')).toBe('one line without tabs');
    expect(scenarioTextProblem('tokenName', '<script>')).toBe(
      "use letters, digits, spaces and _ . : # ' - only (not “<”)",
    );
  });
});
