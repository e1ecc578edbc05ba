import type { LeaseClock, WriteDecision } from './decision';

/* The explainer's words for the clock that judged a lease. */

/**
 * The clock that judged a lease: "by the database statement clock", "by A's own clock, 3 s ahead
 * of the database", "by the transaction clock of A's open transaction, which began at 1; the
 * statement clock reads 7".
 */
export function clockWords(clock: LeaseClock): string {
  if (clock.kind === 'database') return 'by the database statement clock';
  if (clock.kind === 'transaction')
    return clock.began === clock.statement
      ? `by the transaction clock of ${clock.holder}'s statement, its own transaction`
      : `by the transaction clock of ${clock.holder}'s open transaction, which began at ${clock.began}; the statement clock reads ${clock.statement}`;
  const off = clock.offset;
  const how =
    off === 0
      ? 'on the database’s time'
      : `${Math.abs(off)} s ${off > 0 ? 'ahead of' : 'behind'} the database`;
  return `by ${clock.holder}'s own clock, ${how}`;
}

/** " by the database statement clock" after a claim's time, when the scenario names clocks. */
export function clockAt(d: WriteDecision): string {
  return d.clock ? ` ${clockWords(d.clock)}` : '';
}
