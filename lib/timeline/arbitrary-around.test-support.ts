import fc from 'fast-check';
import { RESCUE_FIELDS } from '@/lib/lease/rescue';
import { builderScenarioArbitrary } from './arbitrary.test-support';
import type { Scenario, TimelineEvent } from './types';

/*
 * Random builder scenarios around one piece (test support, not shipped to the page): a rescuer's
 * read and re-queue, a transaction held open. Each wraps the builder's random events around the
 * steps that piece needs, so a property reaches it in every run.
 */

/**
 * Builder scenarios around a rescuer: a claim, time past its lease, the rescuer's read, any
 * events in between, then its re-queue (comparing any columns it read), so the read shows a
 * stuck run and the row may or may not change before the write.
 */
export function rescuerScenarioArbitrary(designs: readonly string[]): fc.Arbitrary<Scenario> {
  return fc
    .tuple(
      builderScenarioArbitrary(designs, 6),
      fc.subarray([...RESCUE_FIELDS]),
      fc.integer({ min: 0, max: 4 }),
    )
    .map(([s, compare, extra]) => {
      const holder = s.workers[0].id;
      const middle = s.events.map((e, i) => ({ ...e, id: `m${i + 1}` }));
      const events: TimelineEvent[] = [
        { id: 'claim', kind: 'claim', worker: holder },
        { id: 'expire', kind: 'advance', seconds: s.leaseSeconds + extra },
        { id: 'read', kind: 'rescue-read' },
        ...middle,
        { id: 'rescue', kind: 'rescue', compare },
        { id: 'after', kind: 'claim', worker: s.workers[s.workers.length - 1].id },
      ];
      return { ...s, events };
    });
}

/**
 * Builder scenarios around a transaction held open: a claim, a transaction the holder opens a
 * second later, any events in between, time, then the holder's renewal, finish or claim (which
 * runs in that transaction and commits it) and another lane's claim, under every time source.
 */
export function longTransactionScenarioArbitrary(
  designs: readonly string[],
): fc.Arbitrary<Scenario> {
  return fc
    .tuple(
      builderScenarioArbitrary(designs, 6),
      fc.constantFrom(
        'database' as const,
        'worker' as const,
        'transaction' as const,
        'application' as const,
      ),
      fc.integer({ min: 0, max: 8 }),
      fc.constantFrom('renew' as const, 'finish' as const, 'claim' as const),
    )
    .map(([s, timeSource, wait, last]) => {
      const holder = s.workers[0].id;
      const middle = s.events.map((e, i) => ({ ...e, id: `m${i + 1}` }));
      const events: TimelineEvent[] = [
        { id: 'claim', kind: 'claim', worker: holder },
        { id: 'settle', kind: 'advance', seconds: 1 },
        { id: 'begin', kind: 'long-transaction', worker: holder },
        ...middle,
        { id: 'wait', kind: 'advance', seconds: s.leaseSeconds + wait },
        { id: 'last', kind: last, worker: holder },
        { id: 'other', kind: 'claim', worker: s.workers[s.workers.length - 1].id },
      ];
      return { ...s, timeSource, events };
    });
}
