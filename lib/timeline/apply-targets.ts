import { decideFenceWrite, fenceRules, targetKind } from '@/lib/lease';
import { applyGatewayWrite } from './apply-gateway';
import { applyOutput, rowState } from './apply-run';
import { contextOf, ownerOf, write, type Ctx } from './effects';
import type { LaneState } from './state';
import { OBJECT_STORE, pointReportAt, putReportVersion, REPORT_NAME, TICKET_API } from './lanes';
import { timelineTarget } from './target-list';
import { targetWrite } from './targets';
import type { TimelineEvent, WriteEffect } from './types';

type TargetEvent = Extract<
  TimelineEvent,
  {
    kind:
      'object-put' | 'object-commit' | 'ticket' | 'gateway-write' | 'report-write' | 'gateway-send';
  }
>;

/**
 * A write at a target beyond the run row: each goes through its lib/lease resource fence, and
 * lands on its lane (lanes/: the object store's, the ticket API's, the gateway's, the report's).
 */
export function applyTargetWrite(
  ctx: Ctx,
  event: TargetEvent,
  worker: LaneState,
  now: number,
): WriteEffect {
  const { state, model, db } = ctx;
  const token = worker.token;
  const owner = ownerOf(worker);
  const context = contextOf(ctx, event, worker, now);
  // A store or an API beyond the database judges a lease by database time, as the gateway does.
  const atTarget = contextOf(ctx, event, worker, state.now);
  switch (event.kind) {
    case 'object-put': {
      const body = event.body ?? `report by ${worker.id}`;
      const { fence } = timelineTarget(state.targets, OBJECT_STORE.id);
      if (fence === null) throw new Error('The object store is a single copy.');
      // With versions every put is kept and only a fenced commit moves the official file; without,
      // a put the store's check admits overwrites the official file.
      const row = rowState(model.read());
      const r = fenceRules(fence).admitsAll
        ? null
        : targetWrite(
            db,
            { name: OBJECT_STORE.id, fence },
            { worker: worker.id, token, body, at: state.now },
          );
      const changed = r ? r.changed : 1;
      if (changed > 0) {
        const version = putReportVersion(db, worker.id, token, body);
        worker.lastVersion = version;
        if (!targetKind(fence.kind).storesVersions) pointReportAt(db, version);
      }
      return write(
        ctx,
        event,
        OBJECT_STORE.id,
        decideFenceWrite(atTarget, {
          target: OBJECT_STORE.id,
          fence,
          token,
          ...(r ? { seen: r.seenBefore } : {}),
          row,
          changed,
        }),
      );
    }
    case 'object-commit': {
      const { fence } = timelineTarget(state.targets, OBJECT_STORE.id);
      if (fence === null) throw new Error('The object store is a single copy.');
      // Only a versioned store has a reference to switch; any other store's put was the write.
      const version = targetKind(fence.kind).storesVersions ? worker.lastVersion : null;
      if (version === null) {
        return write(
          ctx,
          event,
          OBJECT_STORE.id,
          decideFenceWrite(context, { target: OBJECT_STORE.id, fence, token, version, changed: 0 }),
        );
      }
      // The versioned object's reference switch is a fenced commit at the run row.
      const output = { name: REPORT_NAME, opId: event.opId, body: `v${version}` };
      const effect = applyOutput(ctx, event, worker, now, output, () => pointReportAt(db, version));
      return { ...effect, target: OBJECT_STORE.id };
    }
    case 'ticket': {
      const { fence } = timelineTarget(state.targets, TICKET_API.id);
      if (fence === null) throw new Error('The ticket API is a single copy.');
      const row = rowState(model.read());
      const r = targetWrite(
        db,
        { name: TICKET_API.id, fence },
        { worker: worker.id, token, body: event.action, at: state.now, opId: event.key },
      );
      const storedBy = r.original ? r.original.holder : null;
      return write(
        ctx,
        event,
        TICKET_API.id,
        decideFenceWrite(atTarget, {
          target: TICKET_API.id,
          fence,
          token,
          seen: r.seenBefore,
          row,
          ...(targetKind(fence.kind).comparesKey ? { key: { key: event.key, storedBy } } : {}),
          changed: r.changed,
        }),
      );
    }
    case 'gateway-write':
      return applyGatewayWrite(ctx, event, worker);
    case 'report-write':
      return applyReportWrite(ctx, event, worker, now);
    case 'gateway-send': {
      const fence = model.design.targets?.gateway ?? { kind: 'none' as const };
      const row = rowState(model.read());
      const r = model.sendGateway(owner, token, now);
      return write(
        ctx,
        event,
        'gateway',
        decideFenceWrite(context, {
          target: 'gateway',
          fence,
          token,
          seen: r.seenBefore,
          row,
          changed: r.changed,
        }),
      );
    }
  }
}

/**
 * A report write at the design's own report store, after the worker's own check when the
 * design has one: a pending report-check event, or the check run just before the write.
 */
function applyReportWrite(
  ctx: Ctx,
  event: Extract<TimelineEvent, { kind: 'report-write' }>,
  worker: LaneState,
  now: number,
): WriteEffect {
  const { model } = ctx;
  const token = worker.token;
  const owner = ownerOf(worker);
  const batch = (worker.reportBatch ?? 0) + 1;
  worker.reportBatch = batch;
  const row = rowState(model.read());
  const pending = worker.reportCheck !== undefined;
  const checked = pending ? worker.reportCheck : model.workerCheck(owner, token, now);
  // The holder's own check read the row (at its own event, or just now): the fence it saw.
  const saw = pending ? (worker.reportCheckSaw ?? row.fence) : row.fence;
  worker.reportCheck = undefined;
  worker.reportCheckSaw = undefined;
  const fence = model.design.targets?.report ?? { kind: 'none' as const };
  const workerCheck = checked === undefined ? {} : { workerCheck: { rowFence: saw } };
  const r = checked === false ? undefined : model.writeReport(owner, token, now, batch);
  return write(
    ctx,
    event,
    'report',
    decideFenceWrite(contextOf(ctx, event, worker, now), {
      target: 'report',
      fence,
      token,
      batch,
      ...(r ? { seen: r.seenBefore } : {}),
      row,
      ...workerCheck,
      changed: r?.changed ?? 0,
    }),
  );
}
