import type { Concept, KeyInspection, Paragraphs, Part, Reference } from './types';

export const LESSON_TITLE = 'Lease takeover and fencing stale workers';

/** The problem in brief: what the whole lesson answers. */
export const OVERVIEW: Paragraphs = [
  'A lease lets another worker take over a task once the first one has gone quiet for too long. What it cannot do is stop the first one. A worker that was only paused can wake up after the takeover and carry on as if nothing happened.',
  'So for a while two workers may run the same task. The lesson shows why the place that finally stores the result has to check which execution generation is writing, and refuse the stale one.',
];

export const CONCEPTS: readonly Concept[] = [
  {
    id: 'concept-conditional-updates',
    title: 'Row-level conditional updates',
    gist: 'An UPDATE whose WHERE clause is the permission check.',
    body: [
      "A conditional update changes a row only if the row still matches what you expect: `UPDATE runs SET status = 'done' WHERE run_id = ? AND owner = ? AND fence = ?`. The database evaluates the condition and applies the change as one atomic step, so nobody can slip in between the check and the write.",
      'The number of rows changed is the answer. One row means you still had the right to write; zero rows means something changed under you and the write did not happen.',
    ],
  },
  {
    id: 'concept-lease-and-clock',
    title: 'Lease and clock',
    gist: 'A lease is permission with an expiry time, judged by one clock.',
    body: [
      'A lease grants a worker a task until a point in time (`lease_until`). The worker renews it while it works; if it stops renewing, the lease runs out and the task may be claimed by someone else.',
      "Expiry must be judged against one time source, usually the database's clock, because the wall clocks of different machines drift apart. A lease says nothing about whether its old holder is still running: it only says when others may step in.",
    ],
  },
  {
    id: 'concept-idempotent-effects',
    title: 'Idempotent side effects',
    gist: 'Doing the same action twice has the effect of doing it once.',
    body: [
      'An action is idempotent when repeating it changes nothing further. The usual way to get there is an idempotency key: a stable id for one business action (an `operation_id`) that the receiver remembers, so a retry of the same action is recognised and not applied again.',
      'An idempotency key names an action, not an execution. It stops the same action from landing twice; it does not stop a stale worker from sending a different action.',
    ],
  },
];

export const PRINCIPLES_LEAD: Paragraphs = [
  'When a lease expires, others may take the task over, but the old process is not stopped by it. While old and new run side by side, whoever performs the final commit must check the execution generation, or the old result overwrites the new state.',
];

export const PRINCIPLES: readonly Part[] = [
  {
    id: 'principle-liveness-vs-safety',
    title: 'Liveness and safety need different mechanisms',
    body: [
      'A lease gives liveness: after a crash, the task does not stay stuck, because someone else can take it over. It does not give safety, because the old worker may merely be paused (a garbage-collection pause, a network partition, a suspended laptop) and resume later.',
      "A longer lease makes takeovers rarer but proves nothing about the old process having stopped. Redis's own guidance on distributed locks recommends fencing for long operations: a process that is alive does not necessarily still hold a valid lock.",
    ],
  },
  {
    id: 'principle-generation-in-commit',
    title: 'Put the generation in the commit contract',
    body: [
      'Each claim atomically takes a fencing token that only ever grows. Every local commit checks owner, token, lease and task state together, and a renewal must match the current token too.',
      'Keep two identities apart. The token names an execution generation: who is allowed to write now. An operation id names a business intent: which action this is. A takeover gets a new token but must not change the idempotency key of an action that already exists.',
    ],
  },
  {
    id: 'principle-fence-at-resource',
    title: 'Enforce the fence at the resource',
    body: [
      'Reading the lease before a call leaves a gap between the read and the write. A conditional UPDATE closes it by checking and committing in one step.',
      'Remote idempotency removes duplicates of the same action, but it does not by itself refuse other writes from an expired worker. A resource that remembers the highest token it has seen can refuse any lower generation. To refuse the old worker immediately, the new generation must be registered with the resource at takeover, or a trusted gateway must check authority atomically on every write.',
    ],
  },
  {
    id: 'principle-short-claims',
    title: 'Never hold a lock for the whole task',
    body: [
      "Claim work in a short transaction: set owner, lease and token, commit, and release the row locks. Keep model inference and network calls outside long transactions. PostgreSQL's `SKIP LOCKED` fits a queue table with many consumers; it is not a tool for general consistent reads.",
      'Then test it the hard way: pause an old worker, let a new one take over, resume the old one, and check that its commit fails at every target it could write to.',
    ],
  },
];

export const CHECK_QUESTION = {
  id: 'check-two-workers',
  question:
    'Two workers resume the same agent task at the same time. How do a lease and a fencing token keep the old worker from writing?',
  context: 'Check your understanding of the four principles before going on.',
  answer: [
    "The lease lets a new worker take over, but it does not stop an old worker that was only paused. Give every claim a growing token, allocated atomically with the claim. Renewals and commits succeed only while owner, token and an unexpired lease all still match, so the old worker's commit changes nothing.",
    'Claim in a short transaction instead of holding a lock through the whole inference. And local checks alone cannot stop remote effects: every external target needs its own fencing or idempotency protection.',
  ],
} as const;

export const IMPLEMENTATION: readonly Part[] = [
  {
    id: 'impl-expiry-does-not-stop',
    title: 'An expired lease does not mean the old process stopped',
    body: [
      'Worker A picks up a task and then stalls for a long time. The scheduler sees A\'s heartbeat go stale and hands the task to B. When A recovers, it may still submit its result. That is double execution, and "we use a Redis lock" does not answer it: the lock\'s expiry is exactly what let B in while A was still alive. The Redis documentation itself says long tasks need fencing tokens, and that a live process cannot be assumed to still hold its lock.',
      'State the safety goal precisely: once a new claim has succeeded, the protected resources can no longer be changed by the old generation.',
    ],
  },
  {
    id: 'impl-atomic-claim',
    title: 'Atomic claims produce a growing execution generation',
    body: [
      "The task table holds `run_id`, `owner`, `lease_until`, `fence` and `status`. A claim runs in a short transaction and succeeds only if the task is queued, or running with an expired lease. Final states (done, canceled, failed) are never taken over automatically. A successful claim adds one to the fence and returns it as this generation's token.",
      "PostgreSQL's `FOR UPDATE SKIP LOCKED` lets many consumers claim queued rows without blocking on each other, but all it does is skip rows locked by others: it creates no lease and does nothing about an old process coming back. Renewal must match both owner and fence; when a renewal changes no row, the worker stops starting new tool calls at once. Do not keep the claim transaction open during ten minutes of work: the lock would block the very takeover the lease exists for.",
    ],
  },
  {
    id: 'impl-stale-write-rejection',
    title: 'Reject stale writes at the final resource',
    body: [
      'The UPDATE that submits the result requires the run id, fence and owner to match and the lease to be unexpired. Zero rows changed means the right to write was lost. The token check and the write must happen in the same transaction or the same atomic operation: a SELECT followed by an unconditional UPDATE leaves a race.',
      'For an external system, such as a ticketing service, adding a token field to the request is not enough: the receiving writer must check the generation. Where it cannot, use a business unique key for idempotency and reconcile afterwards, which limits what an old worker can do without preventing it. Batch writes are checked batch by batch. Long CPU work may run to its end; only its final submission is constrained.',
    ],
  },
  {
    id: 'impl-test-resume',
    title: 'Test an old worker that resumes after losing its lease',
    body: [
      "The acceptance sequence: A claims with fence 1 and is suspended until its lease expires; B claims with fence 2; then A submits. A's update must change zero rows, and B's submission must succeed. Then test renewal by the old owner, concurrent claims by old and new workers, clock skew, retried submissions, and finishing after a cancel.",
      "In production, judge leases by the database's clock, and stop writing conservatively when heartbeats fail: the wall clocks of different machines are never exactly in step. The demo below injects logical time to show stale commits being rejected; it does not simulate network partitions, real row locks or a full cluster.",
    ],
  },
];

/** The lesson's demo as the steps a test would run, in pseudo code over the design's SQL. */
export const DEMO = {
  id: 'sqlite-demo',
  title: 'An expired generation cannot finish the task',
  intro: [
    'The demo is a few statements on SQLite: one task row, two workers, and time passed in by the test (logical time), so the run is deterministic. In production one time source decides leases, and workers renew while they work.',
  ],
  steps: [
    'create table runs (run_id, owner, lease_until, fence, status)',
    "insert one queued run 'r'",
    '',
    'claim(owner, now):  run CLAIM with lease = 5; return the new fence, or None if no row changed',
    'finish(owner, token, now):  run FINISH; return the number of rows changed',
    '',
    "a = claim('A', now = 0)         # A holds the lease until 5",
    "b = claim('B', now = 6)         # A's lease has run out: B takes over",
    'print(a, b)',
    "print('old:', finish('A', a, now = 7))",
    "print('new:', finish('B', b, now = 7))",
  ],
  outro: [
    "A's finish changes no row: its fence is 1 but the row now holds 2, and the row's owner is B. B's finish changes one row. Run these exact statements yourself, then break them on purpose.",
  ],
} as const;

export const DEDUCTION = {
  id: 'engineering-deduction',
  title: 'Engineering deduction',
  items: [
    {
      id: 'deduction-scene',
      label: 'Scene',
      text: 'A long research task that writes an article draft is taken over by a second worker while the first one is still alive.',
    },
    {
      id: 'deduction-design',
      label: 'Design decisions',
      text: 'Every claim increments the generation. Submitting the draft checks the generation and an unexpired lease in the same step. Remote actions carry their own idempotency keys.',
    },
    {
      id: 'deduction-verification',
      label: 'Verification target',
      text: "The old worker cannot overwrite the new worker's draft, and the takeover can be traced in the task's state.",
    },
    {
      id: 'deduction-boundary',
      label: 'Applicable boundary',
      text: "When an external resource does not check the token, local fencing cannot stop the old worker's requests from taking effect there.",
    },
  ],
} as const;

export const REFERENCES_LEAD =
  "The mechanisms rest on these public sources. The scenarios, questions and cases are this lesson's own teaching material, not questions from any company's interviews.";

export const REFERENCES: readonly Reference[] = [
  {
    id: 'ref-redis-distlock',
    title: 'Distributed Locks with Redis',
    author: 'Redis documentation',
    href: 'https://redis.io/docs/latest/develop/use/patterns/distributed-locks/',
    supports:
      'How a lock with an expiry works, and its advice that long operations need fencing because a live process cannot be assumed to still hold the lock.',
  },
  {
    id: 'ref-kleppmann',
    title: 'How to do distributed locking',
    author: 'Martin Kleppmann (2016)',
    href: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
    supports:
      'Why a paused client can write after its lock expired, and how a fencing token checked by the storage service refuses the stale write.',
  },
  {
    id: 'ref-postgres-skip-locked',
    title: 'SELECT: the locking clause (FOR UPDATE … SKIP LOCKED)',
    author: 'PostgreSQL documentation',
    href: 'https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE',
    supports:
      'How FOR UPDATE SKIP LOCKED lets many consumers claim queue rows without waiting on each other, and why it suits queue tables rather than general consistent reads.',
  },
];

export const KEY_INSPECTIONS: readonly KeyInspection[] = [
  {
    id: 'inspect-reproduce-resurrection',
    text: 'Reproduce an old worker coming back to life after its lease expired.',
  },
  { id: 'inspect-design-claims', text: 'Design atomic claims, renewals and conditional commits.' },
  {
    id: 'inspect-fence-at-writer',
    text: 'Explain why the fence must be checked by the writer of the resource.',
  },
  {
    id: 'inspect-preemption-vs-idempotency',
    text: 'Tell task preemption (who may run) apart from side-effect idempotency (what already happened).',
  },
];
