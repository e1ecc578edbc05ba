import { type CommitResult, type LeaseModel, type OutputResult } from '@/lib/lease';
import {
  describeFingerprint,
  fingerprintToken,
  registerAtResource,
  writeAtResource,
  type ResourceDecision,
  type ResourceFence,
} from '@/lib/lease/resource-fence';
import type { SqlDriver } from '@/lib/sqlite';
import { DRAFT_OUTPUT, type TimelineState, type WorkerState } from './state';
import { REPORT_NAME, callTicketApi, pointReportAt, putReportVersion } from './targets';
import type {
  Effect,
  FailedCondition,
  NoteEffect,
  TargetId,
  TimelineEvent,
  WorkerId,
  WriteEffect,
  WriteEvent,
} from './types';
import { isWriteEvent } from './types';

/** What applying an event works on: the open database, the lease model, a state it may change. */
export interface Ctx {
  db: SqlDriver;
  model: LeaseModel;
  state: TimelineState;
  index: number;
}

function workerOf(state: TimelineState, id: WorkerId): WorkerState {
  const worker = state.workers.find((w) => w.id === id);
  if (!worker)
    throw new Error(
      `Unknown worker "${id}": the scenario lists ${state.workers.map((w) => w.id).join(', ')}.`,
    );
  return worker;
}

/** The owner name a worker writes into the run row: its own, or that of the worker it restarts. */
export function ownerOf(worker: WorkerState): string {
  return worker.restartOf ?? worker.id;
}

/** What a worker's own clock reads now. */
export function clockOf(state: TimelineState, worker: WorkerState): number {
  return state.now + worker.clockOffset;
}

/** The $now the lease statements get: database time, or (broken design) the worker's clock. */
function statementNow(state: TimelineState, worker: WorkerState): number {
  return state.timeSource === 'worker' ? clockOf(state, worker) : state.now;
}

function leaseFailures(result: CommitResult | OutputResult): FailedCondition[] {
  return result.ok ? [] : [...result.failed];
}

function write(
  ctx: Ctx,
  event: WriteEvent,
  target: TargetId,
  fields: Pick<WriteEffect, 'action' | 'verdict' | 'reason' | 'explanation'> &
    Partial<Pick<WriteEffect, 'failed' | 'rowsChanged' | 'token'>>,
): WriteEffect {
  return {
    kind: 'write',
    eventId: event.id,
    eventIndex: ctx.index,
    worker: 'worker' in event ? event.worker : null,
    target,
    at: ctx.state.now,
    failed: [],
    rowsChanged: 0,
    token: null,
    ...fields,
    ...(event.ackLost ? { ackLost: true } : {}),
  };
}

/** The check the scenario's resource lane makes (default: highest-seen, one copy). */
export function resourceFenceOf(state: TimelineState): ResourceFence {
  return state.targets.resourceFence ?? { kind: 'highest-seen' };
}

/** What a worker presents at the resource: its fence, or the scenario's fingerprint of its claim. */
function carriedToken(state: TimelineState, worker: WorkerState): number {
  return fingerprintToken(state.targets.fingerprint ?? 'counter', {
    fence: worker.token,
    claimedAt: worker.claimedAt ?? 0,
  });
}

function tokenWords(state: TimelineState, value: number): string {
  return describeFingerprint(state.targets.fingerprint ?? 'counter', value, state.tokenName);
}

/** "acceptors 1 and 2 of 3 took it" for a replicated resource; empty for one copy. */
function votesText(decision: ResourceDecision): string {
  if (decision.votes.length <= 1) return '';
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

function note(ctx: Ctx, event: TimelineEvent, text: string): NoteEffect {
  return { kind: 'note', eventId: event.id, eventIndex: ctx.index, text };
}

function closeWindow(state: TimelineState, at: number): void {
  const last = state.windows[state.windows.length - 1];
  if (last && last.until > at) last.until = at;
}

function applyClaim(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'claim' }>,
  worker: WorkerState,
): WriteEffect {
  const { state, model, db } = ctx;
  // The claim always sets lease_until in database time; only commits may be handed a worker's clock.
  const now = state.now;
  // After a claim-read event, only the claim's write runs, with what that read saw.
  const seen = worker.seen;
  worker.seen = undefined;
  const result = model.claim(ownerOf(worker), now, seen);
  const action = `${worker.id} claims the run${worker.restartOf ? ` as ${worker.restartOf}` : ''}`;
  if (!result.ok) {
    return write(ctx, event, 'run', {
      action,
      verdict: 'reject',
      reason: result.reason === 'final-state' ? 'final-state' : 'lease-held',
      failed: result.reason === 'final-state' ? ['status'] : ['lease'],
      explanation:
        seen === null
          ? `Nothing sent: ${worker.id}'s read saw nothing to claim (${result.explanation})`
          : `0 rows changed: ${result.explanation}`,
    });
  }
  closeWindow(state, state.now);
  worker.token = result.fenceToken;
  worker.believedLeaseUntil = result.leaseUntil;
  worker.claimedAt = clockOf(state, worker);
  state.holderClaimedAt = worker.claimedAt;
  state.windows.push({
    worker: worker.id,
    fence: result.fenceToken,
    from: state.now,
    until: result.leaseUntil,
  });
  const fence = resourceFenceOf(state);
  let registered = '';
  if (state.targets.gateway === 'at-takeover') {
    for (const resource of state.gatewayResources) {
      const decision = registerAtResource(db, fence, {
        resource,
        token: carriedToken(state, worker),
      });
      if (decision?.outcome === 'applied')
        registered = ` The gateway now knows ${tokenWords(state, carriedToken(state, worker))}.`;
    }
  }
  return write(ctx, event, 'run', {
    action,
    verdict: 'accept',
    reason: 'ok',
    rowsChanged: 1,
    token: result.fenceToken,
    explanation: `1 row changed: ${worker.id} owns the run${worker.restartOf ? ` (as ${worker.restartOf})` : ''} with fence ${result.fenceToken}, lease until ${result.leaseUntil}.${seen ? ` It wrote what its earlier read saw (${describeSeen(seen)}), without checking again.` : ''}${registered}`,
  });
}

function commitEffect(
  ctx: Ctx,
  event: WriteEvent,
  worker: WorkerState,
  action: string,
  result: CommitResult | OutputResult,
  success: string,
): WriteEffect {
  if (result.ok) {
    return write(ctx, event, 'run', {
      action,
      verdict: 'accept',
      // Only a broken design lets a writer whose token is no longer the fence through.
      reason: result.row.fence === worker.token ? 'ok' : 'stale-accepted',
      rowsChanged: result.changed,
      token: worker.token,
      explanation: `${result.changed} row changed: ${success}`,
    });
  }
  const duplicate = 'duplicate' in result && result.duplicate;
  return write(ctx, event, 'run', {
    action,
    verdict: 'reject',
    reason: duplicate ? 'duplicate' : 'conditions',
    failed: duplicate ? ['operation'] : leaseFailures(result),
    token: worker.token,
    explanation: result.explanation,
  });
}

function applyWrite(ctx: Ctx, event: WriteEvent): WriteEffect {
  const { state, model, db } = ctx;
  if (event.kind === 'cancel') {
    const result = model.cancel(state.now);
    if (result.ok) closeWindow(state, state.now);
    return write(ctx, event, 'run', {
      action: 'The user cancels the run',
      verdict: result.ok ? 'accept' : 'reject',
      reason: result.ok ? 'ok' : 'final-state',
      failed: result.ok ? [] : ['status'],
      rowsChanged: result.changed,
      explanation: result.ok
        ? `1 row changed: the run is canceled (cancel epoch ${result.row.cancelEpoch}); no commit of any generation may land now.`
        : `0 rows changed: ${result.explanation}`,
    });
  }
  const worker = workerOf(state, event.worker);
  if (worker.paused) {
    return write(ctx, event, 'run', {
      action: `${worker.id} (paused) would ${event.kind}`,
      verdict: 'reject',
      reason: 'paused',
      explanation: `${worker.id} is paused: a paused worker sends nothing until it resumes.`,
    });
  }
  const now = statementNow(state, worker);
  const token = worker.token;
  const owner = ownerOf(worker);
  switch (event.kind) {
    case 'claim':
      return applyClaim(ctx, event, worker);
    case 'renew': {
      const result = model.renew(owner, token, now);
      if (result.ok) {
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
    case 'finish': {
      const result = model.finish(owner, token, now);
      if (result.ok) closeWindow(state, state.now);
      return commitEffect(
        ctx,
        event,
        worker,
        `${worker.id} submits (finishes) with token ${token}`,
        result,
        `${worker.id} held owner, fence ${token}, a valid lease and the running state; the run is done.`,
      );
    }
    case 'draft': {
      const body = event.body ?? `draft by ${worker.id}`;
      const result = model.writeOutput(owner, token, now, {
        name: DRAFT_OUTPUT,
        opId: event.opId,
        body,
      });
      return commitEffect(
        ctx,
        event,
        worker,
        `${worker.id} saves the draft (operation ${event.opId}) with token ${token}`,
        result,
        `the draft is ${worker.id}'s (generation ${token}).`,
      );
    }
    case 'object-put': {
      const body = event.body ?? `report by ${worker.id}`;
      const version = putReportVersion(db, worker.id, token, body);
      worker.lastVersion = version;
      if (state.targets.objectStore === 'overwrite') {
        pointReportAt(db, version);
        return write(ctx, event, 'objects', {
          action: `${worker.id} uploads ${REPORT_NAME}`,
          verdict: 'accept',
          reason: 'unchecked',
          rowsChanged: 1,
          token,
          explanation: `The object store overwrote ${REPORT_NAME} with ${worker.id}'s file: it checks no token, so any worker that still runs can replace it.`,
        });
      }
      return write(ctx, event, 'objects', {
        action: `${worker.id} uploads ${REPORT_NAME} as a new version`,
        verdict: 'accept',
        reason: 'unchecked',
        rowsChanged: 1,
        token,
        explanation: `Version ${version} stored. It is not official: only a fenced commit can point ${REPORT_NAME} at it; otherwise it stays an orphan for garbage collection.`,
      });
    }
    case 'object-commit': {
      const action = `${worker.id} switches ${REPORT_NAME} to its version (operation ${event.opId})`;
      if (state.targets.objectStore === 'overwrite' || worker.lastVersion === null) {
        return write(ctx, event, 'objects', {
          action,
          verdict: 'reject',
          reason: 'nothing-to-commit',
          token,
          explanation:
            state.targets.objectStore === 'overwrite'
              ? 'This object store has no references to switch: every upload is already the official file.'
              : `${worker.id} has not uploaded a version yet: there is nothing to point at.`,
        });
      }
      const version = worker.lastVersion;
      const result = db.transaction(() => {
        const fenced = model.writeOutput(owner, token, now, {
          name: REPORT_NAME,
          opId: event.opId,
          body: `v${version}`,
        });
        if (fenced.ok) pointReportAt(db, version);
        return fenced;
      });
      const effect = commitEffect(
        ctx,
        event,
        worker,
        action,
        result,
        `the run row still names ${worker.id} with fence ${token}, so ${REPORT_NAME} now points at version ${version}.`,
      );
      return { ...effect, target: 'objects' };
    }
    case 'ticket': {
      const changed = callTicketApi(db, event.key, event.action, worker.id, state.now);
      return write(ctx, event, 'tickets', {
        action: `${worker.id} asks the ticket API to ${event.action} (key ${event.key})`,
        verdict: changed ? 'accept' : 'reject',
        reason: changed ? 'unchecked' : 'duplicate',
        failed: changed ? [] : ['key'],
        rowsChanged: changed,
        token,
        explanation: changed
          ? `A ticket was created: the API knows no tokens, so it cannot tell that generation ${token} may be stale.`
          : `No new ticket: key ${event.key} was already used, so this repeat of the same action is dropped.`,
      });
    }
    case 'report-write':
      return applyReportWrite(ctx, event, worker, now);
    case 'gateway-write':
      return applyResourceWrite(ctx, event, worker);
  }
}

/** A write at the resource lane, decided by the scenario's ResourceFence (lib/lease). */
function applyResourceWrite(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'gateway-write' }>,
  worker: WorkerState,
): WriteEffect {
  const { state, model, db } = ctx;
  const fence = resourceFenceOf(state);
  const token = carriedToken(state, worker);
  const words = tokenWords(state, token);
  const body = event.body ?? `write by ${worker.id}`;
  const row = model.read();
  // The run row's current holder, in the form holders present their token.
  const holderToken = fingerprintToken(state.targets.fingerprint ?? 'counter', {
    fence: row?.fence ?? 0,
    claimedAt: state.holderClaimedAt ?? 0,
  });
  const decision = writeAtResource(
    db,
    fence,
    {
      resource: event.resource,
      writer: worker.id,
      token,
      body,
      key: event.key,
      reach: event.reach,
    },
    { row, holderToken, now: state.now },
  );
  const action = `${worker.id} writes ${event.resource} through the gateway with ${words}`;
  const votes = votesText(decision);
  const applied = decision.outcome === 'applied';
  const base = {
    action,
    verdict: applied ? ('accept' as const) : ('reject' as const),
    failed: decision.failed,
    rowsChanged: applied ? 1 : 0,
    token,
  };
  switch (fence.kind) {
    case 'none':
      return write(ctx, event, 'gateway', {
        ...base,
        reason: 'unchecked',
        explanation: `Accepted: this resource checks nothing, so ${words} is never compared with anything.`,
      });
    case 'key-only':
      return write(ctx, event, 'gateway', {
        ...base,
        reason: applied ? 'unchecked' : 'duplicate',
        explanation: applied
          ? `Accepted: the resource knows only idempotency keys, and key ${event.key ?? event.resource} is new; ${words} is not looked at.`
          : `Dropped as a duplicate: key ${event.key ?? event.resource} already landed. The token plays no part.`,
      });
    case 'run-row':
      return write(ctx, event, 'gateway', {
        ...base,
        reason: applied ? 'ok' : 'stale-token',
        explanation: applied
          ? `Accepted: the gateway read the run row in the same step and ${words} is the current holder's.`
          : `Rejected: the gateway compared ${words} with the run row (current ${tokenWords(state, decision.compared)}, lease and state) and it does not match.`,
      });
    case 'highest-seen':
    case 'majority':
      return write(ctx, event, 'gateway', {
        ...base,
        reason: applied ? 'ok' : 'stale-token',
        explanation: applied
          ? decision.compared === 0
            ? `Accepted: the gateway had seen no token for ${event.resource}; it now remembers ${words}.${votes}`
            : `Accepted: ${words} is not below the highest seen (${tokenWords(state, decision.compared)}).${votes}`
          : decision.failed.includes('token') && decision.votes.length <= 1
            ? `Rejected: the gateway has seen ${tokenWords(state, decision.compared)} for ${event.resource}, higher than ${words}.`
            : `Not committed: fewer than a majority took it.${votes}`,
      });
  }
}

/** An explicit registration of the worker's generation at the resource: a note, not a write. */
function applyRegister(ctx: Ctx, event: Extract<TimelineEvent, { kind: 'register' }>): NoteEffect {
  const { state, db } = ctx;
  const worker = workerOf(state, event.worker);
  if (worker.paused) return note(ctx, event, `${worker.id} is paused: it registers nothing.`);
  const token = carriedToken(state, worker);
  const words = tokenWords(state, token);
  const decision = registerAtResource(db, resourceFenceOf(state), {
    resource: event.resource,
    token,
    reach: event.reach,
  });
  if (!decision) {
    return note(
      ctx,
      event,
      `${worker.id} registers ${words} at ${event.resource}, but this resource keeps no generation: it cannot refuse an older one later.`,
    );
  }
  return note(
    ctx,
    event,
    decision.outcome === 'applied'
      ? `${worker.id} registered ${words} at ${event.resource}: it now refuses anything below.${votesText(decision)}`
      : `${worker.id}'s registration of ${words} at ${event.resource} failed: a higher generation was already promised, or too few acceptors answered.${votesText(decision)}`,
  );
}

/** "seen_fence = 0" for what a claim read returned. */
function describeSeen(seen: Readonly<Record<string, unknown>>): string {
  return Object.entries(seen)
    .map(([column, value]) => `${column} = ${String(value)}`)
    .join(', ');
}

/**
 * A report write at the design's own report store (its `targets.writeReport`), after the
 * worker's own check when the design has one: a pending report-check event, or the check run
 * just before the write.
 */
function applyReportWrite(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'report-write' }>,
  worker: WorkerState,
  now: number,
): WriteEffect {
  const { model } = ctx;
  const token = worker.token;
  const owner = ownerOf(worker);
  const batch = (worker.reportBatch ?? 0) + 1;
  worker.reportBatch = batch;
  const checked = worker.reportCheck ?? model.workerCheck(owner, token, now);
  worker.reportCheck = undefined;
  const action = `${worker.id} writes the report reference (batch ${batch}) with token ${token}`;
  if (checked === false) {
    return write(ctx, event, 'report', {
      action,
      verdict: 'reject',
      reason: 'worker-check',
      failed: ['token'],
      token,
      explanation: `Nothing sent: ${worker.id}'s own check saw that the run row no longer shows its token ${token}.`,
    });
  }
  const before = model.readReport();
  const changed = model.writeReport(owner, token, now, batch);
  const after = model.readReport();
  if (changed > 0) {
    return write(ctx, event, 'report', {
      action,
      verdict: 'accept',
      reason: model.read()?.fence === token ? 'ok' : 'stale-accepted',
      rowsChanged: changed,
      token,
      explanation: `${changed} row changed: the report store took it${after ? `; the reference now reads “${after.ref}” with fence ${after.fence}` : ''}.${checked ? ` ${worker.id} had checked its token itself; the store checks nothing.` : ''}`,
    });
  }
  return write(ctx, event, 'report', {
    action,
    verdict: 'reject',
    reason: 'stale-token',
    failed: ['token'],
    token,
    explanation: `0 rows changed: the report store refused it${before ? ` (it holds fence ${before.fence})` : ''}.`,
  });
}

/** A read a worker makes before a write: the claim's lock-free read, or its own token check. */
function applyRead(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'claim-read' | 'report-check' }>,
): NoteEffect {
  const { state, model } = ctx;
  const worker = workerOf(state, event.worker);
  if (worker.paused) return note(ctx, event, `${worker.id} is paused: it reads nothing.`);
  const owner = ownerOf(worker);
  if (event.kind === 'claim-read') {
    const seen = model.claimRead(owner, state.now);
    if (seen === undefined) {
      return note(
        ctx,
        event,
        `This design claims in one statement: ${worker.id} has nothing to read first.`,
      );
    }
    worker.seen = seen;
    return note(
      ctx,
      event,
      seen
        ? `${worker.id} reads the row without a lock and sees the run as claimable (${describeSeen(seen)}). Nothing stops another worker before its claim.`
        : `${worker.id} reads the row and sees nothing to claim.`,
    );
  }
  const ok = model.workerCheck(owner, worker.token, statementNow(state, worker));
  if (ok === undefined) {
    return note(
      ctx,
      event,
      `This design's worker makes no check of its own before the report write.`,
    );
  }
  worker.reportCheck = ok;
  return note(
    ctx,
    event,
    ok
      ? `${worker.id} reads the run row itself: it still shows token ${worker.token}, so ${worker.id} will write. Nothing stops a takeover before the write.`
      : `${worker.id} reads the run row itself: it no longer shows token ${worker.token}, so ${worker.id} will not write.`,
  );
}

/** Applies one event to an open database and a state the caller owns (mutated in place). */
export function applyEvent(ctx: Ctx, event: TimelineEvent): Effect[] {
  const { state } = ctx;
  const effects: Effect[] = [];
  if (isWriteEvent(event)) {
    effects.push(applyWrite(ctx, event));
  } else if (event.kind === 'claim-read' || event.kind === 'report-check') {
    effects.push(applyRead(ctx, event));
  } else if (event.kind === 'register') {
    effects.push(applyRegister(ctx, event));
  } else if (event.kind === 'advance') {
    state.now += Math.max(0, event.seconds);
    effects.push(
      note(ctx, event, `Database time moves ${event.seconds} s forward, to ${state.now}.`),
    );
  } else {
    const worker = workerOf(state, event.worker);
    const pausing = event.kind === 'pause';
    const text =
      worker.paused === pausing
        ? `${worker.id} is already ${pausing ? 'paused' : 'running'}: nothing changes.`
        : pausing
          ? `${worker.id} stops (a long GC pause, a partition). It keeps token ${worker.token} and believes it holds the run.`
          : `${worker.id} resumes and carries on as if no time had passed, still with token ${worker.token}.`;
    worker.paused = pausing;
    effects.push(note(ctx, event, text));
  }
  state.nextIndex = ctx.index + 1;
  return effects;
}

/** A copy of the state that the next event may change without touching the original. */
export function cloneState(state: TimelineState): TimelineState {
  return {
    ...state,
    targets: { ...state.targets },
    gatewayResources: [...state.gatewayResources],
    workers: state.workers.map((w) => ({ ...w })),
    windows: state.windows.map((w) => ({ ...w })),
  };
}
