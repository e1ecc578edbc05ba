import { describe, expect, it } from 'vitest';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { parseScenario, SCENARIO_LIMITS } from './schema';

// Issue 17, point 11: a huge number is refused with the scenario's own limit, not with
// Number.MAX_SAFE_INTEGER, which says nothing to a learner.
const scenario = TIMELINE_SCENARIOS[0];

describe('numbers past a limit, however large', () => {
  for (const value of [1e6, 2 ** 53, 1e300]) {
    it(`leaseSeconds ${value} names the limit of ${SCENARIO_LIMITS.seconds}`, () => {
      const parsed = parseScenario({ ...scenario, leaseSeconds: value });
      expect(parsed.ok).toBe(false);
      const message = parsed.ok ? '' : parsed.message;
      expect(message).toContain(`must be at most ${SCENARIO_LIMITS.seconds}`);
      expect(message).not.toContain('9007199254740991');
    });
  }

  it('an advance of a huge number of seconds names the limit too', () => {
    const parsed = parseScenario({
      ...scenario,
      events: [{ id: 'a', kind: 'advance', seconds: 1e300 }],
    });
    expect(parsed.ok ? '' : parsed.message).toContain(`must be at most ${SCENARIO_LIMITS.seconds}`);
  });

  it('a fraction is still refused as not whole', () => {
    const parsed = parseScenario({ ...scenario, leaseSeconds: 1.5 });
    expect(parsed.ok ? '' : parsed.message).toContain('whole number');
  });
});
