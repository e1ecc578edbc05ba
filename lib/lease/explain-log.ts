import type { Vocabulary, WriteDecision } from './decision';
import { explain } from './explain';
import { explained, type Explained } from './explained';
import { counted, tokenText } from './explain-words';

/*
 * The explainer's words for a crash-lab worker's log: what it reported (a claim, a step, a
 * publish, a checkpoint, a write that did not land) and what happened to it (paused, killed,
 * died, finished). The page's worker list and the CLI print these lines; a write that did not
 * land is told by its decision's sentence.
 */

/** One line of a worker's log, as data. */
export type WorkerLogFact =
  | { kind: 'claimed'; run: string; token: number; resumedFrom: readonly string[] }
  | { kind: 'skipped'; step: string }
  | { kind: 'started'; step: string; attempt: number; stallSeconds?: number }
  | { kind: 'published'; outcome: string; receipt: number }
  | { kind: 'checkpointed'; step: string }
  | { kind: 'succeeded'; run: string; token: number }
  | { kind: 'fenced-out'; run: string; step: string; token: number; decision: WriteDecision }
  | { kind: 'waiting'; decision: WriteDecision }
  | { kind: 'held'; paused: boolean }
  | { kind: 'step-gate'; step: string }
  | { kind: 'killed'; during: string | null }
  | { kind: 'died'; at: string }
  /** The worker thread crashed; `message` is its error, already cut for the page. */
  | { kind: 'crashed'; message: string }
  | { kind: 'finished'; allFinal: boolean }
  /** The CLI's summary of one worker's run. */
  | { kind: 'summary'; owner: string; succeeded: number; fencedOut: number; allFinal: boolean }
  /** The CLI's claim that took nothing: each running run's refusal. */
  | { kind: 'not-claimed'; refusals: readonly { run: string; decision: WriteDecision }[] };

/** One line of a crash-lab worker's log, in the lab's vocabulary. */
export function explainWorkerLog(f: WorkerLogFact, v: Vocabulary): Explained {
  return explained(logLine(f, v));
}

function logLine(f: WorkerLogFact, v: Vocabulary): string {
  switch (f.kind) {
    case 'claimed':
      return `claimed ${f.run}: ${tokenText(v, f.token)}${f.resumedFrom.length ? `, resuming after ${f.resumedFrom.join(', ')}` : ''}`;
    case 'skipped':
      return `${f.step}: checkpoint saved earlier, not redone`;
    case 'started':
      return `${f.step}: started (attempt ${f.attempt})${f.stallSeconds !== undefined ? ` and stalls here for ${f.stallSeconds} s; the lease keeps running` : ''}`;
    case 'published':
      return `publish: the publisher answered ${f.outcome}, receipt #${f.receipt}`;
    case 'checkpointed':
      return `${f.step}: checkpoint saved`;
    case 'succeeded':
      return `${f.run} succeeded: ${tokenText(v, f.token)}`;
    case 'fenced-out':
      return `${f.run} fenced out at ${f.step} (${tokenText(v, f.token)}): ${explain(f.decision, v).sentence}`;
    case 'waiting':
      return `waiting: ${explain(f.decision, v).sentence}`;
    case 'held':
      return f.paused ? 'paused' : 'resumed';
    case 'step-gate':
      return `${f.step}: paused, press Step to finish it`;
    case 'killed':
      return f.during ? `killed during ${f.during}` : 'killed';
    case 'died':
      return `died at ${f.at}`;
    case 'crashed':
      return `crashed: ${f.message}`;
    case 'finished':
      return f.allFinal ? 'every run is final' : 'nothing to claim';
    case 'summary':
      return `${f.owner}: ${counted(f.succeeded, 'run')} succeeded, ${f.fencedOut} fenced out; ${f.allFinal ? 'every run is final' : 'nothing else is claimable now'}`;
    case 'not-claimed':
      return `not claimed: ${f.refusals.map((r) => `${r.run}: ${explain(r.decision, v).sentence}`).join(' ')} Try again after the lease runs out.`;
  }
}
