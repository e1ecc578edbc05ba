import type { CommitCondition } from './conditions';

/*
 * What each design of the lesson does, and which write it lets through, in words: the Compare
 * designs page shows them on each design's card. They sit with the explainer, the one home of
 * the lesson's sentences about writes; lib/lease/designs.ts builds each design and takes its
 * summary from here by id.
 */

/** Each design's summary, by design id. */
export const DESIGN_SUMMARIES = {
  fenced:
    'An atomic claim bumps a growing fence; renew and finish match owner, fence, an unexpired lease and the running state in the same UPDATE.',
  'ttl-only':
    'Takeover works after expiry, but the finish does not check who holds the run: the old worker’s late write lands.',
  'select-then-update':
    'The claim reads the row, decides in the worker, then writes without re-checking: two workers read the same row and both claim it with the same token.',
  'random-token':
    'Each claim gets an unpredictable token. It is unique enough, but it does not grow: a newer generation can hold a smaller token, and highest-token fencing lets the old worker through.',
  'renew-without-token':
    'Renew matches the owner name but not the fence: a worker restarted under the same name takes over, and the old, paused instance still extends the lease.',
  'worker-side-check':
    'Before writing the report the worker reads the run row and sees its own token; then it writes to a store that takes anything. A takeover between the check and the write lets the stale write land.',
  'fence-per-batch':
    'The worker presents token + batch number as one counter to the report store: an old worker’s next batch reaches the new generation’s token and lands. Comparing the pair (generation, batch) in order is the fix.',
  'finish-on-run-id':
    'Finish looks only at the run id: a rescued run is completed by the stale worker, and a retried finish completes it twice.',
  'finish-on-state':
    'Finish checks that the run is still running, not who is running it: the old worker completes the new owner’s run.',
  'cancel-without-fencing':
    'The cancel marks the run canceled but bumps no generation and tells no target: a holder still running after the cancel writes its report, and the report store takes it.',
  'owner-only-finish':
    'The finish matches the owner name and nothing else: fence, lease and status are ignored.',
} as const;

/** The summary of the lesson's design with one condition removed from its finish. */
export const droppedConditionSummary = (condition: CommitCondition): string =>
  `The lesson’s design with the ${condition} condition removed from its finish.`;
