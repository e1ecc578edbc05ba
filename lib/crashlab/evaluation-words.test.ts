import { describe, expect, it } from 'vitest';
import { evaluationCounts } from './evaluation-words';

describe('an evaluation counts in words', () => {
  it('says 1 run and 1 receipt, 2 runs and 0 receipts, never "(s)"', () => {
    expect(evaluationCounts({ runs: 1, succeeded: 1, receipts: 1 })).toBe(
      '1 run, 1 done, 1 receipt at the publisher',
    );
    expect(evaluationCounts({ runs: 2, succeeded: 0, receipts: 0 })).toBe(
      '2 runs, 0 done, 0 receipts at the publisher',
    );
  });
});
