import { PLAIN_TARGETS as PLAIN } from './plain-targets';
import type { LibraryScenario } from './library-scenario';

const AB = [{ id: 'A' }, { id: 'B' }];

/** A retry after a lost reply, and a completion that arrives after a cancel. */
export const RETRY_AND_CANCEL_SCENARIOS: readonly LibraryScenario[] = [
  {
    version: 1,
    number: '5',
    id: 'retry-same-operation',
    title: 'Retry of the same submission after a lost reply',
    explanation:
      'A saves its draft as operation draft-1, but the reply is lost, so A sends the same operation again; it calls the ticket API and repeats that call the same way, with the same idempotency key. The operation id names the business action and stays the same across retries.',
    shows: ['a-draft', 'a-draft-retry', 'a-ticket-retry', 'a-finish'],
    takeaway:
      'A token names a generation; an operation id names an action and never changes on retry.',
    leaseSeconds: 5,
    workers: [{ id: 'A' }],
    targets: PLAIN,
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      {
        id: 'a-draft',
        kind: 'draft',
        worker: 'A',
        opId: 'draft-1',
        body: 'first draft',
        expect: 'unknown',
        ackLost: true,
        note: 'the reply is lost',
      },
      {
        id: 'a-draft-retry',
        kind: 'draft',
        worker: 'A',
        opId: 'draft-1',
        body: 'first draft',
        expect: 'duplicate',
      },
      {
        id: 'a-ticket',
        kind: 'ticket',
        worker: 'A',
        key: 'run-r-notify',
        action: 'notify-editor',
        expect: 'unknown',
        ackLost: true,
        note: 'the reply is lost',
      },
      {
        id: 'a-ticket-retry',
        kind: 'ticket',
        worker: 'A',
        key: 'run-r-notify',
        action: 'notify-editor',
        expect: 'duplicate',
      },
      { id: 'a-finish', kind: 'finish', worker: 'A', expect: 'applied' },
    ],
  },
  {
    version: 1,
    number: '6',
    id: 'complete-after-cancel',
    title: 'A completion request after the user canceled the run',
    explanation:
      'A holds a valid lease when the user cancels at 2. The ticket API checks only keys and knows nothing of the cancel. When the cancel completes, the effects already done are listed for reconciliation, not forgotten.',
    shows: ['cancel', 'a-ticket', 'a-finish', 'b-claim', 'cancel-done'],
    takeaway:
      'Cancel must change the commit conditions; remote effects already sent need reconciliation.',
    leaseSeconds: 5,
    workers: AB,
    targets: PLAIN,
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      { id: 'a-draft', kind: 'draft', worker: 'A', opId: 'draft-1', expect: 'applied' },
      { id: 'to-2', kind: 'advance', seconds: 2 },
      { id: 'cancel', kind: 'cancel', expect: 'applied' },
      {
        id: 'a-ticket',
        kind: 'ticket',
        worker: 'A',
        key: 'run-r-publish',
        action: 'publish',
        expect: 'applied',
      },
      { id: 'a-finish', kind: 'finish', worker: 'A', expect: 'refused' },
      { id: 'b-claim', kind: 'claim', worker: 'B', expect: 'refused' },
      { id: 'cancel-done', kind: 'cancel-complete' },
    ],
  },
];
