import { describe, expect, it } from 'vitest';
import { LESSON_VOCABULARY } from '@/lib/lease';
import { runRowLine } from './describe';

// Issue 39 point 5: the trace's row said "until=5 running" beside a panel saying lease_until and
// status. It names the runs table's columns now.
describe('the trace’s run row', () => {
  it('names the runs table’s columns: owner, the token, lease_until, status', () => {
    const run = { owner: 'A', fence: 1, leaseUntil: 5, status: 'running' };
    expect(runRowLine(run, LESSON_VOCABULARY)).toBe('owner=A fence=1 lease_until=5 status=running');
  });
});
