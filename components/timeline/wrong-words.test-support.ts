import type { Scenario, TimelineEvent } from '@/lib/timeline';

/*
 * Issue 38's classes of wrong words, each as a builder scenario that showed it (test support).
 * The page's truth test runs every one; before the fixes each failed it.
 */

/** An event without its id (each kind's own fields kept). */
type NewEvent = TimelineEvent extends infer E
  ? E extends TimelineEvent
    ? Omit<E, 'id'>
    : never
  : never;

const scenario = (id: string, events: NewEvent[], extra: Partial<Scenario> = {}): Scenario => ({
  version: 1,
  id,
  title: id,
  leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { objectStore: 'versioned', gateway: 'at-takeover' },
  events: events.map((e, i) => ({ ...e, id: `e${i + 1}` }) as TimelineEvent),
  ...extra,
});

const majority = (acceptors: number) => ({
  objectStore: 'versioned' as const,
  gateway: 'at-takeover' as const,
  gatewayCheck: { kind: 'majority' as const, acceptors },
});

/** Each class of wrong words, by the words it showed. */
export const WRONG_WORDS: readonly { name: string; scenario: Scenario }[] = [
  {
    name: 'a quorum write refused by two promises shows the highest-seen rule',
    scenario: scenario(
      'quorum-3',
      [
        { kind: 'claim', worker: 'A' },
        { kind: 'register', worker: 'A', resource: 'journal' },
        { kind: 'advance', seconds: 6 },
        { kind: 'claim', worker: 'B' },
        { kind: 'register', worker: 'B', resource: 'journal', reach: [1, 2] },
        { kind: 'gateway-write', worker: 'A', resource: 'journal' },
      ],
      { targets: majority(3) },
    ),
  },
  {
    name: 'five acceptors: the promises of acceptors that promised nothing',
    scenario: scenario(
      'quorum-5',
      [
        { kind: 'claim', worker: 'A' },
        { kind: 'gateway-write', worker: 'A', resource: 'journal', reach: [1, 2, 3] },
        { kind: 'advance', seconds: 6 },
        { kind: 'claim', worker: 'B' },
        { kind: 'gateway-write', worker: 'B', resource: 'journal', reach: [1, 2] },
      ],
      { targets: majority(5) },
    ),
  },
  {
    name: 'a lease judged by the worker’s own clock shows the database-time rule',
    scenario: scenario(
      'own-clock',
      [
        { kind: 'claim', worker: 'A' },
        { kind: 'advance', seconds: 4 },
        { kind: 'finish', worker: 'A' },
      ],
      { timeSource: 'worker', workers: [{ id: 'A', clockOffset: 3 }, { id: 'B' }] },
    ),
  },
  {
    name: 'a cancel that does not fence claims a new generation',
    scenario: scenario(
      'cancel-unfenced',
      [{ kind: 'claim', worker: 'A' }, { kind: 'cancel' }, { kind: 'finish', worker: 'A' }],
      { design: 'cancel-without-fencing' },
    ),
  },
  {
    name: 'a rightful holder refused after a stale finish is not told the cause',
    scenario: scenario(
      'stale-finish-cause',
      [
        { kind: 'claim', worker: 'A' },
        { kind: 'advance', seconds: 6 },
        { kind: 'claim', worker: 'B' },
        { kind: 'finish', worker: 'A' },
        { kind: 'finish', worker: 'B' },
      ],
      { conditions: { finish: ['status'] } },
    ),
  },
  {
    name: 'the settings say "at takeover" and the gateway had seen no fence',
    scenario: scenario('at-takeover', [
      { kind: 'claim', worker: 'A' },
      { kind: 'gateway-write', worker: 'A', resource: 'email' },
    ]),
  },
  {
    name: 'a rescuer comparing the token "attempt" is labelled "comparing fence"',
    scenario: scenario(
      'rescue-attempt',
      [
        { kind: 'claim', worker: 'A' },
        { kind: 'advance', seconds: 6 },
        { kind: 'rescue-read' },
        { kind: 'rescue', compare: ['fence', 'status'] },
      ],
      { terms: { token: 'attempt' } },
    ),
  },
  {
    name: 'a fingerprint quotes (2, B, 6) and the run-row panel shows none of its columns',
    scenario: scenario(
      'fingerprint-columns',
      [
        { kind: 'claim', worker: 'A' },
        { kind: 'advance', seconds: 6 },
        { kind: 'claim', worker: 'B' },
        { kind: 'finish', worker: 'A' },
      ],
      {
        terms: { token: 'attempt' },
        conditions: {
          finish: [
            'owner',
            { kind: 'fingerprint', columns: ['attempt', 'claimed_by', 'claimed_at'] },
          ],
        },
        workers: [{ id: 'A' }, { id: 'B', clockOffset: 2 }],
      },
    ),
  },
  {
    name: 'raw check ids: "(its check: key-only)"',
    scenario: scenario(
      'check-ids',
      [
        { kind: 'claim', worker: 'A' },
        { kind: 'gateway-write', worker: 'A', resource: 'email' },
      ],
      {
        targets: {
          objectStore: 'versioned',
          gateway: 'first-write',
          gatewayCheck: { kind: 'key-only' },
        },
      },
    ),
  },
  {
    name: 'doubled brackets: "highest seen ((fence 1, batch 0))"',
    scenario: scenario('batch-pairs', [
      { kind: 'claim', worker: 'A' },
      { kind: 'register', worker: 'A' },
      { kind: 'report-write', worker: 'A' },
    ]),
  },
  {
    name: '"A attempt names an execution generation"',
    scenario: scenario(
      'attempt-grammar',
      [
        { kind: 'claim', worker: 'A' },
        { kind: 'advance', seconds: 6 },
        { kind: 'claim', worker: 'B' },
        { kind: 'finish', worker: 'A' },
      ],
      { terms: { token: 'attempt' }, conditions: { finish: ['fence'] } },
    ),
  },
];
