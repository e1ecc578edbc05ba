import { PLAIN_TARGETS as PLAIN } from './plain-targets';
import type { LibraryScenario } from './library-scenario';

const AB = [{ id: 'A' }, { id: 'B' }];

/** A call that outlasts the lease, with and without heartbeat renewal. */
export const LONG_CALL_SCENARIOS: readonly LibraryScenario[] = [
  {
    version: 1,
    number: '8a',
    id: 'long-call-no-heartbeat',
    title: 'A model call longer than the lease, without heartbeat',
    explanation:
      'A is not paused: it is busy in a 10-second model call with a 5-second lease and no heartbeat. Its call returns at 10, after the lease has lapsed and B has claimed.',
    shows: ['b-claim', 'a-finish'],
    takeaway: 'A longer TTL only delays takeover; it cannot make a slow worker safe.',
    leaseSeconds: 5,
    workers: AB,
    targets: PLAIN,
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      { id: 'to-6', kind: 'advance', seconds: 6, note: 'A’s model call is running' },
      { id: 'b-claim', kind: 'claim', worker: 'B', expect: 'applied' },
      { id: 'to-10', kind: 'advance', seconds: 4, note: 'A’s model call returns' },
      { id: 'a-finish', kind: 'finish', worker: 'A', expect: 'refused' },
      { id: 'b-finish', kind: 'finish', worker: 'B', expect: 'applied' },
    ],
  },
  {
    version: 1,
    number: '8b',
    id: 'long-call-heartbeat',
    title: 'A model call longer than the lease, with heartbeat renewal',
    explanation:
      'A 12-second call, and A renews its lease every 3 seconds while the call makes progress: each renewal matches owner and fence and pushes lease_until forward. A heartbeat that renewed whether or not the call moved would keep a hung A in charge for ever: tie renewal to progress, or cap the total run time.',
    shows: ['a-renew-2', 'b-claim', 'a-finish'],
    takeaway:
      'Heartbeat renewal keeps a slow but alive worker in charge; the commit still checks the token.',
    leaseSeconds: 5,
    workers: AB,
    targets: PLAIN,
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      { id: 'to-3', kind: 'advance', seconds: 3, note: 'A’s model call is running' },
      { id: 'a-renew-1', kind: 'renew', worker: 'A', expect: 'applied' },
      { id: 'to-6', kind: 'advance', seconds: 3 },
      { id: 'a-renew-2', kind: 'renew', worker: 'A', expect: 'applied' },
      { id: 'b-claim', kind: 'claim', worker: 'B', expect: 'refused' },
      { id: 'to-9', kind: 'advance', seconds: 3 },
      { id: 'a-renew-3', kind: 'renew', worker: 'A', expect: 'applied' },
      { id: 'to-12', kind: 'advance', seconds: 3, note: 'A’s model call returns' },
      { id: 'a-finish', kind: 'finish', worker: 'A', expect: 'applied' },
    ],
  },
];
