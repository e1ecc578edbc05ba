import fc from 'fast-check';
import type { Scenario, TimelineEvent } from './types';

const WORKERS = ['A', 'B', 'C'] as const;

/** Random events over workers A–C, for property tests (not shipped to the page). */
export function eventArbitrary(): fc.Arbitrary<Omit<TimelineEvent, 'id'>> {
  const worker = fc.constantFrom(...WORKERS);
  const op = fc.constantFrom('op-1', 'op-2');
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('claim' as const), worker }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('renew' as const), worker }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('finish' as const), worker }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('draft' as const), worker, opId: op }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('object-put' as const), worker }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('object-commit' as const), worker, opId: op }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('ticket' as const), worker, key: fc.constantFrom('k1', 'k2'), action: fc.constantFrom('refund', 'note') }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('gateway-write' as const), worker, resource: fc.constantFrom('order-1', 'order-2') }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('pause' as const), worker }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('resume' as const), worker }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 8 }) }) },
  ) as fc.Arbitrary<Omit<TimelineEvent, 'id'>>;
}

/** Random valid scenarios: three workers, random offsets, targets and events. */
export function scenarioArbitrary(maxEvents = 30): fc.Arbitrary<Scenario> {
  return fc
    .record({
      leaseSeconds: fc.integer({ min: 1, max: 10 }),
      offsets: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 3, maxLength: 3 }),
      objectStore: fc.constantFrom('overwrite' as const, 'versioned' as const),
      gateway: fc.constantFrom('at-takeover' as const, 'first-write' as const),
      events: fc.array(eventArbitrary(), { maxLength: maxEvents }),
    })
    .map(({ leaseSeconds, offsets, objectStore, gateway, events }) => ({
      version: 1 as const,
      id: 'random',
      title: 'Random schedule',
      leaseSeconds,
      workers: WORKERS.map((id, i) => ({ id, clockOffset: offsets[i] })),
      targets: { objectStore, gateway },
      events: events.map((e, i) => ({ ...e, id: `e${i + 1}` }) as TimelineEvent),
    }));
}
