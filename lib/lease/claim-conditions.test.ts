import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { buildDesign } from './build';
import {
  CLAIM_CONDITION_KINDS,
  isClaimCondition,
  LESSON_CLAIM,
  type ClaimCondition,
} from './catalogue';
import { conditionCheck } from './catalogue-checks';
import { decideClaim } from './decide';
import type { RowState } from './decision';
import {
  comparedDesigns,
  fencedDesign,
  LESSON_RULES,
  ownerOnlyFinishDesign,
  selectThenUpdateDesign,
} from './designs';
import { explain } from './explain';
import { describeStatementConditions, statementMenu } from './explain-catalogue';
import { createLeaseModel } from './model';
import type { LeaseModel } from './model-api';
import { RUN_STATUSES, type LeaseDesign } from './types';

// Issue 26: the claim's conditions are a catalogue list too (the lesson's claimable test is the
// entry { kind: 'claimable' }). Every design that names none builds what it built before.
const EVERY_DESIGN = [...comparedDesigns(), ownerOnlyFinishDesign];

describe('the claim’s conditions as data', () => {
  it('every existing design builds byte-identical statements (pinned before the change)', () => {
    const statements = comparedDesigns().map(({ rules: _rules, ...sql }) => sql);
    // sha256 of the same JSON, measured on 2d805b7 (whose pin, taken at 1f0ce2c before claim
    // conditions existed, also held the claim lab's old jobs-table designs, now gone), then
    // re-pinned when the targets' tables named their token fence (issue 39): with that rename
    // and the report's ' token ' undone, the new statements hash to the old pin, cd29d2c5….
    expect(createHash('sha256').update(JSON.stringify(statements)).digest('hex')).toBe(
      '3650277194a5cffad5f33cfd7a88e200506a76fdff4c102cd870d6b4d8a8524c',
    );
    for (const d of EVERY_DESIGN) {
      const explicit = buildDesign(d, { ...d.rules!, claimConditions: LESSON_CLAIM });
      expect({ ...explicit, rules: undefined }).toEqual({ ...d, rules: undefined });
    }
    expect(fencedDesign.claim).toContain(
      "WHERE run_id = $run AND (status = 'queued' OR (status = 'running' AND lease_until <= $now))",
    );
    expect(selectThenUpdateDesign.claimRead).toContain(
      "WHERE run_id = $run AND (status = 'queued' OR (status = 'running' AND lease_until <= $now))",
    );
  });

  it('the lesson’s claim list decides exactly as the claimable test did, on any row', () => {
    const row = fc.record({
      owner: fc.constantFrom('', 'A', 'B'),
      fence: fc.integer({ min: 0, max: 3 }),
      leaseUntil: fc.integer({ min: -2, max: 8 }),
      status: fc.constantFrom(...RUN_STATUSES),
    });
    fc.assert(
      fc.property(row, fc.integer({ min: -2, max: 8 }), fc.boolean(), (before, at, applied) => {
        const ctx = { writer: 'A', at, authority: { holder: before.owner || null, token: 0 } };
        const w = { before, after: before, changed: applied ? 1 : 0, checked: true };
        const implicit = decideClaim(ctx, w);
        expect(implicit.checks).toEqual([
          conditionCheck(LESSON_CLAIM[0], before, { owner: 'A', token: 0, now: at }),
        ]);
        expect(decideClaim(ctx, { ...w, conditions: LESSON_CLAIM })).toEqual(implicit);
      }),
      { numRuns: 300 },
    );
  });

  it('a claim that takes only queued runs leaves an expired lease alone; one that ignores the lease steals a held one', async () => {
    const run = async (claimConditions: readonly ClaimCondition[]) => {
      const design = buildDesign(
        { id: 'x', name: 'x', summary: 'x' },
        { ...LESSON_RULES, claimConditions },
      );
      const model = createLeaseModel(await openSqlJs(), { design });
      model.setup();
      model.claim('A', 0);
      const before = model.read()! as RowState;
      return { design, model, before };
    };
    // The claim's decision on `before`, the row as the model left it afterwards.
    const decided = (
      design: LeaseDesign,
      model: LeaseModel,
      before: RowState,
      writer: string,
      at: number,
      authority: { holder: string | null; token: number },
    ) =>
      decideClaim(
        { writer, at, authority },
        {
          before,
          after: model.read()!,
          changed: 0,
          checked: true,
          conditions: design.rules!.claimConditions,
        },
      );
    const queuedOnly = await run([{ kind: 'status-in', statuses: ['queued'] }]);
    expect(queuedOnly.design.claim).toContain("WHERE run_id = $run AND status IN ('queued')");
    expect(queuedOnly.model.claim('B', 6).ok).toBe(false);
    const d = decided(queuedOnly.design, queuedOnly.model, queuedOnly.before, 'B', 6, {
      holder: 'A',
      token: 1,
    });
    expect(d.failed).toEqual(['status']);
    expect(explain(d).verdict).toBe('refused, 0 rows: status');
    expect(explain(d).sentence).toContain('the run is already running');

    // A set the run has not reached yet is not "already": a claim of running runs only, on a
    // queued run, reads the two statuses as they are.
    const runningOnly = buildDesign(
      { id: 'y', name: 'y', summary: 'y' },
      {
        ...LESSON_RULES,
        claimConditions: [{ kind: 'status-in', statuses: ['running', 'failed'] }],
      },
    );
    const fresh = createLeaseModel(await openSqlJs(), { design: runningOnly });
    fresh.setup();
    const queued = fresh.read()! as RowState;
    expect(fresh.claim('A', 0).ok).toBe(false);
    const early = decided(runningOnly, fresh, queued, 'A', 0, { holder: null, token: 0 });
    expect(explain(early).sentence).toContain('the run is queued, not running or failed');
    expect(explain(early).sentence).not.toContain('already');

    const leaseBlind = await run([{ kind: 'status-in', statuses: ['queued', 'running'] }]);
    expect(leaseBlind.model.claim('B', 2).ok).toBe(true);

    // Open (queued or running) and its lease run out: a queued run's lease_until is 0.
    const expiredOnly = await run([
      { kind: 'status-in', statuses: ['queued', 'running'] },
      { kind: 'lease-expired' },
    ]);
    expect(expiredOnly.design.claim).toContain(
      "WHERE run_id = $run AND status IN ('queued', 'running') AND lease_until <= $now",
    );
    expect(expiredOnly.before).toMatchObject({ owner: 'A', status: 'running', leaseUntil: 5 });
    expect(expiredOnly.model.claim('B', 2).ok).toBe(false);
    const held = decided(expiredOnly.design, expiredOnly.model, expiredOnly.before, 'B', 2, {
      holder: 'A',
      token: 1,
    });
    expect(held.checks.map((c) => [c.name, c.held])).toEqual([
      ['status', true],
      ['lease', false],
    ]);
    expect(explain(held).sentence).toContain('the lease runs until 5, it is now 2');
    expect(expiredOnly.model.claim('B', 6).ok).toBe(true);
  });

  it('refuses a claim list it cannot build', () => {
    const meta = { id: 'x', name: 'x', summary: 'x' };
    expect(() =>
      buildDesign(meta, {
        ...LESSON_RULES,
        claimConditions: [{ kind: 'status-in', statuses: [] }],
      }),
    ).toThrow(/claim's status set is empty/);
  });

  it('the picker’s claim choices: a label each, and a condition the design builds and words', () => {
    const menu = statementMenu('claim');
    expect(menu.choices).toEqual([...CLAIM_CONDITION_KINDS]);
    const meta = { id: 'x', name: 'x', summary: 'x' };
    const picked = CLAIM_CONDITION_KINDS.map(menu.add).filter(isClaimCondition);
    const design = buildDesign(meta, { ...LESSON_RULES, claimConditions: picked });
    // The claim reads the row under the other conditions, and its write compares the fence read.
    expect(design.claimRead).toContain(
      "AND (status = 'queued' OR (status = 'running' AND lease_until <= $now)) AND lease_until <= $now AND status IN ('queued')",
    );
    expect(design.claim).toContain('WHERE run_id = $run AND fence = $read_fence');
    expect(describeStatementConditions('claim', LESSON_CLAIM)).toBe(
      'The claim checks only the claimable test (queued, or its lease run out).',
    );
  });
});
