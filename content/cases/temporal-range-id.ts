import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 6: Temporal's shard ownership and RangeID. */
export const TEMPORAL_CASE: CaseFile = {
  id: 'temporal-range-id',
  number: 6,
  title: 'Temporal shard ownership',
  system: 'Temporal (and Cadence before it): history shards and RangeID',
  tokenName: 'RangeID',
  account: [
    'Temporal splits workflow histories into shards, and one history host owns each shard at a time. Ownership moves when hosts join, leave or stop answering. To take a shard, a host increments the shard’s RangeID in the database, a number that only grows. The owner increments it again each time it renews its range of task ids, so RangeID counts ranges handed out, not owners: a new owner always holds a higher one than any range an old owner held.',
    'Every write the owner makes to that shard’s executions is conditional on the RangeID it holds: the database applies it only if the stored RangeID still equals it. A host that lost the shard while it was stalled still believes it owns it, but its next conditional write finds a larger RangeID, fails, and is reported as ShardOwnershipLost. The host then drops the shard.',
  ],
  cast: [
    { lane: 'A', is: 'history host 1 (the stalled owner)' },
    { lane: 'B', is: 'history host 2 (the new owner)' },
    { lane: 'executions', is: 'the shard’s execution rows, written conditionally' },
  ],
  predict:
    'Host 1 stalls; host 2 takes the shard with RangeID 43. Which writes to the executions land?',
  runs: [
    {
      id: 'conditional-write',
      label: 'Writes conditional on RangeID',
      pattern: 'fenced',
      summary:
        'Each write compares the owner’s RangeID with the stored one, in the same statement.',
      scenario: {
        leaseSeconds: 10,
        firstToken: 42,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'run-row' } },
        terms: {
          token: 'RangeID',
          holders: { A: 'history host 1', B: 'history host 2' },
          resource: 'shard executions',
        },
      },
      events: [
        { id: 'h1-acquires', kind: 'claim', worker: 'A', note: 'RangeID 42', outcome: 'applied' },
        {
          id: 'h1-update',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'executions',
          body: 'workflow w1: event 5',
          outcome: 'applied',
        },
        { id: 'h1-stalls', kind: 'pause', worker: 'A' },
        { id: 'membership-moves', kind: 'advance', seconds: 11 },
        { id: 'h2-acquires', kind: 'claim', worker: 'B', note: 'RangeID 43', outcome: 'applied' },
        {
          id: 'h2-update',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'executions',
          body: 'workflow w1: event 6',
          outcome: 'applied',
        },
        { id: 'h1-back', kind: 'resume', worker: 'A' },
        {
          id: 'h1-update-2',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'executions',
          body: 'workflow w1: event 6 (stale)',
          outcome: 'refused',
        },
      ],
    },
  ],
  fixed: [
    'Nothing had to be fixed here: this is the design working. The generation lives in the same database as the data, and every write checks it in the same statement. A stale owner’s write cannot land; it learns it lost the shard from the failed write.',
  ],
  sources: [
    {
      title: 'Temporal server: persistence (ShardOwnershipLostError, range_id conditions)',
      url: 'https://github.com/temporalio/temporal/tree/main/common/persistence',
      check: 'partly',
      note: 'Checked against excerpts of Temporal’s and Cadence’s persistence code: a create or update fails with ShardOwnershipLostError when the stored range_id differs from the request’s.',
    },
  ],
  unchecked: [
    'How a host is chosen to take a shard (membership, not a lease with a timeout) is simplified here to a lease of 10 s.',
  ],
};
