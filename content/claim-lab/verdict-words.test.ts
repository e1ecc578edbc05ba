import { describe, expect, it } from 'vitest';
import { COMMIT_CONDITIONS, conditionSql, RUNS_TABLE } from '@/lib/lease';
import { checkRun, finishCoverage, hintForRun } from '@/lib/claim-lab';
import { runProgram } from '@/lib/claim-lab/run-program';
import { openSqlJs } from '@/lib/sqlite';
import { LAB_EXERCISES } from './exercises';
import { DEMO_PROGRAM } from './programs';

/*
 * Issue 38: the claim lab's verdict reads the learner's edited SQL. Before, deleting
 * `AND fence = $token` from the demo's FINISH still passed beside a note saying the UPDATE
 * "checks owner, fence, lease and state", and a hint said "The conditions are all there" over a
 * FINISH without its owner and fence checks. The words now come from the rulebook's decision on
 * the statement the learner sent.
 */

const run = async (source: string) => runProgram(await openSqlJs(), source);

/** The demo with one condition (the lab's own SQL of it) deleted from its FINISH's WHERE. */
function without(...conditions: readonly (typeof COMMIT_CONDITIONS)[number][]): string {
  let source = DEMO_PROGRAM;
  for (const c of conditions) {
    const sql = conditionSql(c, RUNS_TABLE);
    const edited = source.replace(`AND ${sql}`, '').replace(`${sql} AND`, '');
    expect(edited, `the demo's FINISH has ${sql}`).not.toBe(source);
    source = edited;
  }
  return source;
}

describe('the claim lab verdict names exactly what the FINISH checks', () => {
  it('the lesson’s FINISH: all four, nothing missing', async () => {
    const coverage = finishCoverage((await run(DEMO_PROGRAM)).steps)!;
    expect(coverage.missing).toEqual([]);
    expect(coverage.text).toBe(
      'The finish checks owner, fence, lease and status in the same statement that writes.',
    );
  });

  it.each(COMMIT_CONDITIONS.map((c) => [c] as const))('without %s', async (c) => {
    const coverage = finishCoverage((await run(without(c))).steps)!;
    expect(coverage.missing).toEqual([c]);
    const name = c;
    expect(coverage.text).toContain(
      `it does not check ${name} (\`${conditionSql(c, RUNS_TABLE)}\`)`,
    );
    for (const other of COMMIT_CONDITIONS.filter((x) => x !== c))
      expect(coverage.text).not.toContain(`\`${conditionSql(other, RUNS_TABLE)}\``);
  });

  it('a hint over a FINISH without owner and fence never says the conditions are all there', async () => {
    const demo = LAB_EXERCISES[0];
    const source = without('owner', 'fence');
    const result = await run(source);
    const hint = hintForRun(demo.analysis, source, result, checkRun(result, demo.check));
    expect(hint?.text).not.toMatch(/all there/);
    expect(hint?.text).toMatch(/it does not check owner .* or fence/);
  });
});
