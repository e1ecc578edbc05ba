import { describe, expect, it } from 'vitest';
import { runProgram } from '@/lib/claim-lab/run-program';
import { stepOutcomes } from '@/lib/claim-lab/outcomes';
import { openSqlJs } from '@/lib/sqlite';
import { DEMO_PROGRAM, DROP_STARTER, FIX_SOLUTION, FIX_STARTER } from './programs';

async function outcomes(source: string) {
  const run = await runProgram(await openSqlJs(), source, { watchTable: 'jobs' });
  expect(run.error).toBeNull();
  return stepOutcomes(run.steps).filter((o) => o !== null);
}

// Each write of the claim lab is shown in the rulebook's four outcomes, not as a row count.
describe('claim lab write outcomes', () => {
  it('the demo: both claims applied, the stale finish refused by owner and fence, the new one applied', async () => {
    expect(await outcomes(DEMO_PROGRAM)).toEqual([
      { write: 'claim', kind: 'applied', notHeld: [] },
      { write: 'claim', kind: 'applied', notHeld: [] },
      { write: 'finish', kind: 'refused', notHeld: ['owner', 'fence'] },
      { write: 'finish', kind: 'applied', notHeld: [] },
    ]);
  });

  it('a claim while the lease is held is refused by the lease', async () => {
    const busy = DEMO_PROGRAM.replace("const b = claim('B', 6);", "const b = claim('B', 3);");
    expect((await outcomes(busy))[1]).toEqual({
      write: 'claim',
      kind: 'refused',
      notHeld: ['lease'],
    });
  });

  it('without the fence condition the stale finish is applied, past a fence that did not hold', async () => {
    const noFence = DROP_STARTER.replace(' AND fence = $token', '');
    expect((await outcomes(noFence))[2]).toEqual({
      write: 'finish',
      kind: 'applied',
      notHeld: ['fence'],
    });
  });

  it('a second finish by the holder is a duplicate under the lesson’s finish, refused under owner-only', async () => {
    const fixed = await outcomes(FIX_SOLUTION);
    // again: the same holder finishes r a second time; late: C's finish after its lease ran out.
    expect(fixed.map((o) => o.kind)).toEqual([
      'applied',
      'applied',
      'refused',
      'applied',
      'duplicate',
      'applied',
      'refused',
    ]);
    expect(fixed[6].notHeld).toEqual(['lease']);
    // The owner-only finish cannot tell a retry from anything else: it lets the stale one through.
    const broken = await outcomes(FIX_STARTER);
    expect(broken[2]).toEqual({ write: 'finish', kind: 'applied', notHeld: ['fence'] });
  });
});
