import type { Scenario } from '@/lib/timeline';

/**
 * The failure on the first screen of /learn: one schedule, run twice. With a lease alone the
 * frozen worker's late draft replaces the new holder's; with the fence checked in the statement
 * that saves the draft, it is refused. A demonstration, not an exercise: nothing is scored.
 */
const events: Scenario['events'] = [
  { id: 'a-claim', kind: 'claim', worker: 'A' },
  {
    id: 'a-pause',
    kind: 'pause',
    worker: 'A',
    note: 'A freezes (a long garbage-collection pause)',
  },
  { id: 'to-6', kind: 'advance', seconds: 6 },
  { id: 'b-claim', kind: 'claim', worker: 'B' },
  { id: 'b-draft', kind: 'draft', worker: 'B', opId: 'draft-from-b', body: 'draft by B' },
  { id: 'a-resume', kind: 'resume', worker: 'A' },
  { id: 'a-draft', kind: 'draft', worker: 'A', opId: 'draft-from-a', body: 'draft by A' },
];

const base = {
  version: 1 as const,
  leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { objectStore: 'overwrite' as const, gateway: 'first-write' as const },
  events,
};

/** The two runs of the opening, in the order the page offers them. */
export const OPENING_RUNS = [
  {
    id: 'lease-only',
    label: 'Lease only',
    scenario: {
      ...base,
      id: 'opening-lease-only',
      title: 'A lease and nothing else',
      design: 'ttl-only',
    } satisfies Scenario,
    /** What the learner should notice, once the run has ended. */
    after:
      'A never learned that its lease ran out. Its late draft landed on top of B’s, and nothing refused it: the lease let B in, but it could not stop A.',
  },
  {
    id: 'fenced',
    label: 'Lease and fence',
    scenario: {
      ...base,
      id: 'opening-fenced',
      title: 'The same schedule, with the fence checked where the draft is saved',
      design: 'fenced',
    } satisfies Scenario,
    after:
      'Same schedule, same frozen A. This time the statement that saves the draft also compares A’s token with the row’s fence: A carries 1, the row holds 2, so A’s draft changes nothing and B’s stays.',
  },
] as const;

/** The write the opening is about: A's late draft. */
export const OPENING_STALE_WRITE = 'a-draft';
