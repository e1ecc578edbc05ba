import { RUN_ROW } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 4: etcd locks are not mutual exclusion by themselves. */
export const ETCD_CASE: CaseFile = {
  id: 'etcd-lock-lease',
  number: 4,
  title: 'etcd locks are not mutual exclusion by themselves',
  system: 'etcd’s lock API and leases (etcd-io/etcd #11456, #11408, #11457)',
  tokenName: 'revision of the lock key',
  account: {
    beforeRun: [
      'An etcd lock is a key attached to a lease. The lock is held while the key exists, and the key disappears when the lease expires or is revoked. Jepsen tested state guarded by such a lock in 2019, and the issue that followed (#11456) records what it exposed: a client could be told it held the lock after its lease had already expired, and even without that bug a lease can expire while the holder is busy.',
      'Every change in etcd gets a revision, a number that grows with every change, and the lock key keeps the revision at which it was created. The two runs below put the guarded counter in two places. In the first it is a key in etcd, written by a transaction (a Txn) that compares the lock key’s revision in the same step as its write. In the second it lives in a store outside etcd, which is never told the revision.',
    ],
    afterRun: [
      'The etcd maintainers’ answer was that the holder must check the lock key’s revision and its remaining lease before acting. Inside etcd this can be made exact: a transaction compares the lock key’s revision and writes only if it still matches, in one step. A resource outside etcd gets none of that for free: it has to keep and compare the revision itself.',
      'What Jepsen found was lost updates to the state the lock was meant to guard. A holder whose lease has expired writes as if nothing happened, unless what it writes to compares the revision.',
    ],
  },
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
        targets: { ...PLAIN, gatewayCheck: RUN_ROW.setting() },
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
    'The fix for the bug (#11408, “concurrency: make lock more reliable”) went into the Go client’s concurrency package, not the server: after waiting for the earlier holders, Mutex.Lock reads its own lock key again and returns ErrSessionExpired if the key is gone. etcd’s lock API runs on that package, so the lock RPC got the check too. It narrows the window; a lease can still expire just after the check.',
    'etcd then documented that its lock APIs cannot be used as a mutual exclusion mechanism by themselves (#11457, #11490): the holder must check the revision, and a resource outside etcd must check it itself.',
    'Inside etcd, guard the write with a transaction comparing the lock key. Outside etcd, the store must keep and compare the revision.',
  ],
  sources: [
    {
      title: 'etcd-io/etcd #11456: Locks return without checking whether the lease is still held',
      url: 'https://github.com/etcd-io/etcd/issues/11456',
      check: 'checked',
      note: 'Checked: the Jepsen finding, the missing lease check, and the advice to check the lock key’s revision and lease.',
      cite: ['etcd-lock-lease.jepsen-finding', 'etcd-lock-lease.check-revision'],
    },
    {
      title: 'etcd-io/etcd #11408: concurrency: make lock more reliable',
      url: 'https://github.com/etcd-io/etcd/pull/11408',
      check: 'checked',
      note: 'Read as merge commit e5356cc (4 December 2019) and commit b14c7cd in the repository: clientv3/concurrency/mutex.go gets the session key again after waiting and returns ErrSessionExpired if it is gone. The server’s v3lock service creates its mutex with that package.',
      cite: ['etcd-lock-lease.fix-in-client', 'etcd-lock-lease.v3lock-uses-concurrency'],
    },
    {
      title: 'etcd-io/etcd #11457: Document that locks aren’t really locks',
      url: 'https://github.com/etcd-io/etcd/issues/11457',
      check: 'checked',
      note: 'Checked: Jepsen asked etcd to document that its locks cannot guarantee mutual exclusion when processes pause or messages are delayed.',
      cite: 'etcd-lock-lease.not-really-locks',
    },
    {
      title: 'etcd docs: notes on the usage of lock and lease (added in PR #11490)',
      url: 'https://github.com/etcd-io/etcd/pull/11490',
      check: 'checked',
      note: 'Read as commit e0ff5ca (5 March 2020) in the repository: Documentation/learning/why.md says the lock APIs cannot be used as mutual exclusion by themselves, and that resources outside etcd must provide version number validation.',
      cite: ['etcd-lock-lease.docs-not-mutual-exclusion', 'etcd-lock-lease.docs-external'],
    },
    {
      title: 'etcd contrib/lock: the expired-lease example with a storage that checks tokens',
      url: 'https://github.com/etcd-io/etcd/tree/main/contrib/lock',
      check: 'checked',
      note: 'Read in contrib/lock/README.md at commit c34dc7e: a lease-based lock service cannot provide mutual exclusion; the storage validates requests by their tokens.',
      cite: 'etcd-lock-lease.contrib-lock',
    },
  ],
  unchecked: [
    'The revision numbers 1201 and 1202 are ours; real revisions jump by every change in the store.',
  ],
};
