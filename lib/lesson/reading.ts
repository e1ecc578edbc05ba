/**
 * When a lesson section counts as read: it has been on screen, while the page was visible, for
 * as long as reading its words takes at a brisk pace. Scrolling past does not count; the
 * learner can also mark a section as read themselves.
 */
export const READING = { wordsPerSecond: 5, minSeconds: 3, maxSeconds: 40 } as const;

/** Seconds on screen after which a section of `words` words counts as read. */
export function secondsToRead(words: number): number {
  return Math.min(READING.maxSeconds, Math.max(READING.minSeconds, words / READING.wordsPerSecond));
}

/** Time each section has spent on screen so far, in milliseconds. */
export type DwellTimes = Readonly<Record<string, number>>;

/** Adds `elapsedMs` of screen time to every visible section. */
export function addDwell(
  times: DwellTimes,
  visible: Iterable<string>,
  elapsedMs: number,
): DwellTimes {
  const next: Record<string, number> = { ...times };
  for (const id of visible) next[id] = (next[id] ?? 0) + elapsedMs;
  return next;
}

/** The sections whose screen time has reached their reading time. */
export function sectionsRead(times: DwellTimes, words: Readonly<Record<string, number>>): string[] {
  return Object.keys(times).filter((id) => times[id] >= secondsToRead(words[id] ?? 0) * 1000);
}
