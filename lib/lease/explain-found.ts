import type { Vocabulary } from './decision';
import { explained, type Explained } from './explained';
import { counted, tokenName, tokenText } from './explain-words';

/*
 * The explainer's words for a property found broken over a whole search or history, not at one
 * write's decision: the schedule checker's search (which keeps numbers, not rows) and the crash
 * lab's evaluation of a finished chaos run. An engine hands over what it found as data.
 */

/** A property the schedule checker's search found broken, with the numbers it kept. */
type SearchViolationFact =
  | {
      kind: 'stale-write';
      writer: string;
      /** What landed: "finish", "report write". */
      what: string;
      target: string;
      token: number;
      /** The newest generation that had begun. */
      newer: number;
    }
  | { kind: 'fence-shrank'; before: number; after: number }
  | { kind: 'shared-token'; token: number; holders: readonly [string, string] }
  | { kind: 'final-claimed'; claimer: string; token: number }
  | { kind: 'second-finish'; finishes: number };

/** The violation line of a property the checker's search found broken. */
export function explainSearchViolation(f: SearchViolationFact, v: Vocabulary): Explained {
  switch (f.kind) {
    case 'stale-write':
      return explained(
        `${f.writer}'s ${f.what} landed at the ${f.target} with ${tokenText(v, f.token)}, after a newer generation (${f.newer}) had begun.`,
      );
    case 'fence-shrank':
      return explained(`The ${tokenName(v)} went down from ${f.before} to ${f.after}.`);
    case 'shared-token':
      return explained(
        `Two claims hold the same ${tokenText(v, f.token)}: ${f.holders[0]} and ${f.holders[1]}.`,
      );
    case 'final-claimed':
      return explained(
        `A run in a final state was claimed again (by ${f.claimer}, ${tokenText(v, f.token)}).`,
      );
    case 'second-finish':
      return explained(`A second finish succeeded: the run was completed ${f.finishes} times.`);
  }
}

/** A property the crash lab's evaluation found broken for one run, over its whole history. */
export type HistoryViolationFact =
  | { kind: 'not-succeeded'; run: string; status: string; token: number }
  | {
      kind: 'receipts';
      run: string;
      receipts: number;
      /** The receipt its publish checkpoint records (null: none); absent when the run is not done. */
      recorded?: number | null;
    }
  | { kind: 'stale-write'; run: string; what: string; token: number; newer: number }
  | { kind: 'step-redone'; run: string; step: string; times: number; token: number }
  | { kind: 'generations'; run: string; claims: readonly number[]; token: number };

/** The violation line of a property the crash lab's evaluation found broken. */
export function explainHistoryViolation(f: HistoryViolationFact, v: Vocabulary): Explained {
  switch (f.kind) {
    case 'not-succeeded':
      return explained(`${f.run} is ${f.status} (${tokenText(v, f.token)}), not succeeded`);
    case 'receipts':
      return explained(
        f.recorded === undefined
          ? `${f.run} has ${f.receipts} receipts at the publisher`
          : `${f.run} has ${counted(f.receipts, 'receipt')} at the publisher; its publish checkpoint records receipt ${f.recorded ?? '(none)'}`,
      );
    case 'stale-write':
      return explained(
        `${f.run}: the ${f.what} of ${tokenText(v, f.token)} was applied after ${tokenText(v, f.newer)} claimed the run`,
      );
    case 'step-redone':
      return explained(
        `${f.run}: ${f.step} was started ${f.times}× after its checkpoint (${tokenText(v, f.token)})`,
      );
    case 'generations':
      return explained(
        `${f.run}: claims with ${tokenName(v)}s ${f.claims.join(', ')} for a run at ${tokenText(v, f.token)}`,
      );
  }
}
