import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import {
  cancelWithoutFencingDesign,
  DESIGN_CATALOG,
  dropFinishCondition,
  fencedDesign,
  ttlOnlyDesign,
} from '@/lib/lease';
import { CANCEL_BOUND, CATALOG_BOUND } from './bound';
import { checkDesign } from './search';

const SQL = await initSqlJs();
const BROKEN = DESIGN_CATALOG.filter(
  (d) => d.id !== fencedDesign.id && d.id !== cancelWithoutFencingDesign.id,
);
const DROPS = (['fence', 'status'] as const).map((c) => dropFinishCondition(c));

describe('a counterexample’s writes are the rulebook’s decisions', () => {
  const cases = [
    ...[...BROKEN, ...DROPS].map((design) => ({ design, bound: CATALOG_BOUND })),
    { design: cancelWithoutFencingDesign, bound: CANCEL_BOUND },
  ];
  for (const { design, bound } of cases) {
    it(`${design.id}: the last step's decision breaks the property the checker found, and says so`, () => {
      const cx = checkDesign(SQL, design, bound).counterexample!;
      const last = cx.steps[cx.steps.length - 1];
      expect(last.decision?.violation?.kind).toBe(cx.violation.kind);
      expect(cx.violation.message).toMatch(/^This breaks property \d \(.*\): the culprit is /);
      // Every write is decided; a step that wrote nothing has no decision.
      for (const s of cx.steps)
        expect(s.decision === null, `${s.label} ${s.kind}`).toBe(
          s.stopped || ['pause', 'claim-read', 'write-check'].includes(s.kind),
        );
    });
  }

  it('TTL only: A claims, pauses, B takes over, A’s renewal lands, in the explainer’s words', () => {
    const cx = checkDesign(SQL, ttlOnlyDesign, CATALOG_BOUND).counterexample!;
    expect(cx.steps.map((s) => `${s.label} ${s.kind}: ${s.outcome}`)).toEqual([
      'A claim: 1 row changed: the run was queued; A now holds the run, lease until 5.',
      'A pause: the clock moves to 5',
      'B claim: 1 row changed: the lease had ended at 5 (it is now 5); B now holds the run, lease until 10.',
      "A renew: 1 row changed: A's stale renewal landed, though A no longer holds the run: this design checks only the status, and the status was running; B holds the run. This breaks property 1 (only the current holder’s writes land): the culprit is A, the victim is B.",
    ]);
    // A lease-only design compares no token: no line names a fence.
    expect(cx.steps.map((s) => s.outcome).join(' ')).not.toMatch(/fence/);
    expect(cx.violation.message).toBe(
      'This breaks property 1 (only the current holder’s writes land): the culprit is A, the victim is B.',
    );
  });
});
