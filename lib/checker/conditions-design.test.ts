import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { fencedDesign, type RunCondition } from '@/lib/lease';
import { CATALOG_BOUND, uniformBound } from './bound';
import { checkDesign } from './search';
import { conditionsDesign, validateDraft } from './validate';

const SQL = await initSqlJs();
const FINGERPRINT: RunCondition = { kind: 'fingerprint', columns: ['attempt', 'claimed_at'] };
const LESSON_RENEW = fencedDesign.rules!.renew;

/** The custom design from picked conditions, through the same validation as typed SQL. */
function picked(finish: RunCondition[]) {
  const base = conditionsDesign({ renew: LESSON_RENEW, finish });
  const v = validateDraft(SQL, { claim: base.claim, renew: base.renew, finish: base.finish }, base);
  if (!v.ok) throw new Error(v.problems.map((p) => p.message).join('\n'));
  return v.design;
}

describe('the checker’s custom design takes catalogue conditions', () => {
  it('a finish by the run id alone finishes twice; by the status alone a stale completion lands', () => {
    const byId = checkDesign(SQL, picked([]), CATALOG_BOUND, { stateCache: true });
    expect(byId.counterexample?.violation.kind).toBe('second-finish');
    const byStatus = checkDesign(SQL, picked(['status']), CATALOG_BOUND, { stateCache: true });
    expect(byStatus.counterexample?.violation.kind).toBe('stale-write');
  });

  it('a finish on the fingerprint (attempt, claimed_at) and the status is safe, and its refusals name the fingerprint', () => {
    const design = picked(['status', FINGERPRINT]);
    expect(design.finish).toContain('(attempt, claimed_at) = ($attempt, $claimed_at)');
    expect(design.claim).toContain('RETURNING fence AS token, attempt AS attempt');
    expect(checkDesign(SQL, design, CATALOG_BOUND, { stateCache: true }).verdict).toBe('safe');
  });

  it('the fingerprint alone, without the status, finishes a done run again (property 4)', () => {
    const v = checkDesign(SQL, picked([FINGERPRINT]), CATALOG_BOUND, { stateCache: true });
    expect(v.verdict).toBe('unsafe');
    expect(v.counterexample?.violation.kind).toBe('second-finish');
    const finishes = v.counterexample!.steps.filter((s) => s.kind === 'finish' && s.decision);
    // The words of each finish agree with the row: the fingerprint held, as the claim left it.
    for (const s of finishes)
      expect(s.decision!.checks.map((c) => [c.name, c.held])).toEqual([['fingerprint', true]]);
    expect(finishes.at(-1)!.outcome).toMatch(/\(attempt, claimed_at\) was \(\d+, \d+\)/);
  });

  it('5 holders of 4 steps with the fingerprint finish: safe', () => {
    const v = checkDesign(SQL, picked(['status', FINGERPRINT]), uniformBound(5, 4), {
      stateCache: true,
    });
    expect(v.verdict).toBe('safe');
  });
});

describe('the custom design’s claim conditions', () => {
  const LESSON_FINISH = fencedDesign.rules!.finish;
  it('a claim that also takes done runs reopens a finished run (property 3); the lesson’s claimable test is safe', () => {
    const reopening = conditionsDesign({
      // Open or done, and no lease: time moves only by A's pause, so no lease runs out after B's finish.
      claim: [{ kind: 'status-in', statuses: ['queued', 'running', 'done'] }],
      renew: LESSON_RENEW,
      finish: LESSON_FINISH,
    });
    expect(reopening.claim).toContain(
      "WHERE run_id = $run AND status IN ('queued', 'running', 'done')\n",
    );
    const v = checkDesign(SQL, reopening, CATALOG_BOUND, { stateCache: true });
    expect(v.counterexample?.violation.kind).toBe('final-claimed');
    const claim = v.counterexample!.steps.findLast((s) => s.kind === 'claim' && s.decision);
    expect(claim!.decision!.checks.map((c) => [c.name, c.held])).toEqual([['status', true]]);
    expect(claim!.outcome).toContain('the run was done');
    const lesson = conditionsDesign({
      claim: [{ kind: 'claimable' }],
      renew: LESSON_RENEW,
      finish: LESSON_FINISH,
    });
    expect(lesson.claim).toBe(fencedDesign.claim);
    expect(checkDesign(SQL, lesson, CATALOG_BOUND, { stateCache: true }).verdict).toBe('safe');
  });
});

describe('regressions of the custom design', () => {
  it('validate-draft-copied-rules: an edited draft does not carry the base design’s rules', () => {
    const lesson = {
      claim: fencedDesign.claim,
      renew: fencedDesign.renew,
      finish: fencedDesign.finish,
    };
    const same = validateDraft(SQL, lesson);
    expect(same.ok && same.design.rules).toBe(fencedDesign.rules);
    const edited = validateDraft(SQL, {
      ...lesson,
      finish: `UPDATE runs SET status = 'done' WHERE run_id = $run`,
    });
    expect(edited.ok).toBe(true);
    if (edited.ok) expect(edited.design.rules).toBeUndefined();
  });
});
