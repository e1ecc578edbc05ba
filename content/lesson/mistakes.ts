import type { MistakeItem } from './types';

export const MISTAKES_LEAD = [
  'Four beliefs that sound reasonable and break systems. Decide whether each statement is true or false, then read why.',
] as const;

export const MISTAKES: readonly MistakeItem[] = [
  {
    id: 'mistake-ttl-kills-old-worker',
    misconception: 'Thinking TTL expiry kills the old worker',
    statement: "When a worker's lease (TTL) expires, the worker stops, so it can no longer write.",
    truth: false,
    explanation: [
      'Expiry is a fact about the lease record, not about the process. The worker may be paused by garbage collection, a network partition or a suspended machine, and it resumes later with no idea that its lease ended. Only a check where the write lands can refuse it.',
    ],
  },
  {
    id: 'mistake-random-tokens',
    misconception: 'Generating tokens at random instead of monotonically increasing',
    statement:
      'A fencing token must grow with every claim; a random unique token cannot tell which of two writers is newer.',
    truth: true,
    explanation: [
      'A resource that keeps the highest token it has seen refuses anything lower. That needs an order: a random value only says "different", not "older", so the resource cannot know which writer to refuse.',
    ],
  },
  {
    id: 'mistake-token-checked-only-in-worker',
    misconception: 'Checking the token only inside the worker',
    statement:
      'It is enough for the worker to check that its token is still current just before it writes.',
    truth: false,
    explanation: [
      "Between the worker's check and its write, the lease can expire and another worker can take over: the check is already stale when the write lands. The token must travel with the write and be checked by the resource, atomically with the change (a conditional UPDATE, or a store that remembers the highest token).",
    ],
  },
  {
    id: 'mistake-long-lock-transaction',
    misconception: 'Putting the whole long task inside one database lock transaction',
    statement:
      'The claim transaction should commit right after setting owner, lease and token, before the long work starts.',
    truth: true,
    explanation: [
      'Holding the row lock through minutes of inference blocks other workers, including the takeover the lease exists for, and keeps a long transaction open in the database. Claim briefly, work outside the transaction, and let the final conditional commit prove the right to write.',
    ],
  },
];
