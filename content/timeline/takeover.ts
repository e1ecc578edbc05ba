import { PLAIN_TARGETS as PLAIN } from './plain-targets';
import type { LibraryScenario } from './library-scenario';

const AB = [{ id: 'A' }, { id: 'B' }];

/** Takeover: the old holder pauses or misjudges its lease while a new one claims. */
export const TAKEOVER_SCENARIOS: readonly LibraryScenario[] = [
  {
    version: 1,
    number: '1',
    id: 'acceptance',
    title: 'The acceptance sequence: A pauses past expiry, B takes over',
    explanation:
      'A claims the run and stops for longer than its 5-second lease, so at 6 B may take it over. At 7 A wakes up and submits with the token it took at 0. The commit checks owner, fence, lease and status in the same UPDATE that writes.',
    shows: ['b-claim', 'a-finish', 'b-finish'],
    takeaway: 'An expired lease does not stop the old worker; the conditional commit does.',
    leaseSeconds: 5,
    workers: AB,
    targets: PLAIN,
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      { id: 'a-pause', kind: 'pause', worker: 'A', note: 'a long GC pause' },
      { id: 'to-6', kind: 'advance', seconds: 6 },
      { id: 'b-claim', kind: 'claim', worker: 'B', expect: 'applied' },
      { id: 'a-resume', kind: 'resume', worker: 'A' },
      { id: 'to-7', kind: 'advance', seconds: 1 },
      { id: 'a-finish', kind: 'finish', worker: 'A', expect: 'refused' },
      { id: 'b-finish', kind: 'finish', worker: 'B', expect: 'applied' },
    ],
  },
  {
    version: 1,
    number: '2',
    id: 'old-owner-renews',
    title: 'The old owner tries to renew after the takeover',
    explanation:
      'A heartbeats once at 3, then pauses past its lease; B claims at 12. When A resumes, its next heartbeat names A and the token A took at 0. A failed renewal is A’s signal to stop starting new work.',
    shows: ['a-renew-1', 'b-claim', 'a-renew-2', 'b-renew'],
    takeaway: 'Renewal must match the current token; a failed renewal means stop.',
    leaseSeconds: 5,
    workers: AB,
    targets: PLAIN,
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      { id: 'to-3', kind: 'advance', seconds: 3 },
      { id: 'a-renew-1', kind: 'renew', worker: 'A', expect: 'applied' },
      { id: 'a-pause', kind: 'pause', worker: 'A' },
      { id: 'to-12', kind: 'advance', seconds: 9 },
      { id: 'b-claim', kind: 'claim', worker: 'B', expect: 'applied' },
      { id: 'a-resume', kind: 'resume', worker: 'A' },
      { id: 'a-renew-2', kind: 'renew', worker: 'A', expect: 'refused' },
      { id: 'b-renew', kind: 'renew', worker: 'B', expect: 'applied' },
      { id: 'b-finish', kind: 'finish', worker: 'B', expect: 'applied' },
    ],
  },
  {
    version: 1,
    number: '3',
    id: 'same-instant-claims',
    title: 'Old and new worker claim at the same instant',
    explanation:
      'A lease is valid only while lease_until is later than now, so at 5 A’s lease has just ended. A wakes up and tries to claim again at the very moment B does. The database runs the two claim statements one after the other, B’s first.',
    shows: ['b-claim', 'a-reclaim', 'a-finish'],
    takeaway: 'The claim is one atomic statement: exactly one of two simultaneous claims wins.',
    leaseSeconds: 5,
    workers: AB,
    targets: PLAIN,
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      { id: 'a-pause', kind: 'pause', worker: 'A' },
      { id: 'to-5', kind: 'advance', seconds: 5 },
      { id: 'a-resume', kind: 'resume', worker: 'A' },
      { id: 'b-claim', kind: 'claim', worker: 'B', expect: 'applied' },
      { id: 'a-reclaim', kind: 'claim', worker: 'A', expect: 'refused', note: 'same instant as B' },
      { id: 'a-finish', kind: 'finish', worker: 'A', expect: 'refused' },
      { id: 'b-finish', kind: 'finish', worker: 'B', expect: 'applied' },
    ],
  },
  {
    version: 1,
    number: '4',
    id: 'clock-offset',
    title: 'Clock offset: the worker’s own clock says the lease is still valid',
    explanation:
      'A’s clock runs 4 seconds behind the database. It read lease_until = 5 when it claimed; at database time 6 its own clock reads 2, so A believes its lease still runs: it uploads its report file and submits. The object store asks for no lease, so the upload rests on A’s own clock alone. The submit compares lease_until with database time, and nobody else has claimed yet.',
    shows: ['a-upload', 'a-finish', 'b-claim'],
    takeaway: 'Judge leases by one time source, the database’s, never by each worker’s wall clock.',
    leaseSeconds: 5,
    workers: [{ id: 'A', clockOffset: -4 }, { id: 'B' }],
    targets: PLAIN,
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      { id: 'to-6', kind: 'advance', seconds: 6, note: 'A’s clock reads 2' },
      {
        id: 'a-upload',
        kind: 'object-put',
        worker: 'A',
        body: 'report from A',
        expect: 'applied',
      },
      { id: 'a-finish', kind: 'finish', worker: 'A', expect: 'refused' },
      { id: 'b-claim', kind: 'claim', worker: 'B', expect: 'applied' },
      { id: 'b-finish', kind: 'finish', worker: 'B', expect: 'applied' },
    ],
  },
];
