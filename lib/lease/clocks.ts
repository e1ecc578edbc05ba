import type { LeaseClock } from './decision';

/*
 * Which clock judges a lease, as a rule of the lesson: the lease statement's $now. The lesson's
 * rule is the database statement clock (clock_timestamp()) for every statement. Two broken
 * designs are there to be tried: the writing worker's own clock, and the transaction clock
 * (now(), the time the statement's transaction began).
 */

/** Which clock a lease statement gets as $now. */
export type TimeSource =
  /** The database statement clock, clock_timestamp() (the lesson's rule), for every statement. */
  | 'database'
  /**
   * The writing worker's own clock for its commits (renew, finish, draft, reference switch): a
   * broken design where the worker compares lease_until with its own clock. Claims read the
   * database statement clock.
   */
  | 'worker'
  /**
   * Each worker's own clock for every statement it sends, claims included: a lock library that
   * sends the application's time (ShedLock's JDBC provider before it used the database's). A
   * claim sets the lease's end by the claimer's clock and finds a lease over by its own.
   */
  | 'application'
  /**
   * The transaction clock, now(), for every statement, claims included: the time the statement's
   * transaction began. A statement is its own transaction unless the worker holds one open
   * (a long transaction); then now() lags the statement clock.
   */
  | 'transaction';

/** Every time source, the lesson's rule first. */
export const TIME_SOURCES: readonly TimeSource[] = [
  'database',
  'transaction',
  'worker',
  'application',
];

/** What a lease statement's clock depends on: the statement's moment and the writing worker. */
interface LeaseClockInput {
  source: TimeSource;
  /** The database statement clock at this step. */
  statementNow: number;
  /** The writing worker. */
  holder: string;
  /** How far the worker's own clock is ahead of the database's (s; negative: behind). */
  offset: number;
  /** When the worker's open transaction began; absent: the statement is its own transaction. */
  txBegan?: number;
  /** A claim: judged by the worker's own clock only when every statement is ('application'). */
  claim: boolean;
}

/**
 * The time a lease statement reads as $now, and the clock that read it: the statement clock; the
 * worker's own clock for its commits (its claims read the statement clock), or for every
 * statement, claims included ('application'); or the transaction
 * clock, the time its open transaction began (a statement alone is its own transaction).
 */
export function leaseClockReading(input: LeaseClockInput): { now: number; clock: LeaseClock } {
  const { source, statementNow, holder } = input;
  if (source === 'transaction') {
    const began = input.txBegan ?? statementNow;
    return { now: began, clock: { kind: 'transaction', holder, began, statement: statementNow } };
  }
  if ((source === 'worker' && !input.claim) || source === 'application')
    return {
      now: statementNow + input.offset,
      clock: { kind: 'worker', holder, offset: input.offset },
    };
  return { now: statementNow, clock: { kind: 'database' } };
}
