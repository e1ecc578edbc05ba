import { describe, expect, it } from 'vitest';
import { checkRun, hintForRun, type LabExercise } from '@/lib/claim-lab';
import { runProgram } from '@/lib/claim-lab/run-program';
import { openSqlJs } from '@/lib/sqlite';
import { LAB_EXERCISES } from './exercises';

const byId = (id: string): LabExercise => {
  const found = LAB_EXERCISES.find((e) => e.id === id);
  if (!found) throw new Error(id);
  return found;
};

async function hint(exercise: LabExercise, source: string, findings = {}) {
  const run = await runProgram(await openSqlJs(), source);
  const verdict = checkRun(run, exercise.check);
  return { verdict, hint: hintForRun(exercise.analysis, source, run, verdict, findings) };
}

const lineOfText = (source: string, text: string) =>
  source.split('\n').findIndex((l) => l.includes(text)) + 1;

// A failed attempt gets a hint computed from the statements it sent, naming the condition.
describe('claim lab hints', () => {
  it('fix-owner-only: the starter is told which condition its FINISH lacks, and where', async () => {
    const fix = byId('fix-owner-only');
    const { verdict, hint: h } = await hint(fix, fix.starter);
    expect(verdict.passed).toBe(false);
    expect(h?.condition).toBe('fence');
    expect(h?.text).toContain('`fence = $token`');
    expect(h?.line).toBe(lineOfText(fix.starter, 'WHERE run_id = $run AND owner = $owner'));
    // With the fence and status added, the lease is the one left to name.
    const partial = fix.starter.replace(
      'WHERE run_id = $run AND owner = $owner',
      "WHERE run_id = $run AND owner = $owner AND fence = $token AND status = 'running'",
    );
    expect((await hint(fix, partial)).hint?.condition).toBe('lease');
  });

  it('explains a SET list joined with AND (valid SQL that assigns one boolean)', async () => {
    const renew = byId('renewal');
    const slip = renew.solution.replace(
      'SET lease_until = $now + $lease',
      'SET lease_until = $now + $lease AND fence = $token',
    );
    const { verdict, hint: h } = await hint(renew, slip);
    expect(verdict.passed).toBe(false);
    expect(h?.text).toContain('joins assignments with AND');
    expect(h?.line).toBe(lineOfText(slip, 'WHERE run_id = $run AND owner = $owner'));
  });

  it('explains `SET owner = $owner AND fence = $token`: owner gets 0 or 1, fence is never set', async () => {
    const demo = byId('demo');
    const slip = demo.starter.replace(
      'SET owner = $owner, lease_until',
      'SET owner = $owner AND fence = $token, lease_until',
    );
    expect(slip).not.toBe(demo.starter);
    const { verdict, hint: h } = await hint(demo, slip);
    expect(verdict.passed).toBe(false);
    expect(h?.text).toContain('`owner = ($owner AND fence = $token)`');
    expect(h?.text).toContain(
      'owner gets the true/false value 0 or 1, and `fence` is not set at all',
    );
    expect(h?.line).toBe(lineOfText(slip, 'WHERE run_id = $run AND'));
  });

  it('drop-one: all four present, two deleted, or a deletion that does not let it through', async () => {
    const drop = byId('drop-one-condition');
    expect((await hint(drop, drop.starter)).hint?.text).toContain('still has all four conditions');
    const two = drop.starter
      .replace(" AND status = 'running'", '')
      .replace(' AND owner = $owner', '');
    expect((await hint(drop, two)).hint?.text).toContain('Delete only one condition');
    const noOwner = drop.starter.replace(' AND owner = $owner', '');
    const h = (await hint(drop, noOwner, { owner: 'blocked' })).hint;
    expect(h?.condition).toBe('owner');
    expect(h?.text).toContain("`fence = $token` or `lease_until > $now` or `status = 'running'`");
    // Which check still refused the stale finish is the rulebook's sentence on its decision.
    expect(h?.text).toContain("A's finish was refused: the fence is 2, A holds 1.");
    expect((await hint(drop, drop.starter)).hint?.text).toContain('the fence is 2, A holds 1');
  });

  it('renewal: the starter is told it sends no renewal; a renewal without the fence names it', async () => {
    const renew = byId('renewal');
    expect((await hint(renew, renew.starter)).hint?.text).toContain(
      'sends no UPDATE of lease_until',
    );
    const noFence = renew.solution.replace(' AND fence = $token', '');
    expect((await hint(renew, noFence)).hint?.condition).toBe('fence');
  });

  it('read-then-write: the starter is told which read runs too late', async () => {
    const race = byId('select-then-update');
    const { hint: h } = await hint(race, race.starter);
    expect(h?.line).toBe(lineOfText(race.starter, "const aToken = aSawFree ? take('A', 1)"));
    expect(h?.text).toContain('Move every read before that UPDATE');
  });

  it('gives no hint for a passing run', async () => {
    for (const exercise of LAB_EXERCISES)
      expect((await hint(exercise, exercise.solution)).hint).toBeNull();
  });
});
