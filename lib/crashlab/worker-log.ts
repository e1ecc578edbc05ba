import type { WorkerEvent, WorkerOutcome } from './worker';

/** One line of a worker's log for an event it reported. */
export function describeWorkerEvent(event: WorkerEvent): string {
  switch (event.type) {
    case 'claimed':
      return `claimed the run: generation ${event.generation}${event.resumedFrom.length ? `, resuming after ${event.resumedFrom.join(', ')}` : ''}`;
    case 'skipped':
      return `${event.step}: checkpoint saved earlier, not redone`;
    case 'started':
      return `${event.step}: started (attempt ${event.attemptId})`;
    case 'published':
      return `publish: the publisher answered ${event.outcome}, receipt #${event.receiptId}`;
    case 'checkpointed':
      return `${event.step}: checkpoint saved`;
    case 'finished':
      return 'finished the run';
  }
}

/** The last line of a worker's log: how its attempt at the run ended. */
export function describeWorkerOutcome(outcome: WorkerOutcome): string {
  switch (outcome.kind) {
    case 'succeeded':
      return `succeeded: generation ${outcome.generation}`;
    case 'not-claimed':
      return `not claimed: ${outcome.explanation}`;
    case 'fenced-out':
      return `fenced out at ${outcome.step}: ${outcome.explanation}`;
  }
}
