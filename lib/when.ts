/*
 * When something was saved, as the page says it: relative to now ("2 minutes ago"), with the
 * exact time for a tooltip and the machine-readable one for <time dateTime>. Plain functions of
 * the two instants, so the words are tested without a clock.
 */

const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; ms: number }[] = [
  { unit: 'year', ms: 365 * 24 * 3600_000 },
  { unit: 'month', ms: 30 * 24 * 3600_000 },
  { unit: 'week', ms: 7 * 24 * 3600_000 },
  { unit: 'day', ms: 24 * 3600_000 },
  { unit: 'hour', ms: 3600_000 },
  { unit: 'minute', ms: 60_000 },
  { unit: 'second', ms: 1000 },
];

/** Closer to now than this reads "just now" (a save the learner has only just made). */
export const JUST_NOW_MS = 10_000;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * "just now", "45 seconds ago", "2 minutes ago", "yesterday", "3 weeks ago"; a time ahead of
 * `now` (another tab's clock, a changed system clock) reads "in 2 minutes". Each unit is whole:
 * 119 seconds is "1 minute ago", never "2 minutes ago" before two minutes have passed.
 */
export function relativeTime(at: number, now: number): string {
  const diff = at - now;
  if (Math.abs(diff) < JUST_NOW_MS) return 'just now';
  for (const { unit, ms } of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.trunc(diff / ms), unit);
  }
  return 'just now';
}

/** The exact time, for the tooltip: "4 Dec 2026, 19:31:17" in the learner's time zone. */
export function exactTime(at: number, timeZone?: string): string {
  return new Date(at).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** The machine-readable time for <time dateTime>: ISO 8601 in UTC. */
export function machineTime(at: number): string {
  return new Date(at).toISOString();
}

/**
 * How long until the relative words can change: a second while seconds are shown, a minute
 * while minutes are, an hour beyond. The page redraws then, and not every second for ever.
 */
export function nextChangeIn(at: number, now: number): number {
  const age = Math.abs(now - at);
  if (age < 60_000) return 1000;
  if (age < 3600_000) return 60_000 - (age % 60_000);
  return 3600_000 - (age % 3600_000);
}
