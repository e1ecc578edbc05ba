import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { fencedDesign, LESSON_RULES, type RunCondition } from '@/lib/lease';
import { conditionsDesign, validateDraft } from './validate';

const SQL = await initSqlJs();
const FINGERPRINT: RunCondition = { kind: 'fingerprint', columns: ['attempt', 'claimed_at'] };

// "Check my design" sends the picks with the draft; the worker validates the draft against the
// picks' design (checker.worker.ts), whose tables have the claim columns the conditions compare.
describe('a draft picked from the catalogue, then edited', () => {
  const design = conditionsDesign({ renew: LESSON_RULES.renew, finish: ['status', FINGERPRINT] });
  const edited = {
    claim: design.claim,
    renew: design.renew,
    finish: `${design.finish.trimEnd()}\n  AND owner = $owner`,
  };

  it('validates against the picks’ tables, and keeps no rules once edited', () => {
    const v = validateDraft(SQL, edited, design);
    expect(v.ok).toBe(true);
    if (v.ok) expect(v.design.rules).toBeUndefined();
    const same = validateDraft(SQL, { ...edited, finish: design.finish }, design);
    expect(same.ok && same.design.rules).toBe(design.rules);
  });

  it('against the lesson’s tables the same draft names the missing column', () => {
    const v = validateDraft(SQL, edited);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.problems.map((p) => p.message).join(' ')).toMatch(/attempt/);
  });

  it('the lesson’s picks make the lesson’s statements', () => {
    const lesson = conditionsDesign({ renew: LESSON_RULES.renew, finish: LESSON_RULES.finish });
    expect([lesson.claim, lesson.renew, lesson.finish]).toEqual([
      fencedDesign.claim,
      fencedDesign.renew,
      fencedDesign.finish,
    ]);
  });
});
