import type { Scenario } from '@/lib/timeline';
import { EXTERNAL_RESOURCE_SCENARIOS } from './external-resources';
import type { LibraryScenario } from './library-scenario';
import { LONG_CALL_SCENARIOS } from './long-calls';
import { REMOTE_FILE_SCENARIOS } from './remote-file';
import { RETRY_AND_CANCEL_SCENARIOS } from './retries-and-cancel';
import { TAKEOVER_SCENARIOS } from './takeover';

export type { LibraryScenario } from './library-scenario';

/** The scenario library in the lesson's order (files by theme). */
export const TIMELINE_SCENARIOS: readonly LibraryScenario[] = [
  ...TAKEOVER_SCENARIOS,
  ...RETRY_AND_CANCEL_SCENARIOS,
  ...REMOTE_FILE_SCENARIOS,
  ...LONG_CALL_SCENARIOS,
  ...EXTERNAL_RESOURCE_SCENARIOS,
];

/** A starting point for the scenario builder. */
export const BLANK_SCENARIO: Scenario = {
  version: 1,
  id: 'my-scenario',
  title: 'My scenario',
  leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { objectStore: 'overwrite', gateway: 'first-write' },
  events: [
    { id: 'e1', kind: 'claim', worker: 'A' },
    { id: 'e2', kind: 'pause', worker: 'A' },
    { id: 'e3', kind: 'advance', seconds: 6 },
    { id: 'e4', kind: 'claim', worker: 'B' },
    { id: 'e5', kind: 'resume', worker: 'A' },
    { id: 'e6', kind: 'finish', worker: 'A' },
  ],
};
