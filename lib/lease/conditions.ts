/**
 * When a run may be claimed: it is queued, or running on a lease that has ended. The lesson's
 * claim and the queue's pick (lib/lease/queue.ts) both check it, from this one text.
 */
export const CLAIMABLE_CONDITION = `(status = 'queued' OR (status = 'running' AND lease_until <= $now))`;
