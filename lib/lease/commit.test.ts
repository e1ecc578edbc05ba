import { describe, expect, it } from 'vitest';
import { COMMIT_CONDITIONS } from './conditions';
import { commitResult, finishLanded } from './commit';
import type { RunRow } from './types';

const row = (over: Partial<RunRow> = {}): RunRow => ({
  runId: 'r',
  owner: 'A',
  leaseUntil: 10,
  fence: 1,
  status: 'running',
  ...over,
});
const base = { runId: 'r', conditions: COMMIT_CONDITIONS, owner: 'A', token: 1, now: 5 };

describe('commitResult: the one decision of a commit, in the four outcomes, explained', () => {
  it('a changed row is applied; without a judged row every condition of the statement held', () => {
    const decided = commitResult({ ...base, changed: 1, after: row({ status: 'done' }) });
    expect(decided.ok).toBe(true);
    expect(decided.observed.database).toEqual({
      kind: 'applied',
      checked: COMMIT_CONDITIONS.map((condition) => ({ condition, held: true })),
    });
  });

  it('0 rows is refused with the failed conditions, judged on the row the statement left', () => {
    const decided = commitResult({
      ...base,
      token: 1,
      changed: 0,
      after: row({ owner: 'B', fence: 2 }),
    });
    expect(decided).toMatchObject({ ok: false, failed: ['owner', 'fence'] });
    expect(decided.observed.database.kind).toBe('refused');
  });

  it('0 rows after the holder’s own finish landed is a duplicate, not a refusal', () => {
    const after = row({ status: 'done' });
    const decided = commitResult({
      ...base,
      changed: 0,
      after,
      landed: finishLanded(COMMIT_CONDITIONS, after, 'A', 1),
    });
    expect(decided.observed.database).toMatchObject({ kind: 'duplicate', opId: 'A@1' });
    // A finish that does not check owner and fence cannot tell its own landing from another's.
    const blind = commitResult({
      ...base,
      changed: 0,
      after,
      landed: finishLanded(['status'], after, 'A', 1),
    });
    expect(blind.observed.database.kind).toBe('refused');
  });

  it('a run that does not exist is refused on `run`', () => {
    const decided = commitResult({ ...base, changed: 0, after: undefined });
    expect(decided.observed.database).toMatchObject({ kind: 'refused', failed: ['run'] });
  });
});
