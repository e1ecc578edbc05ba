import type { CaseFile } from './types';

const PLAIN = { objectStore: 'overwrite', gateway: 'first-write' } as const;

/** Case 6: Temporal's shard ownership and RangeID. */
export const TEMPORAL_CASE: CaseFile = {
  id: 'temporal-range-id',
  number: 6,
  title: 'Temporal shard ownership',
  system: 'Temporal (and Cadence before it): history shards and RangeID',
  tokenName: 'RangeID',
  account: [
    'Temporal splits workflow histories into shards, and one history host owns each shard at a time. Ownership moves when hosts join, leave or stop answering. To take a shard, a host increments the shard’s RangeID in the database: a number that only grows, one step per new owner.',
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

/** Case 7: Oban Lifeline rescue (hexpm). */
export const OBAN_CASE: CaseFile = {
  id: 'oban-lifeline',
  number: 7,
  title: 'Oban Lifeline rescue',
  system: 'Oban’s Lifeline plugin in hex.pm (hexpm/hexpm PR #1825)',
  tokenName: 'attempt',
  account: [
    'Oban keeps jobs in a Postgres table. A job being worked is in the executing state, with its attempt number and the time it was attempted. If a node dies mid-job, the job stays executing forever, so the Lifeline plugin rescues jobs that have been executing longer than rescue_after and makes them available again. It judges by time alone: it cannot tell a dead node from a slow one.',
    'At hex.pm a nightly job was set up with rescue_after at 6 minutes, while the job itself took between 9 and 47 minutes. Every night Lifeline rescued it while it was still running, another node started it again, and it ran two or three times over.',
    'Each run had its own attempt number, recorded in the row. Nothing compared it with anything: the job’s writes and its completion landed from every run. That is the baseline of no fencing.',
  ],
  cast: [
    { lane: 'A', is: 'node 1, attempt 1' },
    { lane: 'B', is: 'node 2, attempt 2 (after the first rescue)' },
    { lane: 'C', is: 'node 3, attempt 3 (after the second rescue)' },
    { lane: 'registry', is: 'what the job writes (gateway lane)' },
  ],
  predict:
    'rescue_after is 6 minutes and the job runs 15. Which of the three runs’ writes and completions land?',
  runs: [
    {
      id: 'every-run-lands',
      label: 'The attempt is recorded, not checked',
      pattern: 'no-fencing',
      summary: 'Completion matches the job id alone and the registry checks nothing.',
      scenario: {
        design: 'finish-on-run-id',
        leaseSeconds: 360,
        workers: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'none' }, fingerprint: 'attempt' },
        terms: {
          token: 'attempt',
          holders: { A: 'node 1', B: 'node 2', C: 'node 3' },
          resource: 'package registry',
        },
      },
      events: [
        { id: 'n1-runs', kind: 'claim', worker: 'A', note: 'attempt 1 starts', outcome: 'applied' },
        { id: 'to-6m', kind: 'advance', seconds: 361, note: 'Lifeline rescues the job' },
        { id: 'n2-runs', kind: 'claim', worker: 'B', note: 'attempt 2 starts', outcome: 'applied' },
        { id: 'to-12m', kind: 'advance', seconds: 361, note: 'Lifeline rescues it again' },
        { id: 'n3-runs', kind: 'claim', worker: 'C', note: 'attempt 3 starts', outcome: 'applied' },
        { id: 'to-15m', kind: 'advance', seconds: 178, note: 'attempt 1 reaches its end' },
        {
          id: 'n1-writes',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'registry',
          body: 'index from attempt 1',
          outcome: 'applied',
        },
        { id: 'n1-done', kind: 'finish', worker: 'A', outcome: 'applied' },
        { id: 'to-21m', kind: 'advance', seconds: 361 },
        {
          id: 'n2-writes',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'registry',
          body: 'index from attempt 2',
          outcome: 'applied',
        },
        { id: 'n2-done', kind: 'finish', worker: 'B', outcome: 'applied' },
        { id: 'to-27m', kind: 'advance', seconds: 361 },
        {
          id: 'n3-writes',
          kind: 'gateway-write',
          worker: 'C',
          resource: 'registry',
          body: 'index from attempt 3',
          outcome: 'applied',
        },
        { id: 'n3-done', kind: 'finish', worker: 'C', outcome: 'applied' },
      ],
    },
    {
      id: 'attempt-checked',
      label: 'The attempt checked, as in the lesson',
      pattern: 'fenced',
      summary:
        'Completion checks owner and attempt; the registry learns each attempt at rescue and keeps the highest.',
      scenario: {
        leaseSeconds: 360,
        workers: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
        targets: {
          objectStore: 'overwrite',
          gateway: 'at-takeover',
          gatewayCheck: { kind: 'highest-seen' },
          fingerprint: 'attempt',
        },
        terms: {
          token: 'attempt',
          holders: { A: 'node 1', B: 'node 2', C: 'node 3' },
          resource: 'package registry',
        },
      },
      events: [
        { id: 'n1-runs', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'to-6m', kind: 'advance', seconds: 361 },
        { id: 'n2-runs', kind: 'claim', worker: 'B', outcome: 'applied' },
        { id: 'n2-registers', kind: 'register', worker: 'B', resource: 'registry' },
        { id: 'to-12m', kind: 'advance', seconds: 361 },
        { id: 'n3-runs', kind: 'claim', worker: 'C', outcome: 'applied' },
        { id: 'n3-registers', kind: 'register', worker: 'C', resource: 'registry' },
        { id: 'to-15m', kind: 'advance', seconds: 178 },
        {
          id: 'n1-writes',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'registry',
          body: 'index from attempt 1',
          outcome: 'refused',
        },
        { id: 'n1-done', kind: 'finish', worker: 'A', outcome: 'refused' },
        { id: 'to-21m', kind: 'advance', seconds: 361 },
        {
          id: 'n2-writes',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'registry',
          body: 'index from attempt 2',
          outcome: 'refused',
        },
        { id: 'n2-done', kind: 'finish', worker: 'B', outcome: 'refused' },
      ],
    },
  ],
  fixed: [
    'Raising rescue_after above the longest run stops the nightly repeats, but it is still protection by time: a run that one night takes longer is rescued again.',
    'What makes a rescue safe is a check of the attempt where the effects land and at completion, so that only the newest attempt can finish. The second run shows that. (Note that with a 6-minute rescue and a 15-minute job, no attempt ever finishes: a fence turns duplicates into wasted work, and the timeout still has to fit the job.)',
  ],
  sources: [
    {
      title: 'hexpm/hexpm pull request #1825',
      url: 'https://github.com/hexpm/hexpm/pull/1825',
      check: 'not-checked',
      note: 'The pull request is not stored here; the figures (6 minutes, 9 to 47 minutes, two or three runs a night) come from our brief.',
    },
    {
      title: 'Oban.Plugins.Lifeline documentation',
      url: 'https://hexdocs.pm/oban/Oban.Plugins.Lifeline.html',
      check: 'partly',
      note: 'Checked through quotes in other projects’ pull requests: rescuing is purely time-based and may rerun jobs that are still executing.',
    },
  ],
  unchecked: [
    'The 6-minute rescue_after and the 9 to 47-minute run times are from our brief, not checked against the PR here. The 15-minute run in the timeline is one value in that range.',
  ],
  checkDesign: 'finish-on-run-id',
};

/** Case 8: visibility timeouts (Celery/kombu, Sidekiq). */
export const VISIBILITY_CASE: CaseFile = {
  id: 'visibility-timeout',
  number: 8,
  title: 'Visibility timeouts',
  system: 'Celery on Redis (kombu #337, celery #2599) and Sidekiq Pro (#4611, #3476)',
  tokenName: 'delivery (none is numbered)',
  account: [
    'A broker that hands a task to a worker does not know when the worker is done until it acknowledges. With Celery on Redis, the delivered task sits in an “unacked” set with the time it was handed out. If it is not acknowledged within the visibility timeout (an hour by default), the broker puts it back on the queue for another worker. kombu #337 and celery #2599 describe what happens when the task is still in the first worker’s memory, for example because its ETA lies further ahead than the timeout: a second worker takes it and both run it.',
    'Sidekiq Pro met the same shape. In #3476 a job of more than two hours, under a fetch strategy that recovered jobs after an hour, started three times and finished three times, all under one job id. In #4611 a recovery mechanism picked a job up again seconds after it was fetched, and both copies ran to completion.',
    'None of these brokers gives a task a number per delivery. Both copies finish, and whatever they write lands twice.',
  ],
  cast: [
    { lane: 'A', is: 'worker 1 (first delivery)' },
    { lane: 'B', is: 'worker 2 (the task redelivered)' },
    { lane: 'mailer', is: 'what the task does (gateway lane)' },
  ],
  predict:
    'The task outlives the visibility timeout and is delivered again. Which completions land?',
  runs: [
    {
      id: 'both-complete',
      label: 'Acknowledged by task id',
      pattern: 'no-fencing',
      summary: 'The completion matches the task id alone: both copies finish and both send.',
      scenario: {
        design: 'finish-on-run-id',
        leaseSeconds: 3600,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'none' } },
        terms: { token: 'delivery', holders: { A: 'worker 1', B: 'worker 2' }, resource: 'mailer' },
      },
      events: [
        {
          id: 'w1-gets',
          kind: 'claim',
          worker: 'A',
          note: 'delivered; ETA far ahead',
          outcome: 'applied',
        },
        {
          id: 'timeout',
          kind: 'advance',
          seconds: 3600,
          note: 'the one-hour visibility timeout is up',
        },
        { id: 'w2-gets', kind: 'claim', worker: 'B', note: 'redelivered', outcome: 'applied' },
        {
          id: 'w1-sends',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'mailer',
          body: 'reminder email',
          outcome: 'applied',
        },
        { id: 'w1-acks', kind: 'finish', worker: 'A', outcome: 'applied' },
        {
          id: 'w2-sends',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'mailer',
          body: 'reminder email',
          outcome: 'applied',
        },
        { id: 'w2-acks', kind: 'finish', worker: 'B', outcome: 'applied' },
      ],
    },
    {
      id: 'lesson-design',
      label: 'With the lesson’s design',
      pattern: 'fenced',
      summary: 'Each delivery is a claim with a fence; the completion and the mailer check it.',
      scenario: {
        leaseSeconds: 3600,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: {
          objectStore: 'overwrite',
          gateway: 'at-takeover',
          gatewayCheck: { kind: 'highest-seen' },
        },
        terms: { token: 'delivery', holders: { A: 'worker 1', B: 'worker 2' }, resource: 'mailer' },
      },
      events: [
        { id: 'w1-gets', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'timeout', kind: 'advance', seconds: 3600 },
        { id: 'w2-gets', kind: 'claim', worker: 'B', outcome: 'applied' },
        { id: 'w2-registers', kind: 'register', worker: 'B', resource: 'mailer' },
        {
          id: 'w1-sends',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'mailer',
          body: 'reminder email',
          outcome: 'refused',
        },
        { id: 'w1-acks', kind: 'finish', worker: 'A', outcome: 'refused' },
        {
          id: 'w2-sends',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'mailer',
          body: 'reminder email',
          outcome: 'applied',
        },
        { id: 'w2-acks', kind: 'finish', worker: 'B', outcome: 'applied' },
      ],
    },
  ],
  fixed: [
    'Celery’s documentation asks users to set the visibility timeout above the longest ETA and the longest task; Sidekiq’s maintainer moved users to a fetch strategy that recovers only jobs of dead processes. Both make the race rarer; neither makes a second copy’s effects safe.',
    'With a fence per delivery, the stale copy’s completion and its effect are refused. Effects that cannot be fenced need an idempotency key.',
  ],
  sources: [
    {
      title:
        'celery/kombu #337: Redis transport causes multiple Celery job runs if eta exceeds visibility timeout',
      url: 'https://github.com/celery/kombu/issues/337',
      check: 'checked',
      note: 'Checked: the unacked set is scored with the delivery time and restored after the visibility timeout while the task is still in a worker’s memory.',
    },
    {
      title: 'celery/celery #2599: Long ETA tasks executed multiple times on Redis broker',
      url: 'https://github.com/celery/celery/issues/2599',
      check: 'checked',
      note: 'Checked: tasks ran several times despite a raised visibility_timeout.',
    },
    {
      title: 'sidekiq/sidekiq #4611: SuperFetch seems overly aggressive',
      url: 'https://github.com/sidekiq/sidekiq/issues/4611',
      check: 'checked',
      note: 'Checked: a job recovered 3 seconds after it was fetched; both copies finished.',
    },
    {
      title: 'sidekiq/sidekiq #3476: Job running multiple times',
      url: 'https://github.com/sidekiq/sidekiq/issues/3476',
      check: 'checked',
      note: 'Checked: a job over two hours started three times under one job id with timed_fetch, whose timeout is one hour.',
    },
  ],
  unchecked: [
    'The one-hour default visibility timeout is from Celery’s documentation as quoted in issues, not from the documentation itself.',
  ],
};

/** Case 9: Kubernetes leader election. */
export const KUBERNETES_CASE: CaseFile = {
  id: 'kubernetes-leader-election',
  number: 9,
  title: 'Kubernetes leader election',
  system: 'client-go’s leaderelection package',
  tokenName: 'leaseTransitions',
  account: [
    'Controllers in Kubernetes elect a leader through a Lease object: the leader writes its identity and renews the lease; the others watch, and when the renewals stop for longer than the lease duration, one of them takes over. The object counts how many times leadership has changed hands (leaseTransitions).',
    'The package’s own documentation says plainly that it does not guarantee that only one client acts as leader, and that there is no fencing. Each client infers the state from timestamps taken by its own clock. A leader that is partitioned or stalled keeps acting until it notices that it failed to renew; by then another may have been acting for a while.',
    'Whatever the two leaders write, the resource decides. If it compares an ordered number such as leaseTransitions, the old leader’s write is refused.',
  ],
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
      summary: 'The store checks nothing: both leaders’ writes land.',
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
          note: 'only now does pod a learn it lost',
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
          gatewayCheck: { kind: 'highest-seen' },
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
    'client-go asks its users to accept that two leaders can overlap, and to tune the lease duration and renew deadline for the clock drift they expect. Safety has to come from the resource.',
  ],
  sources: [
    {
      title: 'client-go tools/leaderelection (package documentation)',
      url: 'https://pkg.go.dev/k8s.io/client-go/tools/leaderelection',
      check: 'checked',
      note: 'Checked: “does not guarantee that only one client is acting as a leader (a.k.a. fencing)”; clients use locally captured timestamps.',
    },
  ],
  unchecked: [
    'Using leaseTransitions as a fencing token is our suggestion, not something client-go offers. The 15-second lease duration is a common setting, not checked here.',
  ],
};

/** Case 10: Redlock's random value. */
export const REDLOCK_CASE: CaseFile = {
  id: 'redlock-random-value',
  number: 10,
  title: 'Redlock’s random value',
  system: 'Redis Redlock (Kleppmann’s critique and antirez’s reply)',
  tokenName: 'random value',
  account: [
    'Redlock, the Redis locking algorithm, stores a random value under the lock key on a majority of Redis nodes. The value lets a client delete only its own lock. It was never meant as a counter: two grants in a row get values in no particular order.',
    'Kleppmann’s critique pointed out that Redlock has no way to produce a growing fencing token, so a storage service cannot keep “the highest seen” and refuse a late client. antirez replied that the random value can still serve, if the storage service can compare it with the lock’s current value and write only on a match (a check-and-set).',
    'Both points can be played. With a random value and a highest-seen check, the order of the values is luck: here the new holder’s value happens to be smaller, so the storage refuses the rightful holder. With the random value compared for equality against the lock’s current value, the late client is refused. With a counter, highest-seen works again.',
  ],
  cast: [
    { lane: 'A', is: 'client 1' },
    { lane: 'B', is: 'client 2' },
    { lane: 'storage', is: 'the protected storage (gateway lane)' },
  ],
  predict:
    'Client 1’s lock expires during a pause and client 2 gets a new random value. What does storage do?',
  runs: [
    {
      id: 'random-highest-seen',
      label: 'Random value, highest-seen check',
      pattern: 'unchecked-token',
      summary: 'The values are 284 and 29: the rightful holder’s value is the smaller one.',
      scenario: {
        design: 'random-token',
        leaseSeconds: 20,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'highest-seen' } },
        terms: {
          token: 'random value',
          holders: { A: 'client 1', B: 'client 2' },
          resource: 'storage',
        },
      },
      events: [
        { id: 'c1-lock', kind: 'claim', worker: 'A', note: 'value 284', outcome: 'applied' },
        {
          id: 'c1-write',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'storage',
          body: 'from client 1',
          outcome: 'applied',
        },
        { id: 'c1-pause', kind: 'pause', worker: 'A' },
        { id: 'validity-ends', kind: 'advance', seconds: 22 },
        { id: 'c2-lock', kind: 'claim', worker: 'B', note: 'value 29', outcome: 'applied' },
        {
          id: 'c2-write',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'storage',
          body: 'from client 2',
          outcome: 'refused',
        },
        { id: 'c1-back', kind: 'resume', worker: 'A' },
        {
          id: 'c1-write-2',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'storage',
          body: 'late, from client 1',
          outcome: 'applied',
        },
      ],
    },
    {
      id: 'random-check-and-set',
      label: 'Random value, compared for equality',
      pattern: 'fenced',
      summary: 'Storage asks the lock for its current value and writes only on a match.',
      scenario: {
        design: 'random-token',
        leaseSeconds: 20,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'run-row' } },
        terms: {
          token: 'random value',
          holders: { A: 'client 1', B: 'client 2' },
          resource: 'storage',
        },
      },
      events: [
        { id: 'c1-lock', kind: 'claim', worker: 'A', outcome: 'applied' },
        {
          id: 'c1-write',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'storage',
          body: 'from client 1',
          outcome: 'applied',
        },
        { id: 'c1-pause', kind: 'pause', worker: 'A' },
        { id: 'validity-ends', kind: 'advance', seconds: 22 },
        { id: 'c2-lock', kind: 'claim', worker: 'B', outcome: 'applied' },
        {
          id: 'c2-write',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'storage',
          body: 'from client 2',
          outcome: 'applied',
        },
        { id: 'c1-back', kind: 'resume', worker: 'A' },
        {
          id: 'c1-write-2',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'storage',
          body: 'late, from client 1',
          outcome: 'refused',
        },
      ],
    },
    {
      id: 'counter-highest-seen',
      label: 'A counter instead',
      pattern: 'fenced',
      summary: 'The lesson’s growing fence: highest-seen refuses the late client.',
      scenario: {
        leaseSeconds: 20,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'highest-seen' } },
        terms: {
          token: 'fencing token',
          holders: { A: 'client 1', B: 'client 2' },
          resource: 'storage',
        },
      },
      events: [
        { id: 'c1-lock', kind: 'claim', worker: 'A', outcome: 'applied' },
        {
          id: 'c1-write',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'storage',
          body: 'from client 1',
          outcome: 'applied',
        },
        { id: 'c1-pause', kind: 'pause', worker: 'A' },
        { id: 'validity-ends', kind: 'advance', seconds: 22 },
        { id: 'c2-lock', kind: 'claim', worker: 'B', outcome: 'applied' },
        {
          id: 'c2-write',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'storage',
          body: 'from client 2',
          outcome: 'applied',
        },
        { id: 'c1-back', kind: 'resume', worker: 'A' },
        {
          id: 'c1-write-2',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'storage',
          body: 'late, from client 1',
          outcome: 'refused',
        },
      ],
    },
  ],
  fixed: [
    'An unordered token can fence only where the resource can ask the lock service for the current value atomically with its write. Anywhere else, use a counter that grows with each grant.',
  ],
  sources: [
    {
      title: 'Martin Kleppmann, “How to do distributed locking” (2016)',
      url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
      check: 'partly',
      note: 'The point that Redlock has no growing token was checked through summaries of the post.',
    },
    {
      title: 'Salvatore Sanfilippo (antirez), “Is Redlock safe?” (2016)',
      url: 'http://antirez.com/news/101',
      check: 'not-checked',
      note: 'The reply is not stored here. Our summary of its argument (compare the random value with check-and-set) is from memory and may be incomplete.',
    },
    {
      title: 'Redis: Distributed locks with Redis (Redlock)',
      url: 'https://redis.io/docs/latest/develop/use/patterns/distributed-locks/',
      check: 'partly',
      note: 'Checked through notes quoting it: each lock is signed with a random value so that only its owner removes it.',
    },
  ],
  unchecked: [
    'The values 284 and 29 come from our random-token design’s deterministic hash, not from Redis.',
    'antirez’s reply is summarised without the text at hand.',
  ],
  checkDesign: 'random-token',
};
