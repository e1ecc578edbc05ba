import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { showMessage } from '@/lib/bounded';
import {
  COMMIT_CONDITIONS,
  conditionsWhere,
  fencedDesign,
  JOBS_TABLE,
  ownerOnlyFinishDesign,
  RUNS_TABLE,
  RUN_STATUSES,
  type RunCondition,
} from '@/lib/lease';
import { findFinishStatement, missingConditions, recordDeletion } from './conditions';
import type { LabRun } from './run-program';

const ranWith = (
  statements: string[],
  output: string[],
  error: LabRun['error'] = null,
): LabRun => ({
  output: output.map((line) => showMessage(line)),
  statements: statements.map((sql) => showMessage(sql)),
  steps: [],
  stepsRan: 0,
  error,
});

describe('finish conditions', () => {
  it('finds all four in the lesson’s finish, and only the owner in the broken one', () => {
    expect(missingConditions(fencedDesign.finish)).toEqual([]);
    expect(missingConditions(ownerOnlyFinishDesign.finish)).toEqual(['fence', 'lease', 'status']);
  });

  it('reads the WHERE only, accepts either side, and ignores commented-out conditions', () => {
    expect(
      missingConditions(
        `UPDATE runs SET status = 'done' WHERE $owner = owner AND $token = fence AND $now < lease_until AND status IN ('running')`,
      ),
    ).toEqual([]);
    // A program saved before the lab moved to the runs table still names the jobs table.
    expect(
      missingConditions(
        `UPDATE jobs SET state = 'done' WHERE $owner = owner AND $token = fence AND $now < until AND state IN ('running')`,
      ),
    ).toEqual([]);
    expect(
      missingConditions(
        `UPDATE jobs SET state='done' WHERE id = 'r' -- AND fence = $token\n AND owner = $owner AND until > $now AND state = 'running'`,
      ),
    ).toEqual(['fence']);
    expect(missingConditions(`UPDATE jobs SET state = 'done'`)).toEqual([
      'owner',
      'fence',
      'lease',
      'status',
    ]);
  });

  it('picks the finish among the statements a run sent', () => {
    expect(
      findFinishStatement(['CREATE TABLE runs(x)', fencedDesign.claim, fencedDesign.finish]),
    ).toContain("SET status = 'done'");
    expect(findFinishStatement([`UPDATE jobs SET state = 'done' WHERE id = $run`])).toBeDefined();
    expect(findFinishStatement(['SELECT 1'])).toBeUndefined();
  });
});

describe('the lab reads conditions by the rulebook’s catalogue', () => {
  it('a finish built from any catalogue list over the runs table (or the old jobs table) misses exactly the conditions left out', () => {
    const statusForm = fc.oneof(
      fc.constant<RunCondition>('status'),
      fc
        .subarray([...RUN_STATUSES], { minLength: 2 })
        .map((statuses): RunCondition => ({ kind: 'status-in', statuses })),
    );
    fc.assert(
      fc.property(
        fc.subarray([...COMMIT_CONDITIONS]),
        statusForm,
        fc.constantFrom(RUNS_TABLE, JOBS_TABLE),
        (kept, status, table) => {
          const list = kept.map((c) => (c === 'status' ? status : c));
          const sql = `UPDATE ${table.name} SET ${table.status} = 'done' WHERE ${conditionsWhere(list, table)}`;
          expect(missingConditions(sql)).toEqual(
            COMMIT_CONDITIONS.filter((c) => !kept.includes(c)),
          );
        },
      ),
    );
  });

  it('finds what the hand-written patterns it replaced found, on any WHERE made of their pieces', () => {
    // The lab's patterns before they came from the catalogue (claim-lab/conditions.ts at 1f0ce2c),
    // with the runs table's names beside the old jobs table's.
    const HAND_WRITTEN = {
      owner: /\bowner\s*=|=\s*owner\b/i,
      fence: /\bfence\s*=|=\s*fence\b/i,
      lease: /\b(lease_)?until\s*>|<\s*(lease_)?until\b/i,
      status: /\b(state|status)\s*(=|\bIN\b)|=\s*(state|status)\b/i,
    };
    const piece = fc.constantFrom(
      'owner',
      'fence',
      'until',
      'state',
      'lease_until',
      'status',
      'OWNER',
      '$owner',
      '$token',
      '$now',
      "'running'",
      '=',
      '>',
      '<',
      '>=',
      '<=',
      '<>',
      'IN',
      'in',
      '(',
      ')',
      'AND',
      ' ',
      '',
      'id',
      'stateful',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), fc.boolean(), (pieces, spaced) => {
        const where = `UPDATE jobs SET state = 'done' WHERE ${pieces.join(spaced ? ' ' : '')}`;
        const expected = COMMIT_CONDITIONS.filter(
          (c) => !HAND_WRITTEN[c].test(where.slice(where.indexOf('WHERE'))),
        );
        expect(missingConditions(where)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('recordDeletion', () => {
  const withoutFence = fencedDesign.finish.replace(' AND fence = $token', '');
  const withoutOwner = fencedDesign.finish.replace(' AND owner = $owner', '');

  it('records a single deletion and whether old: 1 was printed', () => {
    let findings = recordDeletion({}, ranWith([withoutFence], ['1 2', 'old: 1', 'new: 0']));
    findings = recordDeletion(findings, ranWith([withoutOwner], ['1 2', 'old: 0', 'new: 1']));
    expect(findings).toEqual({ fence: 'let-through', owner: 'blocked' });
  });

  it('ignores runs with no deletion, two deletions, or an error', () => {
    const both = withoutFence.replace(' AND owner = $owner', '');
    expect(recordDeletion({}, ranWith([fencedDesign.finish], ['old: 0']))).toEqual({});
    expect(recordDeletion({}, ranWith([both], ['old: 1']))).toEqual({});
    const error = { kind: 'sql' as const, message: showMessage('x'), line: 1, column: null };
    expect(recordDeletion({}, ranWith([withoutFence], [], error))).toEqual({});
  });
});
