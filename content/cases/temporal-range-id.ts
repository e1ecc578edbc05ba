import { RUN_ROW } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 6: Temporal's shard ownership and RangeID. */
export const TEMPORAL_CASE: CaseFile = {
  id: 'temporal-range-id',
  number: 6,
  title: 'Temporal: shard ownership, a late activity result',
  system:
    'Temporal (and Cadence before it): history shards and RangeID; activity attempts in the task token',
  tokenName: 'RangeID',
  account: {
    beforeRun: [
      'Temporal splits workflow histories into shards, and one history host owns each shard at a time. A host that takes a shard over increments the shard’s RangeID in the database, a number that only grows. The owner increments it again each time it renews its range of task ids, so RangeID counts ranges handed out, not owners: a new owner always holds a higher one than any range an old owner held.',
      'Every write the owner makes to that shard’s executions is conditional on the RangeID it holds. In Temporal’s SQL stores the write runs in a transaction that first locks the shard row, compares the stored RangeID with the owner’s and only then writes; raising the RangeID needs the same row locked exclusively, so the two cannot interleave. A host that lost the shard while it was stalled still believes it owns it, and makes its next write.',
      'The same idea guards an activity’s result, one level up. A worker process that picks up an activity task gets a task token that carries the attempt number. If the activity does not finish within its start-to-close timeout, the server retries it: the attempt number in the workflow’s state goes up and another worker runs attempt 2. Suppose attempt 1 had sent the customer an email before it stalled; when it comes back it reports its result.',
    ],
    afterRun: [
      'The stalled host’s conditional write finds a larger RangeID and fails; Temporal reports it as ShardOwnershipLost, and the host drops the shard.',
      'For the activity, the history service compares the token’s attempt with the current one, finds them different, and answers attempt 1’s completion with “activity task not found”.',
      'Nothing of the kind protects what the activity did in the outside world before it stalled. The email attempt 1 sent stays sent, and attempt 2 sends it again. The server can turn a late result away; it cannot take back a side effect. That is why Temporal asks for activities to be idempotent.',
    ],
  },
  cast: [
    { lane: 'A', is: 'history host 1 (the stalled owner)' },
    { lane: 'B', is: 'history host 2 (the new owner)' },
    { lane: 'executions', is: 'the shard’s execution rows, written conditionally' },
    {
      lane: 'completion',
      is: 'the history service taking an activity’s result (second run: A and B are worker processes running attempts 1 and 2)',
    },
    { lane: 'email', is: 'the email provider the activity calls, which checks nothing' },
  ],
  predict:
    'Host 1 stalls; host 2 takes the shard with RangeID 43. Which writes to the executions land? And when an activity’s attempt 1 stalls after sending an email and attempt 2 runs, which completion lands, and how many emails go out?',
  runs: [
    {
      id: 'conditional-write',
      label: 'Writes conditional on RangeID',
      pattern: 'fenced',
      predict:
        'History host 1 owns the shard under RangeID 42 and stalls; host 2 takes the shard with RangeID 43 and writes. Which writes to the workflow’s executions land, host 1’s late one included?',
      summary:
        'Each write compares the owner’s RangeID with the stored one, in the same transaction, under a lock on the shard row.',
      scenario: {
        leaseSeconds: 10,
        firstToken: 42,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: RUN_ROW.setting() },
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
    {
      id: 'late-completion',
      label: 'A late completion beside an email already sent',
      pattern: 'unchecked-token',
      predict:
        'Attempt 1 of an activity sends the customer an email and stalls past its start-to-close timeout; attempt 2 runs on another worker, sends the email again and completes. Which completion lands when attempt 1 comes back, and how many emails went out?',
      summary:
        'The completion is checked against the current attempt (a trusted check against the run row); the email provider checks nothing.',
      scenario: {
        leaseSeconds: 10,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: {
          ...PLAIN,
          checks: [
            { target: 'gateway:completion', check: RUN_ROW.setting() },
            { target: 'gateway:email', check: { kind: 'none' } },
          ],
        },
        terms: {
          token: 'activity attempt',
          holders: { A: 'worker process 1', B: 'worker process 2' },
          resource: 'activity result',
        },
      },
      events: [
        {
          id: 'attempt-1-starts',
          kind: 'claim',
          worker: 'A',
          note: 'attempt 1',
          outcome: 'applied',
        },
        {
          id: 'attempt-1-email',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'email',
          body: 'order 7: your receipt',
          outcome: 'applied',
        },
        { id: 'attempt-1-stalls', kind: 'pause', worker: 'A' },
        { id: 'start-to-close-timeout', kind: 'advance', seconds: 11 },
        {
          id: 'attempt-2-starts',
          kind: 'claim',
          worker: 'B',
          note: 'attempt 2',
          outcome: 'applied',
        },
        {
          id: 'attempt-2-email',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'email',
          body: 'order 7: your receipt (again)',
          outcome: 'applied',
        },
        {
          id: 'attempt-2-completes',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'completion',
          body: 'activity result: sent',
          outcome: 'applied',
        },
        { id: 'attempt-1-back', kind: 'resume', worker: 'A' },
        {
          id: 'attempt-1-completes',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'completion',
          body: 'activity result: sent (late)',
          outcome: 'refused',
        },
      ],
    },
  ],
  fixed: [
    'Nothing had to be fixed here: this is the design working. The generation lives in the same database as the data, and every write checks it in the transaction that writes, under a lock on the shard row. A stale owner’s write cannot land; it learns it lost the shard from the failed write.',
    'For the activity, the fence stops at the server’s edge: the server checks a completion’s attempt, and nothing checks the email. A side effect needs its own protection: an idempotency key the provider honours (the workflow and activity ids, not the attempt), or a provider that checks the attempt itself.',
  ],
  sources: [
    {
      title: 'Temporal server: common/persistence/sql/shard.go (lockShard)',
      url: 'https://github.com/temporalio/temporal/blob/main/common/persistence/sql/shard.go',
      check: 'checked',
      note: 'Read in Temporal’s source (commit 6805caea59): lockShard locks the shard row and returns ShardOwnershipLostError (“Previous range ID … new range ID …”) when the stored range id differs from the one the host holds; execution writes run through txExecuteShardLocked, a transaction that first read-locks the shard row and compares the range id.',
      cite: [
        'temporal-range-id.shard-range',
        'temporal-range-id.renew-range',
        'temporal-range-id.shard-locked-tx',
      ],
    },
    {
      title:
        'Temporal server: service/history/api/activity_util.go (IsActivityTaskNotFoundForToken)',
      url: 'https://github.com/temporalio/temporal/blob/main/service/history/api/activity_util.go',
      check: 'checked',
      note: 'Read in Temporal’s source (commit 6805caea59): a task token whose Attempt differs from the activity’s current attempt is treated as not found.',
      cite: 'temporal-range-id.attempt-token',
    },
    {
      title:
        'Temporal server: service/history/api/respondactivitytaskcompleted/api.go and consts/const.go',
      url: 'https://github.com/temporalio/temporal/blob/main/service/history/api/respondactivitytaskcompleted/api.go',
      check: 'checked',
      note: 'Read in Temporal’s source (commit 6805caea59): RespondActivityTaskCompleted returns ErrActivityTaskNotFound (“invalid activityID or activity already timed out or invoking workflow is completed”) for such a token, before any completion event is added to the history.',
      cite: ['temporal-range-id.completion-refused', 'temporal-range-id.not-found-error'],
    },
    {
      title:
        'Temporal server: service/history/timer_queue_active_task_executor.go (activity timeouts)',
      url: 'https://github.com/temporalio/temporal/blob/main/service/history/timer_queue_active_task_executor.go',
      check: 'checked',
      note: 'Read in Temporal’s source (commit 6805caea59): an activity timeout calls RetryActivity, which moves the activity to its next attempt, and a timer of an older attempt is ignored.',
      cite: 'temporal-range-id.timeout-retries',
    },
    {
      title: 'Temporal documentation: What is a Temporal Activity?',
      url: 'https://docs.temporal.io/encyclopedia/activities',
      check: 'checked',
      note: 'Read on the documentation page: Temporal recommends that activity code be idempotent, so that retries cause no duplicate side effects.',
      cite: 'temporal-range-id.idempotent',
    },
  ],
  unchecked: [
    'How a host is chosen to take a shard (membership, not a lease with a timeout) is simplified here to a lease of 10 s.',
    'The activity’s start-to-close timeout is drawn as a lease of 10 s that the worker does not renew; real activities may heartbeat, and retries wait for a backoff first.',
  ],
};
