import {
  fingerprintToken,
  registerAtMajority,
  writeToMajority,
} from '@/lib/lease/replicated-fence';
import { decideFenceWrite, decideQuorum, explain } from '@/lib/lease';
import { rowState } from './apply-run';
import { contextOf, note, ownerOf, step, write, type Ctx } from './effects';
import type { TimelineState, LaneState } from './state';
import { fenceOf, gatewayRegister, gatewayWrite } from './targets';
import type { NoteEffect, TimelineEvent, WriteEffect } from './types';

/** What a worker presents at the gateway: its fence, or the scenario's fingerprint of its claim. */
export function carriedToken(state: TimelineState, worker: LaneState): number {
  return fingerprintToken(state.targets.fingerprint ?? 'counter', {
    fence: worker.token,
    claimedAt: worker.claimedAt ?? 0,
  });
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
  const { state, db, model } = ctx;
  const check = state.targets.gatewayCheck ?? { kind: 'highest-seen' as const };
  // A trusted gateway compares the run row's own fence; other checks see what the holder presents.
  const token = check.kind === 'run-row' ? worker.token : carriedToken(state, worker);
  const body = event.body ?? `write by ${worker.id}`;
  const context = contextOf(ctx, event, worker, state.now);
  const target = `gateway:${event.resource}`;

  if (check.kind === 'majority') {
    const d = writeToMajority(db, check.acceptors, {
      resource: event.resource,
      writer: worker.id,
      token,
      body,
      reach: event.reach,
    });
    return write(
      ctx,
      event,
      'gateway',
      decideQuorum(context, { target, token, votes: d.votes, needed: d.needed }),
    );
  }

  const fence = fenceOf('gateway', state.targets);
  const key = event.key ?? event.resource;
  const row = rowState(model.read());
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
  return write(
    ctx,
    event,
    'gateway',
    decideFenceWrite(context, {
      target,
      fence,
      token,
      seen: r.seenBefore,
      row,
      ...(fence.kind === 'key-only' ? { key: { key, storedBy: r.original?.holder ?? null } } : {}),
      changed: r.changed,
    }),
  );
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
  if (check.kind === 'majority') {
    const d = registerAtMajority(db, check.acceptors, {
      resource: event.resource,
      token,
      reach: event.reach,
    });
    const decision = decideQuorum(
      { writer: ownerOf(worker), at: state.now, authority: state.authority, holds: worker.token },
      {
        kind: 'register',
        target: `gateway:${event.resource}`,
        token,
        votes: d.votes,
        needed: d.needed,
      },
    );
    return note(ctx, event, explain(decision, state.vocabulary).sentence);
  }
  const fact = { kind: 'gateway-register' as const, worker: worker.id, token };
  const target = `gateway:${event.resource}`;
  if (check.kind !== 'highest-seen')
    return step(ctx, event, { ...fact, target, result: 'kept-none' });
  if (state.targets.gateway !== 'at-takeover')
    return step(ctx, event, { ...fact, target, result: 'ignored' });
  gatewayRegister(db, event.resource, token);
  return step(ctx, event, { ...fact, target, result: 'registered' });
}
