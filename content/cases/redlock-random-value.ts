import { HIGHEST_SEEN, RUN_ROW } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { OutcomeKind } from '@/lib/lease';
import { clientsAndStorage, storageWrite } from './storage-clients';
import type { CaseEvent, CaseFile } from './types';

const TERMS = clientsAndStorage('random value');

/**
 * The story every run plays: client 1 writes, pauses past its lock's validity, client 2 locks
 * and writes, client 1 wakes and writes late. The runs differ in the token and the storage's
 * check, so in what client 2's write and client 1's late write get.
 */
function story(
  outcomes: { clientTwo: OutcomeKind; late: OutcomeKind },
  values?: { A: string; B: string },
): CaseEvent[] {
  return [
    {
      id: 'c1-lock',
      kind: 'claim',
      worker: 'A',
      ...(values ? { note: values.A } : {}),
      outcome: 'applied',
    },
    storageWrite('c1-write', 'A', 'from client 1', 'applied'),
    { id: 'c1-pause', kind: 'pause', worker: 'A' },
    { id: 'validity-ends', kind: 'advance', seconds: 22 },
    {
      id: 'c2-lock',
      kind: 'claim',
      worker: 'B',
      ...(values ? { note: values.B } : {}),
      outcome: 'applied',
    },
    storageWrite('c2-write', 'B', 'from client 2', outcomes.clientTwo),
    { id: 'c1-back', kind: 'resume', worker: 'A' },
    storageWrite('c1-write-2', 'A', 'late, from client 1', outcomes.late),
  ];
}

/** Case 10: Redlock's random value. */
export const REDLOCK_CASE: CaseFile = {
  id: 'redlock-random-value',
  number: 10,
  title: 'Redlock’s random value',
  system: 'Redis Redlock (Kleppmann’s critique and antirez’s reply)',
  tokenName: 'random value',
  account: {
    beforeRun: [
      'Redlock, the Redis locking algorithm, stores a random value under the lock key on a majority of Redis nodes. The value lets a client delete only its own lock. It was never meant as a counter: two grants in a row get values in no particular order.',
      'Kleppmann’s critique pointed out that Redlock has no way to produce a growing fencing token, so a storage service has nothing it could keep as “the highest seen”. antirez replied that the random value is enough for a check-and-set at the resource: a client that starts working on the resource first stores its value there, and does its read-modify-write only if the stored value is still its own when it writes.',
    ],
    afterRun: [
      'That reply leaves a gap which an ordered token would close. Storing the value at the resource is itself a write, and nothing there can tell an old value from a new one. Say client 1 takes the lock and pauses before it has touched the storage, and its lock expires; client 2 locks, stores its value at the storage and writes. Then client 1 wakes, stores its own value, which the storage takes because it has no order to compare with, and its write matches that value and lands on top of client 2’s; client 2’s next write is the one turned away. (Had client 1 stored its value before the pause, client 2’s value would have replaced it and client 1’s late write would fail: the scheme holds only when the late holder marked first.) The check-and-set keeps two writers from interleaving inside one read-modify-write; it does not keep a late holder out. With a counter, the late client’s mark would carry the smaller number and be turned away.',
      'The runs show two more points. With a random value and a highest-seen check, the order of the values is luck. A random value does fence when it is compared, in the same step as the write, with the lock’s current value. That needs the lock and the data in one store that checks and writes in one step, such as a single Redis running a script; Redlock’s majority of independent nodes is no such store. antirez’s scheme of storing the value at the resource is told above, not played: the timeline has no resource that keeps a holder’s mark.',
    ],
  },
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
      pattern: 'fenced',
      summary: 'The values are 284 and 29: the rightful holder’s value is the smaller one.',
      scenario: {
        design: 'random-token',
        leaseSeconds: 20,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: HIGHEST_SEEN.setting() },
        terms: TERMS,
      },
      events: story({ clientTwo: 'refused', late: 'applied' }, { A: 'value 284', B: 'value 29' }),
    },
    {
      id: 'random-check-and-set',
      label: 'Random value, compared with the lock’s current value',
      pattern: 'fenced',
      summary:
        'The write goes through only if the value equals the lock’s current one, checked in the same step: possible where the data and the lock share one store.',
      scenario: {
        design: 'random-token',
        leaseSeconds: 20,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: RUN_ROW.setting() },
        terms: TERMS,
      },
      events: story({ clientTwo: 'applied', late: 'refused' }),
    },
    {
      id: 'counter-highest-seen',
      label: 'A counter instead',
      pattern: 'fenced',
      predict:
        'Client 1’s lock expires during a pause and client 2 gets the next number of a counter instead of a random value. What does storage do with each write?',
      summary:
        'The lesson’s growing fence: each grant takes the next number of a counter, and storage keeps the highest seen.',
      scenario: {
        leaseSeconds: 20,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: HIGHEST_SEEN.setting() },
        terms: clientsAndStorage('fencing token'),
      },
      events: story({ clientTwo: 'applied', late: 'refused' }),
    },
  ],
  fixed: [
    'An unordered token fences only where it is compared with the lock’s current value in the same atomic step as the write. antirez’s check-and-set, which stores the value at the resource and compares with it, stops two writers from interleaving but lets a late holder that marks the resource after the new one take it back.',
    'Anywhere else, use a token that grows with each grant, handed out by a source that never goes backwards, and check it at the resource.',
  ],
  sources: [
    {
      title: 'Martin Kleppmann, “How to do distributed locking” (2016)',
      url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
      check: 'checked',
      note: 'Read in a stored copy of the post’s text: Redlock has no facility for generating fencing tokens; its random value does not provide the required monotonicity.',
      cite: ['redlock-random-value.no-fencing-token', 'redlock-random-value.random-not-monotonic'],
    },
    {
      title: 'Salvatore Sanfilippo (antirez), “Is Redlock safe?” (2016)',
      url: 'http://antirez.com/news/101',
      check: 'checked',
      note: 'Read in a stored copy of the post’s feed entry (published 9 February 2016): the random token used for a check-and-set, the token stored as the resource’s state and the read-modify-write done only if it is still the same; and his point that the order of tokens need not follow the order of the work.',
      cite: ['redlock-random-value.antirez-check-and-set', 'redlock-random-value.antirez-order'],
    },
    {
      title: 'Redis: Distributed locks with Redis (Redlock)',
      url: 'https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/',
      check: 'checked',
      note: 'Read in redis/docs at commit 63f31f6: every lock is signed with a random string so that only its owner removes it; the page advises fencing tokens for correctness.',
      cite: ['redlock-random-value.signed-random', 'lesson.redis-fencing-advice'],
    },
    {
      title: 'Redis: Scripting with Lua (atomic execution)',
      url: 'https://redis.io/docs/latest/develop/programmability/eval-intro/',
      check: 'checked',
      note: 'Read in redis/docs at commit 63f31f6: Redis guarantees a script’s atomic execution, so a script can compare the lock key and write data kept in the same Redis in one step.',
      cite: 'redlock-random-value.script-atomic',
    },
  ],
  unchecked: [
    'The values 284 and 29 come from our random-token design’s deterministic hash, not from Redis.',
    'The run that compares with the lock’s current value is ours, not antirez’s: his scheme stores the value at the resource, which the account tells but the timeline does not play.',
  ],
  checkDesign: 'random-token',
};
