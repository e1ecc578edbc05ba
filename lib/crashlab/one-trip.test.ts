import { describe, expect, it } from 'vitest';
import { fencedDesign } from '@/lib/lease';
import { BEGIN_STEP, FENCED_CHECKPOINT, FINISH, onServerClock } from './one-trip';

describe('one-trip statements compose the rulebook, unchanged', () => {
  it('binds every $now of a rulebook statement to the statement’s own clock, and nothing else', () => {
    const renew = onServerClock(fencedDesign.renew);
    expect(renew).not.toMatch(/\$now\b/);
    expect(renew).toContain('lease_until = (SELECT now FROM clock) + $lease');
    expect(renew).toContain('lease_until > (SELECT now FROM clock)');
    expect(renew.replace(/\(SELECT now FROM clock\)/g, '$now')).toBe(fencedDesign.renew.trim());
  });

  it('guards each step start and checkpoint by the lesson’s renewal, and finish is the lesson’s finish', () => {
    for (const statement of [BEGIN_STEP, FENCED_CHECKPOINT]) {
      expect(statement).toContain(
        `renewed AS (${onServerClock(fencedDesign.renew)} RETURNING run_id)`,
      );
      // The write selects from the renewal, so it writes nothing when the renewal changed no row.
      expect(statement).toMatch(/SELECT \$run, \$step, \$fence, \$owner, .*FROM renewed, clock/);
      expect(statement).not.toMatch(/\$now\b/);
    }
    expect(FINISH).toContain(onServerClock(fencedDesign.finish));
  });
});
