import { describe, expect, it } from 'vitest';
import { leaseClockReading, TIME_SOURCES } from './clocks';
import { TIME_SOURCE_CHOICES } from './explain-settings';

const at = { statementNow: 7, holder: 'A', offset: 3 };

describe('which clock judges a lease', () => {
  it('the statement clock reads the database time, for claims and commits alike', () => {
    for (const claim of [true, false])
      expect(leaseClockReading({ ...at, source: 'database', claim })).toEqual({
        now: 7,
        clock: { kind: 'database' },
      });
  });

  it('the worker’s own clock judges its commits, never its claims', () => {
    expect(leaseClockReading({ ...at, source: 'worker', claim: false })).toEqual({
      now: 10,
      clock: { kind: 'worker', holder: 'A', offset: 3 },
    });
    expect(leaseClockReading({ ...at, source: 'worker', claim: true })).toEqual({
      now: 7,
      clock: { kind: 'database' },
    });
  });

  it('the transaction clock reads when the open transaction began, claims included', () => {
    for (const claim of [true, false])
      expect(leaseClockReading({ ...at, source: 'transaction', txBegan: 1, claim })).toEqual({
        now: 1,
        clock: { kind: 'transaction', holder: 'A', began: 1, statement: 7 },
      });
  });

  it('a statement with no open transaction is its own: now() is the statement time', () => {
    expect(leaseClockReading({ ...at, source: 'transaction', claim: false }).now).toBe(7);
  });

  it('every time source has its words as a choice, the lesson’s rule first', () => {
    expect(TIME_SOURCES[0]).toBe('database');
    expect(Object.keys(TIME_SOURCE_CHOICES).sort()).toEqual([...TIME_SOURCES].sort());
  });
});

describe('each worker’s own clock, claims included', () => {
  it('judges claims and commits alike by the worker’s clock', () => {
    for (const claim of [true, false])
      expect(leaseClockReading({ ...at, source: 'application', claim })).toEqual({
        now: 10,
        clock: { kind: 'worker', holder: 'A', offset: 3 },
      });
  });
});
