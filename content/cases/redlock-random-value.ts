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
        terms: TERMS,
      },
      events: story({ clientTwo: 'refused', late: 'applied' }, { A: 'value 284', B: 'value 29' }),
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
        terms: TERMS,
      },
      events: story({ clientTwo: 'applied', late: 'refused' }),
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
        terms: clientsAndStorage('fencing token'),
      },
      events: story({ clientTwo: 'applied', late: 'refused' }),
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
