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
