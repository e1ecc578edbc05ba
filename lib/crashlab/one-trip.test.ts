import { describe, expect, it } from 'vitest';
import { CLAIM_RECORD, FENCED_CHECKPOINT, STEP_ATTEMPT, UNFENCED_CHECKPOINT } from './one-trip';

describe('one-trip statements', () => {
  it('writes a step start and a fenced checkpoint only from the rows the step’s renewal changed', () => {
    for (const statement of [STEP_ATTEMPT, FENCED_CHECKPOINT]) {
      // lib/lease's one-trip step names the rows its statement changed `stepped`: none when
      // the renewal was refused, so the write then writes nothing.
      expect(statement).toMatch(/SELECT \$run, \$step, \$fence, \$owner, .*FROM stepped, clock/);
      expect(statement).toMatch(/RETURNING/);
      expect(statement).not.toMatch(/\$now\b/);
    }
    expect(UNFENCED_CHECKPOINT).not.toMatch(/stepped/);
    // The claims row is the claim's own: its token, on its clock, only when it landed.
    expect(CLAIM_RECORD).toMatch(
      /SELECT picked\.run, stepped\.token, \$owner, clock\.now, .*FROM stepped, picked, clock/,
    );
  });
});
