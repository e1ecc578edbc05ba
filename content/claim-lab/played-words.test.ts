import { describe, expect, it } from 'vitest';
import { stepOutcomes, type StepOutcome } from '@/lib/claim-lab';
import { runProgram } from '@/lib/claim-lab/run-program';
import { COMMIT_CONDITIONS, type CommitCondition } from '@/lib/lease';
import { openSqlJs } from '@/lib/sqlite';
import { DELETION_EXPLANATIONS, LAB_EXERCISES } from './exercises';
import { DROP_STARTER, RACE_SOLUTION } from './programs';

/*
 * Texts of the claim lab that narrate a write the learner plays, checked against the rulebook's
 * decision on it. The deletion table's reasons narrate the stale finish of "Drop one
 * condition": each is checked against the rulebook's decision on that finish (issue 38: a text
 * that narrates a played write is replaced by the view or checked against it): every value a
 * reason names is the row's or the writer's, and the one deletion said to let it through is the
 * only check that failed.
 */

const DELETE: Record<CommitCondition, string> = {
  owner: ' AND owner = $owner',
  fence: ' AND fence = $token',
  lease: ' AND lease_until > $now',
  status: " AND status = 'running'",
};

async function staleFinish(source: string): Promise<StepOutcome> {
  const run = await runProgram(await openSqlJs(), source);
  const stale = stepOutcomes(run.steps).find(
    (o): o is StepOutcome =>
      o !== null && o.write === 'finish' && o.decision.token !== o.decision.authority.token,
  );
  if (!stale) throw new Error('no stale finish reached the run row');
  return stale;
}

describe('the deletion table’s reasons agree with the decision on the stale finish', () => {
  it('each names the values the check compared, and only the fence’s check failed', async () => {
    const { decision: d } = await staleFinish(DROP_STARTER);
    const check = (name: CommitCondition) => {
      const c = d.checks.find((x) => x.name === name);
      if (!c) throw new Error(name);
      return c;
    };
    const why = (c: CommitCondition) => DELETION_EXPLANATIONS[c].why;
    expect(d.failed).toEqual(['fence']);
    // Owner: both processes are the same worker, so the check holds for the stale one.
    expect(check('owner')).toMatchObject({ held: true, actual: d.writer });
    expect(why('owner')).toContain(`worker ${d.writer}`);
    // Fence: the row's 2 against the stale token 1.
    expect(why('fence')).toContain(`bumped the fence to ${check('fence').actual}`);
    expect(why('fence')).toContain(`holds token ${d.token}`);
    expect(why('fence')).toContain('the only condition that differs');
    // Lease: the row's lease end, not passed at the finish's time.
    expect(check('lease').held).toBe(true);
    expect(why('lease')).toContain(`until ${check('lease').actual}`);
    expect(why('lease')).toContain(`at ${d.at}`);
    // Status: still running.
    expect(check('status')).toMatchObject({ held: true, actual: 'running' });
    expect(why('status')).toContain('still running');
  });

  it('deleting a condition lets the stale finish land exactly when its check is the one that failed', async () => {
    const { decision: all } = await staleFinish(DROP_STARTER);
    for (const c of COMMIT_CONDITIONS) {
      const { decision: d } = await staleFinish(DROP_STARTER.replace(DELETE[c], ''));
      const through = d.outcome.database === 'applied';
      expect(through, c).toBe(all.failed.length === 1 && all.failed[0] === c);
      expect(DELETION_EXPLANATIONS[c].why.includes('lets the stale write land'), c).toBe(through);
    }
  });
});

describe('the race’s solved note agrees with the decisions on the two claims', () => {
  it('both claims applied, A with token 1 and B with token 2, as the note says', async () => {
    const run = await runProgram(await openSqlJs(), RACE_SOLUTION);
    const claims = stepOutcomes(run.steps).filter(
      (o): o is StepOutcome => o !== null && o.write === 'claim',
    );
    expect(claims.map((c) => [c.decision.writer, c.decision.outcome.database])).toEqual([
      ['A', 'applied'],
      ['B', 'applied'],
    ]);
    const note = LAB_EXERCISES.find((e) => e.id === 'select-then-update')?.solvedNote ?? '';
    expect(note).toContain('each now believes it holds the lease');
    const [a, b] = claims.map((c) => c.decision.token);
    expect(note).toContain(`A holds ${a} and B holds ${b}`);
  });
});
