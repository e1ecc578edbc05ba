import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 4: etcd locks are not mutual exclusion by themselves. */
export const ETCD_CASE: CaseFile = {
  id: 'etcd-lock-lease',
  number: 4,
  title: 'etcd locks are not mutual exclusion by themselves',
  system: 'etcd’s lock API and leases (etcd-io/etcd #11456, #11457)',
  tokenName: 'revision of the lock key',
  account: [
    'An etcd lock is a key attached to a lease. The lock is held while the key exists, and the key disappears when the lease expires or is revoked. Jepsen testing in 2019 found lost updates to state guarded by such a lock, and the issue that followed (#11456) records why: a client could be told it held the lock after its lease had already expired, and even without that bug a lease can expire while the holder is busy.',
    'The etcd maintainers’ answer was that the holder must check the lock key’s revision (a number that grows with every change in etcd) and its remaining lease before acting. Inside etcd this can be made exact: a transaction can compare the lock key’s revision and write only if it still matches, in one step.',
    'A resource outside etcd gets none of that for free. It has to keep and compare the revision itself; otherwise a holder whose lease expired writes as if nothing happened.',
  ],
  cast: [
    { lane: 'A', is: 'process 0 (its lease expires)' },
    { lane: 'B', is: 'process 1' },
    { lane: 'counter', is: 'the guarded key (in etcd or outside it)' },
  ],
  predict:
    'Process 0’s lease expires while it is stalled. Does its write land inside etcd, and outside it?',
  runs: [
    {
      id: 'txn-compare',
      label: 'A Txn that compares the lock key',
      pattern: 'fenced',
      summary: 'The write is a transaction in etcd guarded by the lock key’s revision and lease.',
      scenario: {
        leaseSeconds: 5,
        firstToken: 1201,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'run-row' } },
        terms: {
          token: 'revision',
          holders: { A: 'process 0', B: 'process 1' },
          resource: 'key in etcd',
        },
      },
      events: [
        {
          id: 'p0-lock',
          kind: 'claim',
          worker: 'A',
          note: 'lock key created at revision 1201',
          outcome: 'applied',
        },
        { id: 'p0-stalls', kind: 'pause', worker: 'A', note: 'keepalives stop' },
        { id: 'lease-expires', kind: 'advance', seconds: 6 },
        { id: 'p1-lock', kind: 'claim', worker: 'B', note: 'revision 1202', outcome: 'applied' },
        { id: 'p0-back', kind: 'resume', worker: 'A' },
        {
          id: 'p0-txn',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'counter',
          body: 'counter = 7',
          outcome: 'refused',
        },
        {
          id: 'p1-txn',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'counter',
          body: 'counter = 8',
          outcome: 'applied',
        },
      ],
    },
    {
      id: 'external-store',
      label: 'Storage outside etcd, no check',
      pattern: 'unchecked-token',
      summary: 'The same lock guards a store that knows nothing of revisions.',
      scenario: {
        leaseSeconds: 5,
        firstToken: 1201,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'none' } },
        terms: {
          token: 'revision',
          holders: { A: 'process 0', B: 'process 1' },
          resource: 'external store',
        },
      },
      events: [
        { id: 'p0-lock', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'p0-stalls', kind: 'pause', worker: 'A' },
        { id: 'lease-expires', kind: 'advance', seconds: 6 },
        { id: 'p1-lock', kind: 'claim', worker: 'B', outcome: 'applied' },
        {
          id: 'p1-write',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'counter',
          body: 'counter = 8',
          outcome: 'applied',
        },
        { id: 'p0-back', kind: 'resume', worker: 'A' },
        {
          id: 'p0-write',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'counter',
          body: 'counter = 7',
          outcome: 'applied',
        },
      ],
    },
  ],
  fixed: [
    'etcd fixed the server so that a lock request checks the lease before answering, and documented that a lock is not mutual exclusion by itself: the user must check the revision at the resource.',
    'Inside etcd, guard the write with a transaction comparing the lock key. Outside etcd, the store must keep and compare the revision.',
  ],
  sources: [
    {
      title: 'etcd-io/etcd #11456: Locks return without checking whether the lease is still held',
      url: 'https://github.com/etcd-io/etcd/issues/11456',
      check: 'checked',
      note: 'Checked: the Jepsen finding, the missing lease check, and the advice to check the lock key’s revision and lease.',
    },
    {
      title: 'etcd-io/etcd #11457',
      url: 'https://github.com/etcd-io/etcd/issues/11457',
      check: 'not-checked',
      note: 'Not stored here; cited because the brief names it as the companion of #11456.',
    },
    {
      title: 'etcd docs: notes on the usage of lock and lease (added in PR #11490)',
      url: 'https://github.com/etcd-io/etcd/pull/11490',
      check: 'partly',
      note: 'The pull request that adds the note was checked; the rendered page was not.',
    },
    {
      title: 'etcd contrib/lock: the expired-lease example with a storage that checks tokens',
      url: 'https://pkg.go.dev/go.etcd.io/etcd/v3@v3.5.5/contrib/lock',
      check: 'checked',
      note: 'Checked: a lease-based lock cannot give mutual exclusion; storage validates tokens.',
    },
  ],
  unchecked: [
    'The revision numbers 1201 and 1202 are ours; real revisions jump by every change in the store.',
  ],
};
