import {
  CLAIM_FIELD,
  claimReadRow,
  COMMIT_CONDITIONS,
  type ClaimValues,
  decideCancel,
  claimConditionsOf,
  decideClaim,
  decideCommit,
  type CommitResult,
  type OutputResult,
  type RowState,
  type RunRow,
} from '@/lib/lease';
import { DRAFT_OUTPUT, type LaneState } from './state';
import { registerAtEveryTarget } from './targets';
import {
  clockOf,
  closeWindow,
  contextOf,
  heldTokens,
  leaseTime,
  ownerOf,
  write,
  type Ctx,
} from './effects';
import type { TimelineEvent, WriteEffect, WriteEvent } from './types';

/** The run row as a decision sees it (a missing run reads as an empty queued row). */
export function rowState(row: RunRow | undefined): RowState {
  if (!row) return { owner: '', fence: 0, leaseUntil: 0, status: 'queued' };
  const { owner, fence, leaseUntil, status } = row;
  return { owner, fence, leaseUntil, status, ...claimValues(row) };
}

/** The tracked claim columns of a row (a design whose conditions compare them records them). */
function claimValues(row: RunRow): ClaimValues {
  const kept: ClaimValues = {};
  for (const field of Object.values(CLAIM_FIELD))
    if (row[field] !== undefined) kept[field] = row[field];
  return kept;
}

/** A claim: the lease model decides; on success the worker remembers its new token. */
export function applyClaim(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'claim' }>,
  worker: LaneState,
): WriteEffect {
  const { state, model } = ctx;
  // A claim reads the statement clock, or the transaction clock; never a worker's own (lib/lease).
  const now = leaseTime(state, worker, true).now;
  // After a claim-read event, only the claim's write runs, with what that read saw.
  const seen = worker.seen;
  worker.seen = undefined;
  const others = heldTokens(state);
  const before = rowState(model.read());
  // The worker's own clock: a design that compares claimed_at records it.
  const result = model.claim(ownerOf(worker), now, seen, clockOf(state, worker));
  const decision = decideClaim(contextOf(ctx, event, worker, now), {
    before,
    after: rowState(model.read()),
    changed: result.changed,
    // A two-statement claim whose read was its own event tests in its write only what it
    // compares with that read (nothing, for a select-then-update claim).
    checked: !model.design.claimRead || !seen,
    ...(seen ? { read: claimReadRow(seen) } : {}),
    conditions: model.design.rules ? claimConditionsOf(model.design.rules) : undefined,
    others,
  });
  if (!result.ok) return write(ctx, event, 'run', decision);
  closeWindow(state, state.now);
  // A lost acknowledgement: the claim took effect, but the worker never learns its token.
  if (!event.ackLost) {
    worker.token = result.fenceToken;
    worker.believedLeaseUntil = result.leaseUntil;
    worker.claimedAt = clockOf(state, worker);
    worker.claimed = claimValues(result.row);
  }
  state.windows.push({
    worker: worker.id,
    fence: result.fenceToken,
    from: state.now,
    until: result.leaseUntil,
  });
  return write(ctx, event, 'run', decision);
}

/** A commit at the run row (renew, finish, draft, reference switch), as the rulebook decided it. */
export function commitEffect(
  ctx: Ctx,
  event: WriteEvent,
  worker: LaneState,
  kind: 'renew' | 'finish' | 'output',
  before: RowState,
  now: number,
  result: CommitResult | OutputResult,
): WriteEffect {
  const rules = ctx.model.design.rules;
  const conditions = (kind === 'output' ? rules?.output : rules?.[kind]) ?? COMMIT_CONDITIONS;
  const database = result.observed.database;
  const storedBy = 'output' in result ? result.output.owner : undefined;
  const decision = decideCommit(contextOf(ctx, event, worker, now), {
    kind,
    conditions,
    before,
    after: rowState(result.row),
    token: worker.token,
    changed: result.changed,
    memory: { claim: worker.claimed ?? {} },
    ...(database.kind === 'duplicate'
      ? { duplicate: { opId: database.opId, ...(storedBy ? { storedBy } : {}) } }
      : {}),
  });
  return write(ctx, event, 'run', decision);
}

/** The user's cancel: canceling under a new generation that the fenced targets learn at once. */
export function applyCancel(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'cancel' }>,
): WriteEffect {
  const { state, model } = ctx;
  const before = rowState(model.read());
  const result = model.cancel(state.now);
  if (result.ok) closeWindow(state, state.now);
  // A fenced cancel is a new generation: the scenario's own targets learn it too.
  if (result.ok && result.row && result.row.fence > before.fence)
    registerAtEveryTarget(ctx.db, state.targets, state.resources, result.row.fence);
  const decision = decideCancel(contextOf(ctx, event, null, state.now), {
    before,
    after: rowState(result.row),
    changed: result.changed,
  });
  return write(ctx, event, 'run', decision);
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
  const before = rowState(model.read());
  if (event.kind === 'renew') {
    const result = model.renew(owner, token, now, { claim: worker.claimed ?? {} });
    if (result.ok && !event.ackLost) {
      worker.believedLeaseUntil = result.row.leaseUntil;
      const last = state.windows[state.windows.length - 1];
      if (last && last.fence === token) last.until = result.row.leaseUntil;
    }
    return commitEffect(ctx, event, worker, 'renew', before, now, result);
  }
  if (event.kind === 'finish') {
    const result = model.finish(owner, token, now, { claim: worker.claimed ?? {} });
    if (result.ok) closeWindow(state, state.now);
    return commitEffect(ctx, event, worker, 'finish', before, now, result);
  }
  const result = model.writeOutput(owner, token, now, {
    name: DRAFT_OUTPUT,
    opId: event.opId,
    body: event.body ?? `draft by ${worker.id}`,
  });
  return commitEffect(ctx, event, worker, 'output', before, now, result);
}
