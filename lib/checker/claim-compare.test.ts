import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import {
  buildDesign,
  CLAIM_READ_COLUMNS,
  fencedDesign,
  LESSON_RULES,
  selectThenUpdateDesign,
  type ClaimCondition,
} from '@/lib/lease';
import { CATALOG_BOUND, uniformBound } from './bound';
import { checkDesign } from './search';
import { traceRun } from './trace';
import { conditionsDesign, validateDraft } from './validate';

const SQL = await initSqlJs();
const CAS: ClaimCondition[] = [{ kind: 'claimable' }, { kind: 'as-read', column: 'fence' }];
const LESSON = { renew: fencedDesign.rules!.renew, finish: fencedDesign.rules!.finish };

/** The custom design of "Check my design" from the picks, through the worker's validation. */
function picked(claim: ClaimCondition[]) {
  const base = conditionsDesign({ ...LESSON, claim });
  const v = validateDraft(SQL, { claim: base.claim, renew: base.renew, finish: base.finish }, base);
  if (!v.ok) throw new Error(v.problems.map((p) => p.message).join('\n'));
  return v.design;
}

// Issue 26: the compare-and-set claim in the schedule checker. Its read is a step of its own, as
// select-then-update's is, so the search interleaves other claims between read and write.
describe('the compare-and-set claim, model checked', () => {
  it('select-then-update hands one token to two workers (property 2); comparing a column every claim changes, no schedule does', () => {
    const bound = uniformBound(2, 2);
    const stu = checkDesign(SQL, selectThenUpdateDesign, bound, { stateCache: true });
    expect(stu.counterexample?.violation.property).toBe(2);
    const verdicts = CLAIM_READ_COLUMNS.map((column) => {
      const design = buildDesign(selectThenUpdateDesign, {
        ...selectThenUpdateDesign.rules!,
        claimConditions: [{ kind: 'claimable' }, { kind: 'as-read', column }],
      });
      expect(design.claimRead, column).toContain(`AS read_${column}`);
      const v = checkDesign(SQL, design, bound, { stateCache: true });
      return [column, v.counterexample?.violation.kind ?? v.verdict];
    });
    // The fence, the lease end and the attempt change with every claim. A time does not: two
    // claims in the same second leave the same claimed_at (the claimer's clock) or attempted_at.
    expect(verdicts).toEqual([
      ['fence', 'safe'],
      ['lease', 'safe'],
      ['attempt', 'safe'],
      ['claimed_at', 'shared-token'],
      ['attempted_at', 'shared-token'],
    ]);
  });

  it('the lesson’s story with the compare-and-set claim is safe', () => {
    expect(checkDesign(SQL, picked(CAS), CATALOG_BOUND, { stateCache: true }).verdict).toBe('safe');
  });

  it('two reads before either write: the second claim is refused on its compare, in the rulebook’s words', () => {
    const bound = uniformBound(2, 1);
    // Steps: A reads, B reads, A writes its claim, B writes its claim.
    const run = traceRun(SQL, picked(CAS), bound, [0, 1, 0, 1]);
    const claims = run.steps.filter((s) => s.kind === 'claim');
    expect(claims.map((s) => s.result)).toEqual(['applied', 'refused']);
    const refused = claims[1].decision!;
    expect(refused.checks.map((c) => [c.name, c.held])).toEqual([['as-read', false]]);
    expect(claims[1].outcome).toBe(
      "0 rows changed: B's claim was refused: the fence is 1, B read 0.",
    );
    expect(run.violation).toBeNull();
    // Trusting the read, both land and share the token.
    const stu = traceRun(SQL, selectThenUpdateDesign, bound, [0, 1, 0, 1]);
    expect(stu.violation?.property).toBe(2);
  });

  it('the worker validates a draft against the picks’ design: the claim may bind what the read returns', () => {
    const base = conditionsDesign({ ...LESSON, claim: CAS });
    const draft = { claim: base.claim, renew: base.renew, finish: base.finish };
    // Against the lesson's design the claim binds a parameter nobody provides.
    const lesson = validateDraft(SQL, draft);
    expect(lesson.ok).toBe(false);
    if (!lesson.ok) expect(lesson.problems[0].message).toMatch(/\$read_fence/);
    // An edited finish keeps the claim's read (the claim still binds it).
    const edited = validateDraft(SQL, { ...draft, finish: `${draft.finish} AND 1 = 1` }, base);
    expect(edited.ok && edited.design.claimRead).toBe(base.claimRead);
    // A claim edited to compare nothing read has no read to make first.
    const oneStatement = validateDraft(SQL, { ...draft, claim: fencedDesign.claim }, base);
    expect(oneStatement.ok && oneStatement.design.claimRead).toBeUndefined();
    expect(LESSON_RULES.claimConditions).toBeUndefined();
  });
});
