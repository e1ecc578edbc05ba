import { describeDecision } from './decisions';
import type { WorkerEvent } from './worker';

/**
 * One line of a worker's log for an event it reported: the page's worker list and the CLI's
 * `run` print the same lines.
 */
export function describeWorkerEvent(event: WorkerEvent): string {
  switch (event.type) {
    case 'claimed':
      return `claimed ${event.run}: generation ${event.generation}${event.resumedFrom.length ? `, resuming after ${event.resumedFrom.join(', ')}` : ''}`;
    case 'skipped':
      return `${event.step}: checkpoint saved earlier, not redone`;
    case 'started':
      return `${event.step}: started (attempt ${event.attemptId})`;
    case 'published':
      return `publish: the publisher answered ${event.outcome}, receipt #${event.receiptId}`;
    case 'checkpointed':
      return `${event.step}: checkpoint saved`;
    case 'succeeded':
      return `${event.run} succeeded: generation ${event.generation}`;
    case 'fenced-out':
      return `${event.run} fenced out at ${event.step} (generation ${event.generation}): ${describeDecision(event.decision)}`;
    case 'waiting':
      return `waiting: ${describeDecision(event.decision)}`;
  }
}
