import type { EventKind, FailedCondition, WriteReason } from '@/lib/timeline';

/**
 * The lesson's rules, keyed by why a write was accepted or rejected. A mistaken prediction is
 * explained with the rule that decided the write.
 */
export const CONDITION_RULES: Record<FailedCondition, string> = {
  owner:
    'The commit names its owner. After a takeover by another worker the row names that worker, so the old one matches no row; after a restart under the same name the owner still matches, and only the fence refuses the old process.',
  fence:
    'A fencing token names an execution generation. Every claim bumps the fence, so an older token can never match again.',
  lease:
    'The lease is judged by database time in the same statement that writes, not by the worker’s own clock.',
  status:
    'The commit also checks the run state: a done or canceled run accepts no commit from any generation.',
  token:
    'The gateway remembers the highest token it has seen for a resource and rejects anything lower.',
  key: 'The idempotency key identifies one action: the same key twice creates one effect.',
  operation:
    'The operation id names the business action and stays the same on retry, so a retry adds nothing.',
  generation:
    'A fenced resource remembers the highest generation of this run it has seen, from a write or a registration after a claim, and refuses anything lower.',
  run: 'The write names a run that does not exist.',
  quorum:
    'A replicated resource counts a write only when a majority of its acceptors took it; a minority copy is never the answer.',
};

export const REASON_RULES: Record<WriteReason, string> = {
  ok: 'Every condition held in the statement that wrote: this worker still holds the current generation.',
  unchecked:
    'This target checks no token: it accepts any write, even from a stale worker. Local fencing cannot stop it.',
  duplicate:
    'Idempotency: the same action (same key or operation id) already landed, so the repeat changes nothing.',
  conditions:
    'The conditional UPDATE checks owner, fence, lease and state together: one failed condition means 0 rows.',
  'lease-held':
    'A claim succeeds only on a queued run or an expired lease; a valid lease held by someone else blocks it.',
  'final-state': 'Final states (done, canceled, failed) are never claimed or canceled again.',
  'stale-token':
    'Highest-seen fencing: a token below one already registered is rejected at the resource.',
  'nothing-to-commit':
    'There was nothing to switch: only an uploaded version can become the official reference.',
  paused: 'A paused worker sends nothing until it resumes.',
  'stale-accepted':
    'A stale write got through: a newer generation holds the run, but nothing where this write landed compared the writer’s token with the current one.',
  'worker-check':
    'The worker checked its own token and saw it lost the run, so it sent nothing. A check in the worker is only a snapshot: a takeover right after it goes unseen.',
};

/** Rules for accepted writes whose reason alone says too little. */
export const ACCEPTED_RULES: Partial<Record<EventKind, string>> = {
  claim:
    'A claim takes a queued run, or one whose lease has expired, in one atomic statement that also bumps the fence: the new owner gets a new, higher token.',
  cancel:
    'The user may cancel a queued or running run: cancel moves it to canceling under a new generation that every fenced target learns, so no older generation commits anywhere; once the effects already done are reconciled, it is canceled.',
  renew:
    'A heartbeat extends the lease only while owner and fence still match and the lease has not yet expired.',
};
