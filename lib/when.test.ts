import { describe, expect, it } from 'vitest';
import { exactTime, JUST_NOW_MS, machineTime, nextChangeIn, relativeTime } from './when';

const now = Date.UTC(2026, 11, 4, 19, 31, 17);
const ago = (ms: number) => relativeTime(now - ms, now);

describe('relative times for saves', () => {
  it('says just now, then seconds, minutes, hours, days, weeks, months and years ago', () => {
    expect(ago(0)).toBe('just now');
    expect(ago(JUST_NOW_MS - 1)).toBe('just now');
    expect(ago(JUST_NOW_MS)).toBe('10 seconds ago');
    expect(ago(59_999)).toBe('59 seconds ago');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(119_000)).toBe('1 minute ago');
    expect(ago(120_000)).toBe('2 minutes ago');
    expect(ago(3600_000)).toBe('1 hour ago');
    expect(ago(5 * 3600_000 + 59 * 60_000)).toBe('5 hours ago');
    expect(ago(24 * 3600_000)).toBe('yesterday');
    expect(ago(3 * 24 * 3600_000)).toBe('3 days ago');
    expect(ago(14 * 24 * 3600_000)).toBe('2 weeks ago');
    expect(ago(61 * 24 * 3600_000)).toBe('2 months ago');
    expect(ago(400 * 24 * 3600_000)).toBe('last year');
  });

  it('reads a time ahead of now (another clock) as in the future, never as negative ago', () => {
    expect(relativeTime(now + 2_000, now)).toBe('just now');
    expect(relativeTime(now + 3 * 60_000, now)).toBe('in 3 minutes');
  });

  it('gives the exact time for the tooltip and ISO 8601 for dateTime', () => {
    expect(exactTime(now, 'UTC')).toBe('4 Dec 2026, 19:31:17');
    expect(machineTime(now)).toBe('2026-12-04T19:31:17.000Z');
  });

  it('redraws when the words can change: each second, then at the next whole minute or hour', () => {
    expect(nextChangeIn(now - 5_000, now)).toBe(1000);
    expect(nextChangeIn(now - 90_000, now)).toBe(30_000);
    expect(nextChangeIn(now - 2 * 3600_000 - 60_000, now)).toBe(3540_000);
    // The words change where nextChangeIn says they do, and not before.
    const at = now - 90_000;
    const wait = nextChangeIn(at, now);
    expect(relativeTime(at, now + wait - 1)).toBe('1 minute ago');
    expect(relativeTime(at, now + wait)).toBe('2 minutes ago');
  });
});
