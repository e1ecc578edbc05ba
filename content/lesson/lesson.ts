import type { Concept, KeyInspection, Paragraphs, Part, Reference } from './types';

export const LESSON_TITLE = 'Lease takeover and fencing stale workers';

/** The problem in brief: what the whole lesson answers. */
export const OVERVIEW: Paragraphs = [
  'Many systems give a long task to one of several workers and let that worker keep it only while it keeps showing signs of life. Such a permission with an expiry is called a lease. The worker renews it as it goes; if the worker falls silent for too long, the lease runs out and another worker may take the task over. What the lease cannot do is stop the first worker. A worker that was only paused can wake up after the takeover and carry on as if nothing had happened.',
  'So for a while two workers may run the same task. Each claim of the task opens a new execution generation, numbered one higher than the claim before it. The lesson shows why the store that keeps the result has to check which generation is writing, and turn the stale one away itself.',
];

/**
 * The preparatory concepts, written for a first read: each term is explained in the paragraph
 * where the lesson first uses it (content/lesson/first-read.test.ts holds this).
 */
export const CONCEPTS: readonly Concept[] = [
  {
    id: 'concept-leases-and-tokens',
    title: 'Runs, leases and fencing tokens',
    gist: 'A lease is a claim that runs out; a fencing token numbers the claims.',
    body: [
      'In this lesson a task is one row of a `runs` table, and a worker is a process that claims a row and does the work. To claim a run, a worker writes its own name into the row as the `owner`, together with a time, `lease_until`, after which the claim stops counting. That time-limited claim is the lease. How long it lasts is its TTL (time to live): with a TTL of 30 seconds, a claim made at 12:00:00 lasts until 12:00:30, unless the worker renews it first by moving `lease_until` later.',
      'Once a lease has run out, another worker may claim the same row; that second claim is a takeover. Every claim that succeeds also adds one to a counter kept in the row, the `fence` column, and gives the new number to the worker. That number is the fencing token, and the claims it counts are the generations: the first claim is generation 1, the takeover generation 2, and so on. Because the token only ever grows, a store that remembers the highest token it has seen can tell an old claim from a new one and refuse a write that carries an older token. Refusing those writes is called fencing.',
      "The row's `status` says where the run stands: `queued` until someone claims it, `running` while a worker holds it, and `done`, `canceled` or `failed` once it has ended.",
    ],
  },
  {
    id: 'concept-conditional-updates',
    title: 'Row-level conditional updates',
    gist: 'An UPDATE whose WHERE clause is the permission check.',
    body: [
      "A conditional update changes a row only if the row still holds the values the writer expects. The general idea is known as compare-and-set (CAS). In SQL it is an ordinary UPDATE whose WHERE clause states the expectation: `UPDATE runs SET status = 'done' WHERE run_id = ? AND owner = ? AND fence = ?` finishes the run only if this worker is still its owner and still holds the current token. The database checks the condition and makes the change as one atomic step, which means no other write can land between the check and the change.",
      'The count of changed rows is the reply. One row: the condition held and the write happened. Zero rows: the condition did not hold when the database looked. That is not always "you lost the right". If a finish is retried because its first reply never arrived, the first attempt may already have moved the row to done, and the retry then changes nothing although this worker won. Either re-read the row to learn which case you are in, or give the finish an operation id (a name for this one action) that the store remembers, so a repeat is answered as a duplicate of the write that already landed rather than as a refusal.',
    ],
  },
  {
    id: 'concept-lease-and-clock',
    title: 'Lease and clock',
    gist: 'A lease is permission with an expiry time; who judges the expiry matters.',
    body: [
      "A lease ends at a moment in time, so something has to decide when that moment has passed. Here it is the store: each time a claim, a renewal or a commit arrives, it compares `lease_until` with its own clock, the database's `now()`.",
      "Never compare the database's `lease_until` with a worker's wall clock. A wall clock is the time of day a machine believes it is, and two machines' wall clocks differ by an offset nobody measures (timeline scenario 4 shows the damage). A worker that wants to know how long it may still act uses its own monotonic clock instead: a timer that only counts forward and is never reset or corrected. It times the lease on that monotonic clock, started before it sends the claim or renewal, and subtracts a safety margin for drift (the small rate at which every clock runs fast or slow). The offset between machines then does not matter; drift during the lease and pauses do.",
      "The database clock has faults of its own. Servers keep their wall clocks right with NTP (the Network Time Protocol, which asks time servers and corrects the local clock), and a correction can make `now()` jump forward or back. After a failover, when a standby copy of the database takes over from a primary that failed, `now()` is read from another machine's clock. And in PostgreSQL `now()` is the start time of the transaction, not the moment the statement runs.",
    ],
  },
  {
    id: 'concept-idempotent-effects',
    title: 'Idempotent side effects',
    gist: 'Doing the same action twice has the effect of doing it once.',
    body: [
      'A side effect is anything a worker does outside the `runs` table: sending an email, charging a card, writing a file. An action is idempotent when doing it twice has the same effect as doing it once. Few side effects are idempotent by nature, so the receiver is made to behave that way with an idempotency key: a stable id for one business action (an `operation_id`) that the receiver stores with what it did. When the same key arrives again, the receiver recognises a retry and answers with the first result instead of acting a second time.',
      'An idempotency key names an action, not an execution. It stops the same action from landing twice; it does not stop a stale worker from sending a different action. So idempotency limits the damage a stale worker can do; it does not fence it.',
    ],
  },
];

export const PRINCIPLES_LEAD: Paragraphs = [
  'An expired lease lets others take the task over; it does nothing to the process that held it. While the old and the new worker both run, the generation check has to happen inside the store that applies the final write, as part of the same atomic step as the write. A check the worker makes on its own, before it writes, is exactly the mistake this lesson warns about.',
];

export const PRINCIPLES: readonly Part[] = [
  {
    id: 'principle-liveness-vs-safety',
    title: 'Liveness and safety need different mechanisms',
    body: [
      'A lease is first of all a liveness tool: a crashed worker does not leave its task stuck, because someone else can take it over. It also gives mutual exclusion, but only while the timing assumptions behind it hold: clocks drift by a bounded amount, pauses are shorter than the lease, messages arrive within a known delay (this is how Gray and Cheriton defined leases, and how Chubby uses them). A garbage-collection stop, a frozen virtual machine or a laptop lid breaks those assumptions, and the old worker wakes up believing it still holds the task.',
      "A longer lease makes takeovers rarer but proves nothing about the old process having stopped. Redis's guidance on distributed locks says as much: for long operations use fencing, because a process that is still alive may no longer hold a valid lock. Fencing is what removes the dependence on the timing assumptions.",
    ],
  },
  {
    id: 'principle-generation-in-commit',
    title: 'Put the generation in the commit contract',
    body: [
      'Each claim atomically takes a fencing token that only ever grows. The store accepts a commit only when owner, token, lease and the run state all match in the same statement, and a renewal has to name the current token too.',
      'Keep two identities apart. The token names an execution generation: who is allowed to write now. An operation id names a business intent: which action this is. A takeover gets a new token but must not change the idempotency key of an action that already exists.',
    ],
  },
  {
    id: 'principle-fence-at-resource',
    title: 'Enforce the fence at the resource',
    body: [
      'Reading the lease before a call leaves a gap between the read and the write. A conditional UPDATE closes it by checking and committing in one step.',
      'Remote idempotency removes duplicates of the same action, but an expired worker can still send other writes and they will be accepted. Which kind of token a resource needs depends on how it checks. A resource that remembers the highest token it has seen refuses any lower generation: that comparison needs tokens that grow. An equality check at the run row (`fence = $token`) works with any token that is never reused. To refuse the old worker at once, register the new generation with the resource when the takeover happens, or route every write through a trusted gateway that compares the caller against the current generation atomically with forwarding the write.',
    ],
  },
  {
    id: 'principle-short-claims',
    title: 'Never hold a lock for the whole task',
    body: [
      "Claim work in a short transaction: set owner, lease and token, commit, and release the row locks. Model calls and network requests belong outside any long transaction. PostgreSQL's `SKIP LOCKED` fits a queue table with many consumers; it is not a tool for general consistent reads.",
      'Then try to break it: freeze one worker, let a second one claim the task, wake the first, and confirm that each place it could write to turns its commit away.',
    ],
  },
];

export const CHECK_QUESTION = {
  id: 'check-two-workers',
  question:
    'The same agent task is picked up again by two workers at once. What do the lease and the fencing token each do to stop the older worker from writing?',
  context: 'Check your understanding of the four principles before going on.',
  answer: [
    "The lease lets a new worker take over, but it does not stop an old worker that was only paused. Give every claim a growing token, allocated atomically with the claim. The store accepts a renewal or a commit only while owner, token and an unexpired lease all still match, in the same statement that writes, so the old worker's commit changes nothing.",
    'Claim in a short transaction instead of holding a lock through the whole inference. And a check in the task table cannot reach a remote system: each external target needs its own fence, or at least idempotency to limit the damage, which on its own does not fence.',
  ],
} as const;

export const IMPLEMENTATION: readonly Part[] = [
  {
    id: 'impl-expiry-does-not-stop',
    title: 'Expiry ends the lease, not the process',
    body: [
      'Worker A picks up a task and then stalls for a long time. The scheduler sees A\'s heartbeat go stale and gives the task to B. When A recovers, it may still submit its result. That is double execution, and "we use a Redis lock" does not answer it: the lock\'s expiry is exactly what let B in while A was still alive. The Redis documentation itself says long tasks need fencing tokens, and that a live process cannot be assumed to still hold its lock.',
      'Write the safety goal down exactly: from the moment a new claim succeeds, nothing the old generation sends may change a protected resource.',
    ],
  },
  {
    id: 'impl-atomic-claim',
    title: 'Atomic claims produce a growing execution generation',
    body: [
      "The task table holds `run_id`, `owner`, `lease_until`, `fence` and `status`. A claim runs in a short transaction and succeeds only if the task is queued, or running with an expired lease. Final states (done, canceled, failed) are never taken over automatically. A successful claim adds one to the fence and returns it as this generation's token.",
      "PostgreSQL's `FOR UPDATE SKIP LOCKED` lets many consumers claim queued rows without blocking on each other, but all it does is skip rows locked by others: it creates no lease and does nothing about an old process coming back. A renewal names owner and fence; when it changes no row, the worker starts no further tool calls. Commit the claim before the work begins: a transaction left open through ten minutes of inference keeps the row locked and blocks the very takeover the lease is there for.",
      "Renew with progress, not with a timer alone. A heartbeat thread that renews on its own keeps a hung worker's lease alive for ever: the task never finishes and nobody may take it over. Renew only when the work has moved on since the last renewal, or cap the total run time so that even a renewing worker gives the task up.",
    ],
  },
  {
    id: 'impl-stale-write-rejection',
    title: 'Reject stale writes at the final resource',
    body: [
      'The UPDATE that submits the result requires the run id, fence and owner to match and the lease to be unexpired. The check and the write are one statement, or one transaction: reading the row with a SELECT and then writing with an unconditional UPDATE leaves a window in which another worker can take over.',
      'Read a result of zero rows with care. It means the condition failed, which is usually a lost right, but a retry of a finish whose first reply was lost also changes zero rows. Re-read the row before concluding anything, or make the finish idempotent by operation id so the store can say "duplicate" instead of "refused".',
      'For an external system such as a ticketing service, putting a token field in the request achieves nothing by itself: the service that writes has to compare the generation. When it cannot, a business unique key and reconciliation afterwards limit what an old worker can do, without fencing it. Batches are checked one by one, and the comparison is on the pair (generation, batch), generation first: once the resource has learned of a newer generation, by its registration or its first write there, no batch of an older generation lands. Before that moment the resource cannot tell that the old generation is old. Long CPU work may run to its end; only its final submission is constrained.',
    ],
  },
  {
    id: 'impl-test-resume',
    title: 'Test an old worker that resumes after losing its lease',
    body: [
      "The acceptance sequence: A claims with fence 1 and is suspended until its lease expires; B claims with fence 2; then A submits. A's update must change zero rows, and B's submission must succeed. Around that core, test a renewal by the old owner, two claims racing each other, clocks that disagree, a submission sent twice, and a finish that arrives after a cancel.",
      'In production the store judges leases by its own clock, and a worker times its lease with a local monotonic clock and a margin, and stops writing as soon as renewals fail: the wall clocks of different machines never quite agree. The demo below passes logical time in from the test to show stale commits being turned away; it does not model network partitions, real row locks or a cluster of machines.',
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
      text: 'A research task that ends by writing an article draft runs long; a second worker claims it while the first one is still alive and still working.',
    },
    {
      id: 'deduction-design',
      label: 'Design decisions',
      text: 'Every claim raises the generation by one. The store that saves the draft checks that generation and an unexpired lease in the statement that saves it. Each remote action carries an idempotency key of its own.',
    },
    {
      id: 'deduction-verification',
      label: 'Verification target',
      text: "Whatever the first worker submits after the takeover leaves the second worker's draft untouched, and the task's row shows who took over and when.",
    },
    {
      id: 'deduction-boundary',
      label: 'Applicable boundary',
      text: 'A fence in our own table protects our own table. A remote system that never looks at the token will still carry out what the stale worker sends it.',
    },
  ],
} as const;

export const REFERENCES_LEAD =
  "The mechanisms rest on these public sources. The scenarios, questions, cases and grading are this lesson's own teaching material, not questions from any company's interviews. The Q&A and the cases were added to explain the principles; the records of checking the sources and of running the cases are kept separately from the lesson text.";

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
    id: 'ref-gray-cheriton',
    title: 'Leases: an efficient fault-tolerant mechanism for distributed file cache consistency',
    author: 'Cary G. Gray and David R. Cheriton (SOSP 1989)',
    href: 'https://dl.acm.org/doi/10.1145/74851.74870',
    supports:
      'Where leases come from: a lease gives its holder exclusive rights for a bounded time, and that is safe only if clock drift and message delay are bounded.',
  },
  {
    id: 'ref-chubby',
    title: 'The Chubby lock service for loosely-coupled distributed systems',
    author: 'Mike Burrows (OSDI 2006)',
    href: 'https://research.google/pubs/the-chubby-lock-service-for-loosely-coupled-distributed-systems/',
    supports:
      'A lock service built on leases, and its sequencers: a token the holder passes to servers, which check it, because lease timing alone cannot protect them.',
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
