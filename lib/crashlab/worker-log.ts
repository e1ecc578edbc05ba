import {
  explainWorkerLog,
  WALL_CLOCK_VOCABULARY,
  type Explained,
  type WorkerLogFact,
} from '@/lib/lease';
import type { WorkerEvent } from './worker';

/** A worker's event as what the explainer needs for its log line. */
function factOf(event: WorkerEvent, stallSeconds?: number): WorkerLogFact {
  switch (event.type) {
    case 'claimed':
      return {
        kind: 'claimed',
        run: event.run,
        token: event.generation,
        resumedFrom: event.resumedFrom,
      };
    case 'skipped':
      return { kind: 'skipped', step: event.step };
    case 'started':
      return {
        kind: 'started',
        step: event.step,
        attempt: event.attemptId,
        ...(stallSeconds !== undefined ? { stallSeconds } : {}),
      };
    case 'published':
      return { kind: 'published', outcome: event.outcome, receipt: event.receiptId };
    case 'checkpointed':
      return { kind: 'checkpointed', step: event.step };
    case 'succeeded':
      return { kind: 'succeeded', run: event.run, token: event.generation };
    case 'fenced-out':
      return {
        kind: 'fenced-out',
        run: event.run,
        step: event.step,
        token: event.generation,
        decision: event.decision,
      };
    case 'waiting':
      return { kind: 'waiting', decision: event.decision };
  }
}

/**
 * One line of a worker's log for an event it reported: the page's worker list and the CLI's
 * `run` print the same lines, written by the explainer (`stallSeconds`: the page stalls the
 * worker at this step).
 */
export function describeWorkerEvent(event: WorkerEvent, stallSeconds?: number): Explained {
  return logLine(factOf(event, stallSeconds));
}

/** A line of the crash lab's log or the CLI's summary, in the lab's words. */
export function logLine(fact: WorkerLogFact): Explained {
  return explainWorkerLog(fact, WALL_CLOCK_VOCABULARY);
}
