import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { fencedDesign } from '@/lib/lease';
import { CATALOG_BOUND } from './bound';
import { checkDesign } from './search';
import { validateDraft } from './validate';

const SQL = await initSqlJs();
const lesson = {
  claim: fencedDesign.claim,
  renew: fencedDesign.renew,
  finish: fencedDesign.finish,
};

describe('Check my design: validation before any search', () => {
  it('accepts the lesson’s statements, and the checked design is safe', () => {
    const v = validateDraft(SQL, lesson);
    expect(v.ok).toBe(true);
    if (v.ok)
      expect(checkDesign(SQL, v.design, CATALOG_BOUND, { stateCache: true }).verdict).toBe('safe');
  });

  it('names a statement that is not valid SQL', () => {
    const v = validateDraft(SQL, {
      ...lesson,
      finish: 'UPDATE runs SET status = WHERE run_id = $run',
    });
    expect(v.ok).toBe(false);
    if (!v.ok)
      expect(v.problems[0]).toMatchObject({
        statement: 'finish',
        message: expect.stringContaining('SQLite cannot prepare the finish'),
      });
  });

  it('names an unknown parameter and a missing one', () => {
    const v = validateDraft(SQL, {
      ...lesson,
      renew: `UPDATE runs SET lease_until = $when + $lease WHERE run_id = $run`,
    });
    expect(v.ok).toBe(false);
    if (!v.ok) {
      const messages = v.problems.map((p) => p.message).join('\n');
      expect(messages).toContain('uses $when, which the checker does not provide');
      expect(messages).toContain('The renew must use $now.');
    }
  });

  it('wants the claim to return the token, one statement each, and writes not reads', () => {
    const v = validateDraft(SQL, {
      claim: fencedDesign.claim.replace('RETURNING fence AS token', ''),
      renew: `SELECT * FROM runs WHERE run_id = $run AND lease_until > $now`,
      finish: `${fencedDesign.finish}; DELETE FROM runs`,
    });
    expect(v.ok).toBe(false);
    if (!v.ok) {
      const messages = v.problems.map((p) => `${p.statement}: ${p.message}`).join('\n');
      expect(messages).toContain('claim: The claim must return the new token');
      expect(messages).toContain('renew: The renew must be an UPDATE');
      expect(messages).toContain('finish: The finish must be exactly one statement (found 2)');
    }
  });

  it('refuses empty, positional and huge input with a message', () => {
    const v = validateDraft(SQL, {
      claim: '',
      renew: 'UPDATE runs SET lease_until = ? WHERE run_id = $run AND $now > 0',
      finish: 'x'.repeat(10_000),
    });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.problems.map((p) => p.statement)).toEqual(['claim', 'renew', 'finish']);
  });
});
