import { HIGHEST_SEEN } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 9: Kubernetes leader election. */
export const KUBERNETES_CASE: CaseFile = {
  id: 'kubernetes-leader-election',
  number: 9,
  title: 'Kubernetes leader election',
  system: 'client-go’s leaderelection package',
  tokenName: 'leaseTransitions',
  account: {
    beforeRun: [
      'Controllers in Kubernetes elect a leader through a Lease object: the leader writes its identity and renews the lease; the others watch, and when the renewals stop for longer than the lease duration, one of them takes over. The object counts how many times leadership has passed to a different identity (leaseTransitions). A holder that acquires the lease again under the same identity, a restarted pod with the same name for instance, leaves the count unchanged.',
      'The package’s own documentation says plainly that it does not guarantee that only one client acts as leader, and that there is no fencing. Each client infers the state from timestamps taken by its own clock. A leader that is partitioned or stalled keeps acting until it notices that it failed to renew; by then another may have been acting for a while.',
      'Whatever the two leaders write, the resource decides. leaseTransitions can serve as a token only between different identities: it grows when leadership passes from one identity to another, and stays put when the holder’s own identity acquires or renews. Here pod a and pod b have different names, so pod b’s count (4) is higher than pod a’s (3).',
    ],
    afterRun: [
      'client-go leaves the rest to the resource: with no fencing, as documented, nothing in the lease stops a write from either leader reaching it. Had pod a been replaced by a new process under the same name, the old and the new process would both carry 3, and a highest-seen check lets an equal number through.',
    ],
  },
  cast: [
    { lane: 'A', is: 'controller pod a (old leader)' },
    { lane: 'B', is: 'controller pod b (new leader)' },
    { lane: 'config-store', is: 'what the controllers write' },
  ],
  predict: 'Pod a stalls past the lease duration; pod b becomes leader. Whose writes land?',
  runs: [
    {
      id: 'two-leaders',
      label: 'No fencing (as documented)',
      pattern: 'no-fencing',
      summary: 'The store checks nothing.',
      scenario: {
        leaseSeconds: 15,
        firstToken: 3,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'none' } },
        terms: {
          token: 'leaseTransitions',
          holders: { A: 'pod a', B: 'pod b' },
          resource: 'config store',
        },
      },
      events: [
        { id: 'a-leads', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'a-stalls', kind: 'pause', worker: 'A', note: 'API server unreachable' },
        { id: 'duration-passes', kind: 'advance', seconds: 16 },
        {
          id: 'b-leads',
          kind: 'claim',
          worker: 'B',
          note: 'leaseTransitions 4',
          outcome: 'applied',
        },
        {
          id: 'b-writes',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'config-store',
          body: 'replicas = 5',
          outcome: 'applied',
        },
        { id: 'a-back', kind: 'resume', worker: 'A' },
        {
          id: 'a-writes',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'config-store',
          body: 'replicas = 3',
          outcome: 'applied',
        },
        {
          id: 'a-renews',
          kind: 'renew',
          worker: 'A',
          note: 'pod a’s first renewal since it stalled',
          outcome: 'refused',
        },
      ],
    },
    {
      id: 'transitions-checked',
      label: 'leaseTransitions checked at the store',
      pattern: 'fenced',
      summary:
        'The new leader registers its number at the store before acting; the store keeps the highest.',
      scenario: {
        leaseSeconds: 15,
        firstToken: 3,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: {
          objectStore: 'overwrite',
          gateway: 'at-takeover',
          gatewayCheck: HIGHEST_SEEN.setting(),
        },
        terms: {
          token: 'leaseTransitions',
          holders: { A: 'pod a', B: 'pod b' },
          resource: 'config store',
        },
      },
      events: [
        { id: 'a-leads', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'a-stalls', kind: 'pause', worker: 'A' },
        { id: 'duration-passes', kind: 'advance', seconds: 16 },
        { id: 'b-leads', kind: 'claim', worker: 'B', outcome: 'applied' },
        {
          id: 'b-registers',
          kind: 'register',
          worker: 'B',
          resource: 'config-store',
        },
        { id: 'a-back', kind: 'resume', worker: 'A' },
        {
          id: 'a-writes',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'config-store',
          body: 'replicas = 3',
          outcome: 'refused',
        },
        {
          id: 'b-writes',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'config-store',
          body: 'replicas = 5',
          outcome: 'applied',
        },
      ],
    },
  ],
  fixed: [
    'client-go says plainly that two leaders can overlap, and lets its users set the lease duration against the renew deadline for how far clock rates may differ between nodes. Safety has to come from the resource.',
    'If leaseTransitions is the token, every process must take part under an identity of its own (client-go’s example picks a fresh UUID at each start). Comparing the holder identity as well does not help: an old process and its restart under one name carry the same identity and the same count, so nothing in the Lease tells them apart.',
  ],
  sources: [
    {
      title: 'client-go tools/leaderelection (package documentation)',
      url: 'https://pkg.go.dev/k8s.io/client-go/tools/leaderelection',
      check: 'checked',
      note: 'Checked: “does not guarantee that only one client is acting as a leader (a.k.a. fencing)”; clients use locally captured timestamps; the tolerance to differing clock rates is set through LeaseDuration and RenewDeadline.',
      cite: [
        'kubernetes-leader-election.no-fencing',
        'kubernetes-leader-election.local-timestamps',
        'kubernetes-leader-election.skew-rate',
      ],
    },
    {
      title:
        'client-go: tools/leaderelection/leaderelection.go (tryAcquireOrRenew) and resourcelock/interface.go',
      url: 'https://github.com/kubernetes/client-go/blob/master/tools/leaderelection/leaderelection.go',
      check: 'checked',
      note: 'Read at commit 32ce75a: when the record’s holder is this client’s own identity, LeaderTransitions is copied unchanged; otherwise it is the old value plus one. Identity is meant to be unique among the participants, and the example program defaults it to a new UUID.',
      cite: [
        'kubernetes-leader-election.transitions-same-identity',
        'kubernetes-leader-election.identity-unique',
      ],
    },
  ],
  unchecked: [
    'Using leaseTransitions as a fencing token is our suggestion, not something client-go offers. The 15-second lease duration is ours (client-go’s example uses 60 seconds).',
  ],
};
