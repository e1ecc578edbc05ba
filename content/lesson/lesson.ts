import type { Concept, KeyInspection, Paragraphs, Part, Reference } from './types';

/*
 * The lesson in the order a learner meets it in the app (docs/lesson-outline.md sets it beside
 * the source's order): a failure run on the first screen, what it showed, the rule that stops
 * it, the three foundations the rule stands on, then where it breaks and how to prove it holds.
 */

export const LESSON_TITLE = 'Lease takeover and fencing stale workers';

/** The first screen: one sentence of setting, then the run itself (content/lesson/opening.ts). */
export const OPENING: Paragraphs = [
  'Two workers share one task. A takes it under a lease, a permission with an expiry that A has to renew to keep, and then freezes. The lease runs out, so another worker may take the task over: B does, and saves a draft. Then A wakes up. Press Run and watch what A does.',
];

/** After the run: what the learner watched, with each term explained where it first appears. */
export const DEBRIEF: readonly Concept[] = [
  {
    id: 'concept-leases-and-tokens',
    title: 'A lease, a takeover, a stale write',
    gist: 'A lease is a claim that runs out; running out does not stop the one who held it.',
    body: [
      'The task is one row of a `runs` table, and a worker is a process that claims a row and does the work. A claimed it by writing its own name into the row as the `owner`, together with a time, `lease_until`, after which the claim stops counting: that time-limited claim is the lease. How long it lasts is its TTL (time to live): with a TTL of 30 seconds, a claim made at 12:00:00 lasts until 12:00:30, unless the worker renews it first by moving `lease_until` later. In the run, the lease lasted 5 seconds and A froze for longer.',
      'Once the lease had run out, B could take the task over: that second claim is a takeover. Nothing in the takeover reached A. A woke up with no idea that time had passed and saved its draft as if it still held the task, over the top of B’s. That is the whole problem of this lesson: an expired lease lets another worker in; it never stops the old one.',
      'The second run gave every claim a number. Each claim that succeeds adds one to a counter kept in the row, the `fence` column, and hands the new number to the worker: that number is the fencing token, and the claims it counts are execution generations (A’s claim opened generation 1, B’s takeover generation 2). Because the token only grows, the store that keeps the draft can compare the token a write carries with the row and turn away a write from an older generation. Turning those writes away is called fencing. The row’s `status` says where the run stands: `queued` until someone claims it, `running` while a worker holds it, and `done`, `canceled` or `failed` once it has ended.',
    ],
  },
];

/** The goal the rest of the lesson serves, said once. */
export const SAFETY_GOAL =
  'The goal, exactly: from the moment a new claim succeeds, nothing the older generation sends may change a protected resource.';

/** The rule, stated once; every part below applies it. */
export const RULE_LEAD: Paragraphs = [
  'Where does the check belong? Not in the worker: A believed it held the task. The generation check has to happen inside the store that applies the final write, as part of the same atomic step as the write: one step in which no other write can land between the check and the change. A check the worker makes on its own, before it writes, is exactly the mistake this lesson warns about.',
];

export const RULE_PARTS: readonly Part[] = [
  {
    id: 'concept-conditional-updates',
    title: 'The check and the write are one statement',
    cite: ['lesson.postgres-read-committed', 'lesson.postgres-serialization-failure'],
    body: [
      "A conditional update changes a row only if the row still holds the values the writer expects. The general idea is known as compare-and-set (CAS). In SQL it is an ordinary UPDATE whose WHERE clause states the expectation: `UPDATE runs SET status = 'done' WHERE run_id = ? AND owner = ? AND fence = ?` finishes the run only if this worker is still its owner and still holds the current token. The database checks the condition and makes the change as one atomic step, which means no other write can land between the check and the change.",
      'Reading the row first and writing afterwards does not give you that, even inside one transaction. Under PostgreSQL’s default isolation level, READ COMMITTED, a plain SELECT takes no lock, and the UPDATE that follows does not look again at what the SELECT saw: another worker can take over between the two statements, and the UPDATE writes anyway. Inside a transaction you need one of three things: `SELECT … FOR UPDATE`, which locks the row until the transaction ends; the conditional UPDATE itself, whose WHERE clause is the check; or a stricter isolation level (REPEATABLE READ or SERIALIZABLE), under which one of two conflicting transactions fails with a serialization error and must be retried.',
    ],
  },
  {
    id: 'principle-generation-in-commit',
    title: 'What every commit must name',
    body: [
      'A claim takes the next token in the same statement that takes the run. From then on the store accepts a commit only when owner, token, an unexpired lease and status running all match in the statement that writes, and a renewal has to name the current token too: a renewal that matched the owner alone would let a restarted process under the same name extend a lease that is no longer its own.',
      'The token is not the only identity a write carries. Say A asked the payment service to refund order 42 under the key `refund-42` and then froze. B takes over and finds the refund with no answer recorded: it sends it again, and it must use `refund-42` again, so that the payment service recognises the repeat. The token says which generation may write now; the operation id (the key) says which business action this is. A takeover changes the first and must leave the second alone.',
    ],
  },
  {
    id: 'impl-stale-write-rejection',
    title: 'Reading the reply: one row, zero rows',
    body: [
      'The count of changed rows is the reply. One row: the condition held and the write happened. Zero rows: the condition did not hold when the database looked. That is usually a lost right, but not always. If a finish is retried because its first reply never arrived, the first attempt may already have moved the row to done, and the retry then changes nothing although this worker won. Either re-read the row to learn which case you are in, or give the finish an operation id (a name for this one action) that the store remembers, so a repeat is answered as a duplicate of the write that already landed rather than as a refusal.',
      'A worker that writes in batches keeps two numbers apart: the generation, taken at claim time, and its progress inside the generation. Batches are checked one by one, and the resource compares the pair (generation, batch), generation first: once the resource has learned of a newer generation, by its registration or its first write there, no batch of an older generation lands. Before that moment the resource cannot tell that the old generation is old. Long CPU work may run to its end; only its final submission is constrained.',
    ],
  },
  {
    id: 'concept-lease-and-clock',
    title: 'One clock judges the lease: the database’s statement clock',
    cite: [
      'lesson.postgres-clock-timestamp',
      'lesson.postgres-now-transaction-start',
      'lesson.ntp-step',
    ],
    body: [
      "A lease ends at a moment in time, so something has to decide when that moment has passed. Here it is the store: each time a claim, a renewal or a commit arrives, it compares `lease_until` with its own statement clock, the time the statement runs. In PostgreSQL that is `clock_timestamp()`. The lesson's designs, the timeline and its explanations all judge leases by it.",
      'Not by `now()`: in PostgreSQL `now()` is the start time of the transaction, not the moment the statement runs. In a statement that is its own transaction the two agree; inside a long transaction `now()` stands still, so a lease check against it judges a write sent ten minutes late by the time the transaction began, and lets it through (the long-lock mistake shows exactly that).',
      "Never compare the database's `lease_until` with a worker's wall clock either. A wall clock is the time of day a machine believes it is, and two machines' wall clocks differ by an offset nobody measures (timeline scenario 4 shows the damage). A worker that wants to know how long it may still act uses its own monotonic clock instead: a timer that only counts forward and is never reset or corrected. It times the lease on that monotonic clock, started before it sends the claim or renewal, and subtracts a safety margin for drift (the small rate at which every clock runs fast or slow). The offset between machines then does not matter; drift during the lease and pauses do. The worker stops writing as soon as a renewal fails.",
      'The database clock has faults of its own. Servers keep their wall clocks right with NTP (the Network Time Protocol, which asks time servers and corrects the local clock), and a correction can make the statement clock jump forward or back. After a failover, when a standby copy of the database takes over from a primary that failed, the clock is read on another machine. That is one more reason the lease decides only who may try; the token decides whose write lands.',
    ],
  },
];

/** The demo as the steps a test would run, in pseudo code over the design's SQL. */
export const DEMO = {
  id: 'sqlite-demo',
  title: 'An expired generation cannot finish the task',
  intro: [
    'The rule as a few statements on SQLite: one task row, two workers, and time passed in by the test (logical time), so the run is deterministic. It shows stale commits being turned away; it does not model network partitions, real row locks or a cluster of machines.',
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

export const CHECK_QUESTION = {
  id: 'check-two-workers',
  question:
    'The same agent task is picked up again by two workers at once. What do the lease and the fencing token each do to stop the older worker from writing?',
  context: 'Before the foundations: say the rule in your own words.',
  answer: [
    "Start where the old worker's write arrives. The statement that renews or commits names owner, token and an unexpired lease, and the store applies it only if all three still match, so the older worker's commit changes zero rows. That works because each claim took a new, higher token in the same atomic statement that took the run. The lease's part is smaller than it looks: it lets the new worker in, and it never stops the paused one.",
    'Keep that claim statement in a short transaction of its own; a row lock held through the whole inference would block the takeover. The fence lives in the task table, so it reaches no remote system: each external target needs a check of its own, and where a target cannot check, idempotency can only limit the damage; it does not fence.',
  ],
} as const;

/** Claiming and renewing: how the token is taken and kept, without holding a lock. */
export const CLAIM_PARTS: readonly Part[] = [
  {
    id: 'impl-atomic-claim',
    title: 'A claim is one short statement',
    cite: 'lesson.postgres-skip-locked',
    body: [
      "The task table holds `run_id`, `owner`, `lease_until`, `fence` and `status`. A claim succeeds only if the task is queued, or running with an expired lease; final states (done, canceled, failed) are never taken over automatically. It sets owner and lease, adds one to the fence and returns it as this generation's token, all in one short transaction that commits before the work begins.",
      "That commit matters. A transaction left open through ten minutes of inference keeps the row locked and blocks the very takeover the lease is there for. Model calls and network requests belong outside any long transaction. PostgreSQL's `FOR UPDATE SKIP LOCKED` lets many consumers claim queued rows without blocking on each other: it fits a queue table, not general consistent reads, and all it does is skip rows locked by others. It creates no lease and does nothing about an old process coming back.",
    ],
  },
  {
    id: 'principle-short-claims',
    title: 'Renew with progress, stop on the first failed renewal',
    body: [
      'A renewal names owner and fence; when it changes no row, the worker starts no further tool calls. Renew with progress, not with a timer alone: a heartbeat thread that renews on its own keeps a hung worker’s lease alive for ever, so the task never finishes and nobody may take it over. Renew only when the work has moved on since the last renewal, or cap the total run time so that even a renewing worker gives the task up.',
    ],
  },
];

/** Where the rule runs out: side effects outside the table. */
export const BREAKS_PARTS: readonly Concept[] = [
  {
    id: 'concept-idempotent-effects',
    title: 'Side effects the row cannot reach',
    gist: 'Doing the same action twice has the effect of doing it once.',
    body: [
      'A side effect is anything a worker does outside the `runs` table: sending an email, charging a card, writing a file. An action is idempotent when doing it twice has the same effect as doing it once. Few side effects are idempotent by nature, so the receiver is made to behave that way with an idempotency key: a stable id for one business action (an `operation_id`) that the receiver stores with what it did. When the same key arrives again, the receiver recognises a retry and answers with the first result instead of acting a second time.',
      'An idempotency key names an action, not an execution. It stops the same action from landing twice; it does not stop a stale worker from sending a different action. So idempotency limits the damage a stale worker can do; it does not fence it.',
    ],
  },
];

/** A worked design, goal first: what must hold, then the scene, the decisions, and the edge. */
export const DEDUCTION = {
  id: 'engineering-deduction',
  title: 'A design review: the article draft',
  items: [
    {
      id: 'deduction-verification',
      label: 'What must hold',
      text: "Whatever the first worker submits after the takeover leaves the second worker's draft untouched, and the task's row shows who took over and when.",
    },
    {
      id: 'deduction-scene',
      label: 'The scene',
      text: 'A research task that ends by writing an article draft runs long; a second worker claims it while the first one is still alive and still working.',
    },
    {
      id: 'deduction-design',
      label: 'What we decide',
      text: 'Every claim raises the generation by one. The store that saves the draft checks that generation and an unexpired lease in the statement that saves it. Each remote action carries an idempotency key of its own.',
    },
    {
      id: 'deduction-boundary',
      label: 'Where it stops',
      text: 'A fence in our own table protects our own table. A remote system that never looks at the token will still carry out what the stale worker sends it.',
    },
  ],
} as const;

/** Proving the rule: the tests a takeover must pass, the first of them the run on screen one. */
export const PROOF_LEAD: Paragraphs = [
  'The schedule you ran at the top is the first acceptance test; the rest vary one thing each. Freeze one worker, let a second one claim the task, wake the first, and confirm that every place it could write to turns its commit away.',
];

export const PROOF_TESTS: readonly { id: string; test: string; expect: string }[] = [
  {
    id: 'test-resume',
    test: 'A claims with fence 1 and stays frozen past the end of its lease; B claims with fence 2; then A submits.',
    expect: "A's update must change zero rows, and B's submission must succeed.",
  },
  {
    id: 'test-old-renewal',
    test: 'The old owner renews after the takeover.',
    expect: 'Zero rows: the failed renewal is its signal to stop.',
  },
  {
    id: 'test-racing-claims',
    test: 'Two claims race for the same expired run.',
    expect: 'Exactly one changes a row.',
  },
  {
    id: 'test-clock-offset',
    test: "A worker's clock disagrees with the database's.",
    expect: "The database's clock decides; the worker's offset changes nothing.",
  },
  {
    id: 'test-retried-submit',
    test: 'A submission is sent twice because its first reply was lost.',
    expect: 'The second is a duplicate, not a second write and not a refusal.',
  },
  {
    id: 'test-finish-after-cancel',
    test: 'A finish arrives after a cancel.',
    expect: 'The run stays canceled, and the finish changes zero rows.',
  },
];

export const REFERENCES_LEAD =
  "Each source below backs a mechanism the lesson uses, and docs/sources.md quotes the passage that does. What is ours: every scenario, question, case and the way answers are graded, written to teach the principles; none of it is a question from some company's interviews. The records of how each source was checked and of what each case run showed are kept separately, outside the lesson text.";

export const REFERENCES: readonly Reference[] = [
  {
    id: 'ref-redis-distlock',
    cite: ['lesson.redis-fencing-advice', 'lesson.redis-failover-race'],
    title: 'Distributed Locks with Redis',
    author: 'Redis documentation',
    href: 'https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/',
    supports:
      'How a lock with an expiry works; why a lock on a failed-over replica breaks (replication is asynchronous); and its advice to implement fencing tokens, because a live process cannot be assumed to still hold the lock.',
  },
  {
    id: 'ref-kleppmann',
    cite: [
      'lesson.kleppmann-efficiency-correctness',
      'lesson.kleppmann-timing-assumptions',
      'lesson.kleppmann-fencing-token',
    ],
    title: 'How to do distributed locking',
    author: 'Martin Kleppmann (2016)',
    href: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
    supports:
      'Locks for efficiency versus locks for correctness; why a paused client can write after its lock expired; the timing a lease-based lock assumes (bounded network delay, pauses and clock error); and how a fencing token checked by the storage service refuses the stale write.',
  },
  {
    id: 'ref-gray-cheriton',
    cite: ['lesson.gray-cheriton-leases', 'lesson.gray-cheriton-drift'],
    title: 'Leases: an efficient fault-tolerant mechanism for distributed file cache consistency',
    author: 'Cary G. Gray and David R. Cheriton (SOSP 1989)',
    href: 'https://dl.acm.org/doi/10.1145/74850.74870',
    supports:
      'Where leases come from: time-limited promises that keep many clients’ file caches consistent, correct as long as clock drift stays within a known bound.',
  },
  {
    id: 'ref-chubby',
    cite: ['lesson.chubby-sequencers', 'lesson.chubby-delayed-request'],
    title: 'The Chubby lock service for loosely-coupled distributed systems',
    author: 'Mike Burrows (OSDI 2006)',
    href: 'https://research.google/pubs/the-chubby-lock-service-for-loosely-coupled-distributed-systems/',
    supports:
      'A lock service built on leased sessions; a request sent under a lock that arrives after the lock changed hands; and sequencers: a token the holder passes to servers, which check it, so that a delayed or reordered request is turned away.',
  },
  {
    id: 'ref-postgres-skip-locked',
    cite: 'lesson.postgres-skip-locked',
    title: 'SELECT: the locking clause (FOR UPDATE … SKIP LOCKED)',
    author: 'PostgreSQL documentation',
    href: 'https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE',
    supports:
      'How FOR UPDATE SKIP LOCKED lets many consumers claim queue rows without waiting on each other, and why it suits queue tables rather than general consistent reads.',
  },
  {
    id: 'ref-postgres-isolation',
    cite: ['lesson.postgres-read-committed', 'lesson.postgres-serialization-failure'],
    title: 'Transaction Isolation',
    author: 'PostgreSQL documentation',
    href: 'https://www.postgresql.org/docs/current/transaction-iso.html',
    supports:
      'What READ COMMITTED lets happen between a SELECT and an UPDATE, and how REPEATABLE READ and SERIALIZABLE make one of two conflicting transactions fail instead.',
  },
];

/**
 * What the learner can do after the lesson, each with the place in the app that shows it. Listed
 * in the order the lesson earns them.
 */
export const KEY_INSPECTIONS: readonly (KeyInspection & { where: string })[] = [
  {
    id: 'inspect-reproduce-resurrection',
    text: 'Reproduce an old worker coming back to life after its lease expired.',
    where: '#watch-it-fail',
  },
  {
    id: 'inspect-fence-at-writer',
    text: 'Explain why the fence must be checked by the writer of the resource.',
    where: '#where-the-check-sits',
  },
  {
    id: 'inspect-design-claims',
    text: 'Design atomic claims, renewals and conditional commits.',
    where: '#claims-and-renewals',
  },
  {
    id: 'inspect-preemption-vs-idempotency',
    text: 'Tell task preemption (who may run) apart from side-effect idempotency (what already happened).',
    where: '#where-it-breaks',
  },
];
