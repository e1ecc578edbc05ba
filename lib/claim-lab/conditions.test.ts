import { describe, expect, it } from 'vitest';
import { showMessage } from '@/lib/bounded';
import { lessonJobsDesign, ownerOnlyJobsDesign } from '@/lib/lease';
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
  stepsTruncated: false,
  error,
});

describe('finish conditions', () => {
  it('finds all four in the lesson’s finish, and only the owner in the broken one', () => {
    expect(missingConditions(lessonJobsDesign.finish)).toEqual([]);
    expect(missingConditions(ownerOnlyJobsDesign.finish)).toEqual(['fence', 'lease', 'status']);
  });

  it('reads the WHERE only, accepts either side, and ignores commented-out conditions', () => {
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
      findFinishStatement([
        'CREATE TABLE jobs(x)',
        lessonJobsDesign.claim,
        lessonJobsDesign.finish,
      ]),
    ).toContain("SET state = 'done'");
    expect(findFinishStatement(['SELECT 1'])).toBeUndefined();
  });
});

describe('recordDeletion', () => {
  const withoutFence = lessonJobsDesign.finish.replace(' AND fence = $token', '');
  const withoutOwner = lessonJobsDesign.finish.replace(' AND owner = $owner', '');

  it('records a single deletion and whether old: 1 was printed', () => {
    let findings = recordDeletion({}, ranWith([withoutFence], ['1 2', 'old: 1', 'new: 0']));
    findings = recordDeletion(findings, ranWith([withoutOwner], ['1 2', 'old: 0', 'new: 1']));
    expect(findings).toEqual({ fence: 'let-through', owner: 'blocked' });
  });

  it('ignores runs with no deletion, two deletions, or an error', () => {
    const both = withoutFence.replace(' AND owner = $owner', '');
    expect(recordDeletion({}, ranWith([lessonJobsDesign.finish], ['old: 0']))).toEqual({});
    expect(recordDeletion({}, ranWith([both], ['old: 1']))).toEqual({});
    const error = { kind: 'sql' as const, message: showMessage('x'), line: 1, column: null };
    expect(recordDeletion({}, ranWith([withoutFence], [], error))).toEqual({});
  });
});
