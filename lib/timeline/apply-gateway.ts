import {
  fingerprintToken,
  registerAtMajority,
  writeToMajority,
} from '@/lib/lease/replicated-fence';
import { decideFenceWrite, decideQuorum, fenceRules, NO_CHECK, targetKind } from '@/lib/lease';
import { rowState } from './apply-run';
import { contextOf, ownerOf, stepNote, write, type Ctx } from './effects';
import type { TimelineState, LaneState } from './state';
import { gatewayTarget } from './lanes';
import { timelineTarget } from './target-list';
import { targetRegister, targetWrite } from './targets';
import type { NoteEffect, TimelineEvent, WriteEffect } from './types';

/** What a worker presents at the gateway: its fence, or the scenario's fingerprint of its claim. */
export function carriedToken(state: TimelineState, worker: LaneState): number {
  return fingerprintToken(state.targets.fingerprint ?? 'counter', {
    fence: worker.token,
    claimedAt: worker.claimedAt ?? 0,
  });
}

/**
 * A write through the gateway lane, decided by the resource's own check: a rulebook fence
 * (lib/lease/fence.ts) for one copy, or a majority of acceptors (lib/lease/replicated-fence.ts).
 */
export function applyGatewayWrite(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'gateway-write' }>,
  worker: LaneState,
): WriteEffect {
  const { state, db, model } = ctx;
  const target = timelineTarget(state.targets, gatewayTarget(event.resource));
  const { check, fence } = target;
  // A trusted gateway compares the run row's own fence; other checks see what the holder presents.
  const token = targetKind(check.kind).comparesRunRow ? worker.token : carriedToken(state, worker);
  const body = event.body ?? `write by ${worker.id}`;
  const context = contextOf(ctx, event, worker, state.now);

  if (fence === null) {
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
      decideQuorum(context, { target: target.name, token, votes: d.votes, needed: d.needed }),
    );
  }

  const key = event.key ?? event.resource;
  const row = rowState(model.read());
  const keyed = targetKind(fence.kind).comparesKey;
  const r = targetWrite(
    db,
    { name: target.name, fence },
    { worker: worker.id, token, body, at: state.now, ...(keyed ? { opId: key } : {}) },
  );
  return write(
    ctx,
    event,
    'gateway',
    decideFenceWrite(context, {
      target: target.name,
      fence,
      token,
      seen: r.seenBefore,
      row,
      ...(keyed ? { key: { key, storedBy: r.original?.holder ?? null } } : {}),
      changed: r.changed,
    }),
  );
}

/**
 * A registration at a replicated gateway resource, a write the learner predicts: the acceptors
 * reached promise the generation, and it holds on a majority. A paused worker, or one that has
 * not claimed (it holds no generation), sends nothing.
 */
export function registerAtReplica(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'register' }>,
  worker: LaneState,
): WriteEffect {
  const { state, db } = ctx;
  const resource = event.resource!;
  const target = gatewayTarget(resource);
  const { check } = timelineTarget(state.targets, target);
  const token = carriedToken(state, worker);
  const context = {
    writer: ownerOf(worker),
    at: state.now,
    authority: state.authority,
    holds: worker.token,
  };
  if (worker.paused || worker.token === 0) {
    const unsent = worker.paused ? { paused: true } : { claimed: false };
    const d = decideFenceWrite(context, {
      kind: 'register',
      target,
      fence: NO_CHECK.fence(),
      token,
      ...unsent,
      changed: 0,
    });
    return write(ctx, event, 'gateway', d);
  }
  const d = registerAtMajority(db, check.acceptors, { resource, token, reach: event.reach });
  const decision = decideQuorum(context, {
    kind: 'register',
    target,
    token,
    votes: d.votes,
    needed: d.needed,
  });
  return write(ctx, event, 'gateway', decision);
}

/** The registration event at a single-copy gateway resource: a note of what it kept. */
export function registerAtGateway(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'register' }> & { resource: string },
  worker: LaneState,
): NoteEffect {
  const { state, db } = ctx;
  const target = gatewayTarget(event.resource);
  const { check, fence } = timelineTarget(state.targets, target);
  const token = carriedToken(state, worker);
  const kind = targetKind(check.kind);
  const fact = { kind: 'gateway-register' as const, worker: worker.id, token };
  if (!kind.keepsGenerations || !fence)
    return stepNote(ctx, event, { ...fact, target, result: 'kept-none' });
  if (!fenceRules(fence).registers(fence))
    return stepNote(ctx, event, { ...fact, target, result: 'ignored' });
  targetRegister(db, target, token);
  return stepNote(ctx, event, { ...fact, target, result: 'registered' });
}
