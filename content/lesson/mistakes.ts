import type { MistakeItem, QuizItem, WriteFate } from './types';

export const MISTAKES_LEAD = [
  'Beliefs that sound reasonable and break systems. Decide whether each statement is true or false: your first answer is the one that counts, so think before you click. Then each of the four classic mistakes comes back as a short timeline where you say what happens to every write.',
] as const;

/** The source's four common mistakes, each as a quiz statement and as a prediction. */
export const MISTAKES: readonly MistakeItem[] = [
  {
    id: 'mistake-ttl-kills-old-worker',
    misconception: 'Thinking TTL expiry kills the old worker',
    statement:
      "Worker A's lease ran out during a long garbage-collection pause and B has claimed the task. When A resumes, the expiry on record is enough to keep A's late result out of the task's store.",
    truth: false,
    states: ['expiry-keeps-old-out'],
    explanation: [
      'Expiry is a fact about the lease record, not about the process. A resumes with no idea that its lease ended and sends its result as if nothing happened. What keeps it out is the store comparing owner, fence and lease in the statement that writes, not the expiry having happened.',
    ],
    prediction: {
      id: 'predict-ttl-kills-old-worker',
      situation: [
        'The store runs the lesson’s design: the finish is one UPDATE that requires owner, fence, an unexpired lease and status running. Each worker also uploads its report file to an object store that keeps whatever was uploaded last. Leases last 5 seconds.',
      ],
      steps: [
        't=0  A claims the task and gets fence 1 (lease until 5).',
        't=1  A freezes in a garbage-collection pause.',
        't=6  B claims the expired task and gets fence 2 (lease until 11).',
        't=7  A wakes up, uploads its report file, then sends its finish with fence 1.',
        't=8  B sends its finish with fence 2.',
      ],
      writes: [
        {
          id: 'a-upload',
          label: 'A’s report upload at 7',
          fate: 'applied',
          believerFate: 'never-sent',
          why: 'The expiry changed the run row, not A: A carries on from the line where it stopped, and the object store asks for no token and no lease.',
        },
        {
          id: 'a-finish',
          label: 'A’s finish at 7 (fence 1)',
          fate: 'refused',
          believerFate: 'never-sent',
          why: 'A was only paused: it sends the finish, and the store refuses it because the row now holds owner B and fence 2.',
        },
        {
          id: 'b-finish',
          label: 'B’s finish at 8 (fence 2)',
          fate: 'applied',
          believerFate: 'applied',
          why: 'Every condition holds for B: owner, fence, a lease until 11, and status running.',
        },
      ],
      run: {
        leaseSeconds: 5,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { objectStore: 'overwrite', gateway: 'first-write' },
        events: [
          { id: 'a-claim', kind: 'claim', worker: 'A' },
          { id: 'a-pause', kind: 'pause', worker: 'A' },
          { id: 'to-6', kind: 'advance', seconds: 6 },
          { id: 'b-claim', kind: 'claim', worker: 'B' },
          { id: 'a-resume', kind: 'resume', worker: 'A' },
          { id: 'to-7', kind: 'advance', seconds: 1 },
          { id: 'a-upload', kind: 'object-put', worker: 'A', body: 'report from A' },
          { id: 'a-finish', kind: 'finish', worker: 'A' },
          { id: 'to-8', kind: 'advance', seconds: 1 },
          { id: 'b-finish', kind: 'finish', worker: 'B' },
        ],
      },
    },
  },
  {
    id: 'mistake-random-tokens',
    misconception: 'Generating tokens at random instead of monotonically increasing',
    statement:
      'A resource that keeps the highest token it has seen can use random 64-bit tokens, as long as no token is ever issued twice.',
    truth: false,
    explanation: [
      'Highest-seen fencing compares order: it refuses a token lower than one it already accepted. A random token says only "different", not "newer", so a newer generation may hold the smaller number and be refused while the stale one gets through. Random tokens do work where the check is equality at the run row (`fence = $token`), because there only "is this the current one" matters.',
    ],
    prediction: {
      id: 'predict-random-tokens',
      situation: [
        'Claims hand out random tokens. The report store remembers the highest token it has accepted and refuses any lower one.',
      ],
      steps: [
        't=0  A claims and gets token 83.',
        't=1  A freezes.',
        't=6  B claims the expired task and gets token 17.',
        't=7  B writes the report with token 17.',
        't=8  A wakes up and writes the report with token 83.',
      ],
      writes: [
        {
          id: 'b-report',
          label: 'B’s report at 7 (token 17)',
          fate: 'applied',
          believerFate: 'applied',
          why: 'Nothing higher than 17 has been seen yet, so the store accepts it and remembers 17.',
        },
        {
          id: 'a-report',
          label: 'A’s report at 8 (token 83)',
          fate: 'applied',
          believerFate: 'refused',
          why: '83 is higher than 17, so the store takes the stale worker’s report and overwrites B’s. The token is newer only by accident of the dice.',
        },
      ],
    },
  },
  {
    id: 'mistake-token-checked-only-in-worker',
    misconception: 'Checking the token only inside the worker',
    statement:
      'If the worker re-reads the run row and sees that its token is still current just before it writes, its write cannot be a stale one.',
    truth: false,
    states: ['claim-check-is-enough', 'any-token-check-will-do'],
    explanation: [
      "The worker's check is a snapshot. Between the check and the write, the lease can run out and another worker can take over, so the check is already stale when the write lands. The token must travel with the write and be compared by the store, atomically with the change (a conditional UPDATE, or a store that remembers the highest token).",
    ],
    prediction: {
      id: 'predict-token-checked-only-in-worker',
      situation: [
        'Before it writes the report, each worker reads the run row and goes ahead only if it still sees its own token. The report store itself accepts any write.',
      ],
      steps: [
        't=0  A claims and gets fence 1 (lease until 5).',
        't=4  A reads the row: fence 1, owner A. Its check passes.',
        't=4  A freezes before sending the write.',
        't=6  B claims the expired task (fence 2), checks, and writes its report.',
        't=9  A wakes up and sends the report write it had already decided on.',
      ],
      writes: [
        {
          id: 'b-report',
          label: 'B’s report at 6 (fence 2)',
          fate: 'applied',
          believerFate: 'applied',
          why: 'B’s check passes and the store takes anything.',
        },
        {
          id: 'a-report',
          label: 'A’s report at 9 (fence 1)',
          fate: 'applied',
          believerFate: 'refused',
          why: 'A checked at 4, before the takeover, and does not check again. The store compares nothing, so the stale report overwrites B’s.',
        },
      ],
      run: {
        design: 'worker-side-check',
        leaseSeconds: 5,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { objectStore: 'overwrite', gateway: 'first-write' },
        events: [
          { id: 'a-claim', kind: 'claim', worker: 'A' },
          { id: 'to-4', kind: 'advance', seconds: 4 },
          { id: 'a-check', kind: 'report-check', worker: 'A' },
          { id: 'a-pause', kind: 'pause', worker: 'A' },
          { id: 'to-6', kind: 'advance', seconds: 2 },
          { id: 'b-claim', kind: 'claim', worker: 'B' },
          { id: 'b-check', kind: 'report-check', worker: 'B' },
          { id: 'b-report', kind: 'report-write', worker: 'B' },
          { id: 'a-resume', kind: 'resume', worker: 'A' },
          { id: 'to-9', kind: 'advance', seconds: 3 },
          { id: 'a-report', kind: 'report-write', worker: 'A' },
        ],
      },
    },
  },
  {
    id: 'mistake-long-lock-transaction',
    cite: ['mistakes.postgres-now-long-transaction', 'mistakes.postgres-for-update-blocks'],
    misconception: 'Putting the whole long task inside one database lock transaction',
    statement:
      'It is fine to commit the claim before the long work starts, even though the worker then holds no lock on the row while it works.',
    truth: true,
    explanation: [
      'Holding the row lock through minutes of inference blocks other workers, including the takeover the lease exists for, and keeps a long transaction open in the database. Claim briefly, work outside the transaction, and let the final conditional commit prove the right to write.',
    ],
    prediction: {
      id: 'predict-long-lock-transaction',
      situation: [
        'A claims inside a PostgreSQL transaction that locks the row (`SELECT … FOR UPDATE`) and keeps it open for the whole ten-minute model call. Leases last 5 seconds.',
        'A’s last statement in that transaction sets the run done where owner and fence match, the status is running and `lease_until > now()`. In PostgreSQL `now()` is the time the transaction started (t=0 here), not the time the statement runs.',
      ],
      steps: [
        't=0    A opens the transaction, locks the row and sets its lease until 5.',
        't=1    A’s machine stalls in the middle of the model call.',
        't=6    B tries to claim the task, whose lease has expired.',
        't=600  A recovers, writes done and commits its transaction.',
      ],
      writes: [
        {
          id: 'b-claim',
          label: 'B’s claim at 6',
          fate: 'waits',
          believerFate: 'applied',
          why: 'The row is still locked by A’s open transaction, so B’s UPDATE waits for the lock: the takeover the lease was meant to allow is blocked.',
        },
        {
          id: 'a-done',
          label: 'A’s done at 600',
          fate: 'applied',
          believerFate: 'refused',
          why: 'Nobody got in, so owner and fence still match, and `now()` still reads 0, the start of A’s transaction, so the lease condition holds too: the write commits ten minutes late. Judged by `clock_timestamp()`, the time the statement runs, the lease condition would have refused it.',
        },
      ],
    },
  },
];

/** Quiz items beyond the four classic mistakes. */
export const QUIZ_EXTRAS: readonly QuizItem[] = [
  {
    id: 'quiz-idempotency-replaces-fencing',
    misconception: 'Idempotency keys replace fencing',
    statement:
      'When every remote call carries an idempotency key, a stale worker can do no harm there, so the remote system needs no fencing.',
    truth: false,
    states: ['idempotency-key-is-fencing'],
    explanation: [
      'An idempotency key names one action. It stops that action from landing twice, but a stale worker that sends a different action (a new note, other parameters) carries a new key and is accepted. Idempotency limits the damage; it does not fence.',
    ],
  },
  {
    id: 'quiz-longer-ttl-fixes-it',
    misconception: 'A longer TTL fixes it',
    statement:
      'Tasks take at most ten minutes, so raising the lease from 30 seconds to one hour rules out stale writes.',
    truth: false,
    states: ['longer-ttl-fixes-it'],
    explanation: [
      'A pause (a frozen virtual machine, a long stop-the-world collection, a network partition) can outlast any lease, and a longer lease also delays the takeover after a real crash. The lease length tunes liveness; only a check where the write lands gives safety.',
    ],
  },
  {
    id: 'quiz-equality-any-token',
    misconception: 'Only a growing token can fence',
    statement:
      'A finish that requires `fence = $token` on the run row refuses a stale worker even when tokens are random, as long as no token is ever reused.',
    truth: true,
    explanation: [
      'Equality at the run row asks only whether the writer holds the current token, and any token that is never reused answers that. Growing tokens are needed where a resource compares order, remembering the highest token it has seen.',
    ],
  },
];

/** Every quiz item in the order the quiz shows them. */
export const QUIZ_ITEMS: readonly QuizItem[] = [...MISTAKES, ...QUIZ_EXTRAS];

export const WRITE_FATE_LABELS: Record<WriteFate, string> = {
  applied: 'Applied',
  refused: 'Refused by the store',
  'never-sent': 'Never sent',
  waits: 'Waits (blocked)',
};
