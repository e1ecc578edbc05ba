import { describe, expect, it } from 'vitest';
import { pickClaimableRun } from '@/lib/lease';
import { FENCED_CHECKPOINT, onServerClock, STEP_ATTEMPT, UNFENCED_CHECKPOINT } from './one-trip';

describe('one-trip statements', () => {
  it('binds every $now of a statement to the statement’s own clock, and nothing else', () => {
    const pick = pickClaimableRun('postgres');
    const onClock = onServerClock(pick);
    expect(onClock).not.toMatch(/\$now\b/);
    expect(onClock).toContain('(SELECT now FROM clock)');
    expect(onClock.replace(/\(SELECT now FROM clock\)/g, '$now')).toBe(pick.trim());
  });

  it('writes a step start and a fenced checkpoint only from the rows the step’s renewal changed', () => {
    for (const statement of [STEP_ATTEMPT, FENCED_CHECKPOINT]) {
      // lib/lease's one-trip step names the rows its statement changed `stepped`: none when
      // the renewal was refused, so the write then writes nothing.
      expect(statement).toMatch(/SELECT \$run, \$step, \$fence, \$owner, .*FROM stepped, clock/);
      expect(statement).toMatch(/RETURNING/);
      expect(statement).not.toMatch(/\$now\b/);
    }
    expect(UNFENCED_CHECKPOINT).not.toMatch(/stepped/);
  });
});
