import type { LabCheck } from './check';
import type { LabAnalysis } from './hints';

/**
 * One program of the lab: the lesson's demo or a challenge. The starter is what the learner
 * edits; the solution is the reference the unit tests run to prove the check can be met.
 */
export interface LabExercise {
  id: string;
  kind: 'demo' | 'challenge';
  title: string;
  /** What to do, in one or two sentences. */
  goal: string;
  starter: string;
  solution: string;
  check: LabCheck;
  /** Shown once the check passes: why the result is what it is. */
  solvedNote: string;
  /** Which statements a failed attempt's hint analyses (lib/claim-lab/hints.ts). */
  analysis?: LabAnalysis;
  /** A related exercise elsewhere in the app. */
  link?: { href: string; label: string };
}
