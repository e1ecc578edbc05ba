import type { CommitResult, OutputResult } from '@/lib/lease';
import { DRAFT_OUTPUT, type LaneState } from './state';
import { clockOf, closeWindow, decided, describeSeen, ownerOf, write, type Ctx } from './effects';
import type { TimelineEvent, WriteEffect, WriteEvent } from './types';

/** A claim: the lease model decides; on success the worker remembers its new token. */
export function applyClaim(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'claim' }>,
  worker: LaneState,
): WriteEffect {
  const { state, model } = ctx;
  // The claim always sets lease_until in database time; only commits may be handed a worker's clock.
  const now = state.now;
  // After a claim-read event, only the claim's write runs, with what that read saw.
  const seen = worker.seen;
  worker.seen = undefined;
  const result = model.claim(ownerOf(worker), now, seen);
  const action = `${worker.id} claims the run${worker.restartOf ? ` as ${worker.restartOf}` : ''}`;
  if (!result.ok) {
    const failed = result.reason === 'final-state' ? (['status'] as const) : (['lease'] as const);
    return write(ctx, event, 'run', decided('refused', [...failed]), {
      action,
      reason: result.reason === 'final-state' ? 'final-state' : 'lease-held',
      failed: [...failed],
      explanation:
        seen === null
          ? `Nothing sent: ${worker.id}'s read saw nothing to claim (${result.explanation})`
          : `0 rows changed: ${result.explanation}`,
    });
  }
  closeWindow(state, state.now);
  // A lost acknowledgement: the claim took effect, but the worker never learns its token.
  if (!event.ackLost) {
    worker.token = result.fenceToken;
    worker.believedLeaseUntil = result.leaseUntil;
    worker.claimedAt = clockOf(state, worker);
  }
  state.windows.push({
    worker: worker.id,
    fence: result.fenceToken,
    from: state.now,
    until: result.leaseUntil,
  });
  return write(ctx, event, 'run', decided('applied'), {
    action,
    reason: 'ok',
    rowsChanged: 1,
    token: result.fenceToken,
    explanation: `1 row changed: ${worker.id} owns the run${worker.restartOf ? ` (as ${worker.restartOf})` : ''} with fence ${result.fenceToken}, lease until ${result.leaseUntil}.${seen ? ` It wrote what its earlier read saw (${describeSeen(seen)}), without checking again.` : ''}`,
  });
}

/** A commit at the run row (renew, finish, draft, reference switch), in the four outcomes. */
export function commitEffect(
  ctx: Ctx,
  event: WriteEvent,
  worker: LaneState,
  action: string,
  result: CommitResult | OutputResult,
  success: string,
): WriteEffect {
  const kind = result.observed.database.kind;
  if (result.ok) {
    // Only a broken design lets a writer whose token is no longer the fence through.
    const stale = result.row.fence !== worker.token;
    return write(ctx, event, 'run', result.observed, {
      action,
      reason: stale ? 'stale-accepted' : 'ok',
      rowsChanged: result.changed,
      token: worker.token,
      explanation: stale ? result.explanation : `${result.explanation} ${success}`,
    });
  }
  return write(ctx, event, 'run', result.observed, {
    action,
    reason: kind === 'duplicate' ? 'duplicate' : 'conditions',
    failed: kind === 'duplicate' ? ['operation'] : [...result.failed],
    token: worker.token,
    explanation: result.explanation,
  });
}

/** The user's cancel: canceling under a new generation that the fenced targets learn at once. */
export function applyCancel(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'cancel' }>,
): WriteEffect {
  const { state, model } = ctx;
  const result = model.cancel(state.now);
  if (result.ok) closeWindow(state, state.now);
  const told =
    result.ok && result.registered?.length
      ? ` The ${result.registered.join(' and ')} now refuse${result.registered.length === 1 ? 's' : ''} every older generation.`
      : '';
  return write(ctx, event, 'run', result.observed, {
    action: 'The user cancels the run',
    reason: result.ok ? 'ok' : 'final-state',
    failed: result.ok ? [] : ['status'],
    rowsChanged: result.changed,
    explanation: result.ok
      ? `${result.explanation}${told}`
      : `0 rows changed: ${result.explanation}`,
  });
}

/** Renew, finish or draft: commits at the run row under the design's conditions. */
export function applyRunWrite(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'renew' | 'finish' | 'draft' }>,
  worker: LaneState,
  now: number,
): WriteEffect {
  const { state, model } = ctx;
  const token = worker.token;
  const owner = ownerOf(worker);
  if (event.kind === 'renew') {
    const result = model.renew(owner, token, now);
    if (result.ok && !event.ackLost) {
      worker.believedLeaseUntil = result.row.leaseUntil;
      const last = state.windows[state.windows.length - 1];
      if (last && last.fence === token) last.until = result.row.leaseUntil;
    }
    return commitEffect(
      ctx,
      event,
      worker,
      `${worker.id} renews with token ${token}`,
      result,
      `${worker.id}'s lease now runs until ${result.row?.leaseUntil}.`,
    );
  }
  if (event.kind === 'finish') {
    const result = model.finish(owner, token, now);
    if (result.ok) closeWindow(state, state.now);
    return commitEffect(
      ctx,
      event,
      worker,
      `${worker.id} submits (finishes) with token ${token}`,
      result,
      'The run is done.',
    );
  }
  const result = model.writeOutput(owner, token, now, {
    name: DRAFT_OUTPUT,
    opId: event.opId,
    body: event.body ?? `draft by ${worker.id}`,
  });
  return commitEffect(
    ctx,
    event,
    worker,
    `${worker.id} saves the draft (operation ${event.opId}) with token ${token}`,
    result,
    `The draft is ${worker.id}'s (generation ${token}).`,
  );
}
