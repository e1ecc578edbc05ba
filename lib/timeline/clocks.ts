import type { LeaseClock } from '@/lib/lease';
import type { LaneState, TimelineState } from './state';
import type { Scenario } from './types';

/*
 * The scenario's clocks: which clock judges a lease, and whether the words name it. A scenario
 * that sets no clock (the statement clock, every offset 0, no long transaction) reads as it
 * always did; one that sets any names the clock in its settings line and in every lease check's
 * words.
 */

/**
 * Whether the scenario sets clocks: a time source other than the database statement clock, an
 * offset, or a transaction held open.
 */
export function namesClocks(
  scenario: Pick<Scenario, 'timeSource' | 'workers' | 'events'>,
): boolean {
  return (
    (scenario.timeSource ?? 'database') !== 'database' ||
    scenario.workers.some((w) => (w.clockOffset ?? 0) !== 0) ||
    scenario.events.some((e) => e.kind === 'long-transaction')
  );
}

/**
 * The time a worker's lease statement reads as $now, and the clock that reads it: the statement
 * clock; the worker's own clock for its commits (its claims read the statement clock); or the
 * transaction clock, the time its open transaction began (a statement alone is its own).
 */
export function leaseTime(
  state: Pick<TimelineState, 'now' | 'timeSource'>,
  worker: Pick<LaneState, 'id' | 'clockOffset' | 'txBegan'>,
  claim: boolean,
): { now: number; clock: LeaseClock } {
  if (state.timeSource === 'transaction') {
    const began = worker.txBegan ?? state.now;
    return {
      now: began,
      clock: { kind: 'transaction', holder: worker.id, began, statement: state.now },
    };
  }
  if (state.timeSource === 'worker' && !claim)
    return {
      now: state.now + worker.clockOffset,
      clock: { kind: 'worker', holder: worker.id, offset: worker.clockOffset },
    };
  return { now: state.now, clock: { kind: 'database' } };
}
