import {
  describeFingerprint,
  fingerprintToken,
  registerAtMajority,
  writeToMajority,
  type MajorityDecision,
} from '@/lib/lease/replicated-fence';
import { decided, note, write, type Ctx } from './effects';
import type { TimelineState, LaneState } from './state';
import { fenceOf, gatewayRegister, gatewayWrite } from './targets';
import type { FailedCondition, NoteEffect, TimelineEvent, WriteEffect } from './types';

/** What a worker presents at the gateway: its fence, or the scenario's fingerprint of its claim. */
export function carriedToken(state: TimelineState, worker: LaneState): number {
  return fingerprintToken(state.targets.fingerprint ?? 'counter', {
    fence: worker.token,
    claimedAt: worker.claimedAt ?? 0,
  });
}

/** "token 34", "producer epoch 6", "claimed_at 10": a token in the scenario's words. */
function tokenWords(state: TimelineState, value: number): string {
  return describeFingerprint(state.targets.fingerprint ?? 'counter', value, state.tokenName);
}

/** " Of 3 acceptors, acceptors 1, 2 took it; …; a majority is 2." */
function votesText(decision: MajorityDecision): string {
  const took = decision.votes.filter((v) => v.accepted).map((v) => v.acceptor);
  const refused = decision.votes.filter((v) => v.reached && !v.accepted).map((v) => v.acceptor);
  const missed = decision.votes.filter((v) => !v.reached).map((v) => v.acceptor);
  const parts = [
    took.length
      ? `acceptor${took.length > 1 ? 's' : ''} ${took.join(', ')} took it`
      : 'no acceptor took it',
    refused.length ? `${refused.join(', ')} had promised a higher generation` : '',
    missed.length ? `${missed.join(', ')} never got the message` : '',
  ].filter(Boolean);
  return ` Of ${decision.votes.length} acceptors, ${parts.join('; ')}; a majority is ${decision.needed}.`;
}

/**
 * A write through the gateway lane, decided by the scenario's gateway check: a rulebook fence
 * (lib/lease/fence.ts) for one copy, or a majority of acceptors (lib/lease/replicated-fence.ts).
 */
export function applyGatewayWrite(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'gateway-write' }>,
  worker: LaneState,
): WriteEffect {
  const { state, db } = ctx;
  const check = state.targets.gatewayCheck ?? { kind: 'highest-seen' as const };
  // A trusted gateway compares the run row's own fence; other checks see what the holder presents.
  const token = check.kind === 'run-row' ? worker.token : carriedToken(state, worker);
  const words = tokenWords(state, token);
  const body = event.body ?? `write by ${worker.id}`;
  const action = `${worker.id} writes ${event.resource} through the gateway with ${words}`;

  if (check.kind === 'majority') {
    const d = writeToMajority(db, check.acceptors, {
      resource: event.resource,
      writer: worker.id,
      token,
      body,
      reach: event.reach,
    });
    const applied = d.outcome === 'applied';
    return write(ctx, event, 'gateway', decided(d.outcome, d.failed), {
      action,
      reason: applied ? 'ok' : 'stale-token',
      failed: d.failed,
      rowsChanged: applied ? 1 : 0,
      token,
      explanation: applied
        ? `Committed: ${words} is not below what a majority promised.${votesText(d)}`
        : `Not committed: fewer than a majority took it.${votesText(d)}`,
    });
  }

  const fence = fenceOf('gateway', state.targets);
  const key = event.key ?? event.resource;
  const r = gatewayWrite(
    db,
    fence,
    event.resource,
    worker.id,
    token,
    body,
    state.now,
    fence.kind === 'key-only' ? key : undefined,
  );
  const kind = r.observed.database.kind;
  const failed: FailedCondition[] =
    r.observed.database.kind === 'refused'
      ? (r.observed.database.failed as FailedCondition[])
      : kind === 'duplicate'
        ? ['key']
        : [];
  const fields = { action, failed, rowsChanged: r.changed, token };
  switch (fence.kind) {
    case 'none':
      return write(ctx, event, 'gateway', r.observed, {
        ...fields,
        reason: 'unchecked',
        explanation: `Applied: this resource checks nothing, so ${words} is never compared with anything.`,
      });
    case 'key-only':
      return write(ctx, event, 'gateway', r.observed, {
        ...fields,
        reason: kind === 'applied' ? 'unchecked' : 'duplicate',
        explanation:
          kind === 'applied'
            ? `Applied: the resource knows only idempotency keys, and key ${key} is new; ${words} is not looked at.`
            : `Duplicate: key ${key} already landed, so the resource returns the first write. The token plays no part.`,
      });
    case 'run-row':
      return write(ctx, event, 'gateway', r.observed, {
        ...fields,
        reason: kind === 'applied' ? 'ok' : 'stale-token',
        explanation:
          kind === 'applied'
            ? `Applied: the gateway read the run row in the same step, and ${words} is the current holder's, with a live lease on a running run.`
            : `Refused: the gateway compared ${words} with the run row and ${failed.join(', ')} did not hold.`,
      });
    default: {
      const highest = r.seenBefore.generation;
      return write(ctx, event, 'gateway', r.observed, {
        ...fields,
        failed: kind === 'applied' ? [] : ['token'],
        reason: kind === 'applied' ? 'ok' : 'stale-token',
        explanation:
          kind === 'applied'
            ? highest === 0
              ? `Applied: the gateway had seen no generation for ${event.resource} of this run; it now remembers ${words}.`
              : `Applied: ${words} is not below the highest seen (${tokenWords(state, highest)}).`
            : `Refused: the gateway has seen ${tokenWords(state, highest)} for ${event.resource} of this run, higher than ${words}.`,
      });
    }
  }
}

/** The registration event at a gateway resource: a note, with the acceptors that promised. */
export function registerAtGateway(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'register' }> & { resource: string },
  worker: LaneState,
): NoteEffect {
  const { state, db } = ctx;
  const check = state.targets.gatewayCheck ?? { kind: 'highest-seen' as const };
  const token = carriedToken(state, worker);
  const words = tokenWords(state, token);
  if (check.kind === 'majority') {
    const d = registerAtMajority(db, check.acceptors, {
      resource: event.resource,
      token,
      reach: event.reach,
    });
    return note(
      ctx,
      event,
      d.outcome === 'applied'
        ? `${worker.id} registered ${words} at ${event.resource}: a majority now refuses anything below.${votesText(d)}`
        : `${worker.id}'s registration of ${words} at ${event.resource} did not reach a majority.${votesText(d)}`,
    );
  }
  if (check.kind !== 'highest-seen') {
    return note(
      ctx,
      event,
      `${worker.id} registers ${words} at ${event.resource}, but this gateway keeps no generation: it cannot refuse an older one later.`,
    );
  }
  if (state.targets.gateway !== 'at-takeover') {
    return note(
      ctx,
      event,
      `This gateway learns a generation only from a write: ${worker.id}'s registration is ignored.`,
    );
  }
  gatewayRegister(db, event.resource, token);
  return note(
    ctx,
    event,
    `${worker.id} registered ${words} at ${event.resource} of this run: from now on it refuses anything below.`,
  );
}
