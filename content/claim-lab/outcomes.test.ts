import { describe, expect, it } from 'vitest';
import { runProgram } from '@/lib/claim-lab/run-program';
import { stepOutcomes } from '@/lib/claim-lab/outcomes';
import { openSqlJs } from '@/lib/sqlite';
import { DEMO_PROGRAM, DROP_STARTER, FIX_SOLUTION, FIX_STARTER } from './programs';

async function outcomes(source: string) {
  const run = await runProgram(await openSqlJs(), source);
  expect(run.error).toBeNull();
  return stepOutcomes(run.steps)
    .filter((o) => o !== null)
    .map(({ write, decision, sentence }) => ({
      write,
      kind: decision.outcome.caller,
      failed: decision.failed,
      violation: decision.violation?.kind ?? null,
      sentence,
    }));
}

// Each write of the claim lab is the rulebook's decision, in its four outcomes and its words.
describe('claim lab write outcomes', () => {
  it('the demo: both claims applied, the stale finish refused by owner and fence, the new one applied', async () => {
    expect(await outcomes(DEMO_PROGRAM)).toEqual([
      {
        write: 'claim',
        kind: 'applied',
        failed: [],
        violation: null,
        sentence:
          '1 row changed: the run was queued; A now holds the run with fence 1, lease until 5.',
      },
      {
        write: 'claim',
        kind: 'applied',
        failed: [],
        violation: null,
        sentence:
          '1 row changed: the lease had ended at 5 (it is now 6); B now holds the run with fence 2, lease until 11.',
      },
      {
        write: 'finish',
        kind: 'refused',
        failed: ['owner', 'fence'],
        violation: null,
        sentence:
          "0 rows changed: A's finish was refused: the owner is B, not A; the fence is 2, A holds 1. A no longer holds the run: B does (fence 2).",
      },
      {
        write: 'finish',
        kind: 'applied',
        failed: [],
        violation: null,
        sentence:
          "1 row changed: B's finish landed: this design checks the owner, the fence, the lease and the status, and the owner was B, the fence was 2, the lease ran until 11 and the status was running. The run is done.",
      },
    ]);
  });

  it('a claim while the lease is held is refused by the lease', async () => {
    const busy = DEMO_PROGRAM.replace("const b = claim('B', 6);", "const b = claim('B', 3);");
    expect((await outcomes(busy))[1]).toEqual({
      write: 'claim',
      kind: 'refused',
      failed: ['claimable'],
      violation: null,
      sentence: "0 rows changed: B's claim was refused: A holds the lease until 5 (it is now 3).",
    });
  });

  it('without the fence condition the stale finish is applied: a stale write, culprit and victim named', async () => {
    const noFence = DROP_STARTER.replace(' AND fence = $token', '');
    expect((await outcomes(noFence))[2]).toEqual({
      write: 'finish',
      kind: 'applied',
      failed: [],
      violation: 'stale-write',
      sentence:
        "1 row changed: A's stale finish landed, though A no longer holds the run: this design checks only the owner, the lease and the status, and the owner was A, the lease ran until 11 and the status was running; nothing compared A's fence 1 with the run's fence 2; a newer generation of A holds the run (fence 2). This breaks property 1 (only the current holder’s writes land): the culprit is A (fence 1), the victim is A (fence 2).",
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
    expect(fixed[6].failed).toEqual(['lease']);
    // The owner-only finish cannot tell a retry from anything else: it lets the stale one through.
    const broken = await outcomes(FIX_STARTER);
    expect(broken[2]).toMatchObject({ write: 'finish', kind: 'applied', violation: 'stale-write' });
  });

  it('a program saved on the demo’s old jobs table still runs, and its writes are still decided', async () => {
    // The demo as it was saved before the lab moved to the runs table (its statements verbatim).
    const old = `const LEASE = 5;
const CLAIM = \`UPDATE jobs SET owner = $owner, until = $now + $lease, fence = fence + 1, state = 'running'
 WHERE id = $run AND (state = 'ready' OR (state = 'running' AND until <= $now)) RETURNING fence AS token\`;
const FINISH = \`UPDATE jobs SET state = 'done'
 WHERE id = $run AND owner = $owner AND fence = $token AND until > $now AND state = 'running'\`;
db.run(\`CREATE TABLE IF NOT EXISTS jobs(id TEXT PRIMARY KEY, owner TEXT, until INTEGER, fence INTEGER, state TEXT)\`);
db.run(\`INSERT INTO jobs VALUES ($run, '', 0, 0, 'ready')\`, { run: 'r' });
const claim = (owner: string, now: number) =>
  db.get<{ token: number }>(CLAIM, { run: 'r', owner, now, lease: LEASE })?.token ?? null;
const finish = (owner: string, token: number | null, now: number) =>
  db.run(FINISH, { run: 'r', owner, token, now });
const a = claim('A', 0);
const b = claim('B', 6);
print(a, b);
print('old:', finish('A', a, 7));
print('new:', finish('B', b, 7));`;
    const mine = (await outcomes(DEMO_PROGRAM)).map(({ write, kind, failed }) => ({
      write,
      kind,
      failed,
    }));
    const saved = (await outcomes(old)).map(({ write, kind, failed }) => ({ write, kind, failed }));
    expect(saved).toEqual(mine);
  });
});
