import type { Scenario } from '@/lib/timeline';

/**
 * The timeline exercise's scenario library. Each scenario is plain data: the events in order,
 * the verdict each write must get (`expect`), and what it teaches. The unit tests run every one
 * on real SQLite and check the engine gives exactly these verdicts.
 */
export interface LibraryScenario extends Scenario {
  /** The number shown in the list ("1", "7b"), following the lesson's order. */
  number: string;
  /**
   * What the scenario is about, read after the run: the situation and the reason, never what
   * became of a write (that is told by the steps of `shows`, in the step view's own words).
   */
  explanation: string;
  /** The events whose outcome the scenario turns on: their steps are shown beside the explanation. */
  shows: readonly string[];
  /** The rule to take away, one sentence. */
  takeaway: string;
}
