import type { ShownText } from '@/lib/bounded';
import { LAB_LIMITS } from './limits';

/** Which time limit ended a run: the quiet one, or the total one. */
export type StopLimit = 'silence' | 'total';

/**
 * The one line a learner reads when a run was stopped for time. `by` says who stopped it: the
 * program's engine, between two of its steps or before a db call (so the program itself was
 * running); or the page, which ended the worker because it did not answer by the limits plus a
 * grace. The page cannot know why: a database call that does not return is one cause, a busy
 * machine another, so its line names them as possibilities.
 */
export function stopLine(limit: StopLimit, by: 'engine' | 'page'): ShownText {
  const quiet = LAB_LIMITS.silentMs / 1000;
  const total = LAB_LIMITS.timeoutMs / 1000;
  const tail = 'The page kept working. Fix the program and run it again.';
  if (by === 'page') {
    return `Stopped after ${limit === 'silence' ? `${quiet} seconds without a word from the program` : `${total} seconds, the most one run may take`}: the lab's worker did not answer by then, so the page ended it and started a new one. One database call that never returns (a recursive query with no limit?) does this; so can a machine too busy to run the lab in time. ${tail}` as ShownText;
  }
  return (
    limit === 'silence'
      ? `Stopped after ${quiet} seconds: for that long the program made no database call and printed nothing with print(…) (console lines do not count), so it did not finish (an endless loop, or work it left running after it returned, such as a promise callback?). ${tail}`
      : `Stopped after ${total} seconds: the program was still making database calls or printing (a loop that does not end?). ${tail}`
  ) as ShownText;
}
