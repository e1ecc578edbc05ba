import type { FenceWriteResult } from '@/lib/lease';
import { applyGatewayWrite } from './apply-gateway';
import { commitEffect } from './apply-run';
import { decided, ownerOf, write, type Ctx } from './effects';
import type { LaneState } from './state';
import { REPORT_NAME, callTicketApi, fenceOf, pointReportAt, putReportVersion } from './targets';
import type { FailedCondition, TimelineEvent, WriteEffect } from './types';

type TargetEvent = Extract<
  TimelineEvent,
  {
    kind:
      'object-put' | 'object-commit' | 'ticket' | 'gateway-write' | 'report-write' | 'gateway-send';
  }
>;

const failedOf = (r: FenceWriteResult): FailedCondition[] =>
  r.observed.database.kind === 'refused' ? (r.observed.database.failed as FailedCondition[]) : [];

/** A write at a target beyond the run row: each goes through its lib/lease resource fence. */
export function applyTargetWrite(
  ctx: Ctx,
  event: TargetEvent,
  worker: LaneState,
  now: number,
): WriteEffect {
  const { state, model, db } = ctx;
  const token = worker.token;
  const owner = ownerOf(worker);
  switch (event.kind) {
    case 'object-put': {
      const version = putReportVersion(
        db,
        worker.id,
        token,
        event.body ?? `report by ${worker.id}`,
      );
      worker.lastVersion = version;
      if (fenceOf('objects', state.targets).kind === 'none') {
        pointReportAt(db, version);
        return write(ctx, event, 'objects', decided('applied'), {
          action: `${worker.id} uploads ${REPORT_NAME}`,
          reason: 'unchecked',
          rowsChanged: 1,
          token,
          explanation: `The object store overwrote ${REPORT_NAME} with ${worker.id}'s file: it checks no token, so any worker that still runs can replace it.`,
        });
      }
      return write(ctx, event, 'objects', decided('applied'), {
        action: `${worker.id} uploads ${REPORT_NAME} as a new version`,
        reason: 'unchecked',
        rowsChanged: 1,
        token,
        explanation: `Version ${version} stored. It is not official: only a fenced commit can point ${REPORT_NAME} at it; otherwise it stays an orphan for garbage collection.`,
      });
    }
    case 'object-commit': {
      const action = `${worker.id} switches ${REPORT_NAME} to its version (operation ${event.opId})`;
      if (fenceOf('objects', state.targets).kind === 'none' || worker.lastVersion === null) {
        return write(ctx, event, 'objects', decided('refused'), {
          action,
          reason: 'nothing-to-commit',
          token,
          explanation:
            state.targets.objectStore === 'overwrite'
              ? 'This object store has no references to switch: every upload is already the official file.'
              : `${worker.id} has not uploaded a version yet: there is nothing to point at.`,
        });
      }
      const version = worker.lastVersion;
      // The versioned object's reference switch is a fenced commit at the run row.
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
        `${REPORT_NAME} now points at version ${version}.`,
      );
      return { ...effect, target: 'objects' };
    }
    case 'ticket': {
      const r = callTicketApi(db, event.key, event.action, worker.id, token, state.now);
      const kind = r.observed.database.kind;
      return write(ctx, event, 'tickets', r.observed, {
        action: `${worker.id} asks the ticket API to ${event.action} (key ${event.key})`,
        reason: kind === 'applied' ? 'unchecked' : 'duplicate',
        failed: kind === 'applied' ? [] : ['key'],
        rowsChanged: r.changed,
        token,
        explanation:
          kind === 'applied'
            ? `A ticket was created: the API checks only the key, and knows no tokens, so it cannot tell that generation ${token} may be stale.`
            : `Duplicate: key ${event.key} was already used (by ${r.original?.holder ?? 'an earlier call'}), so the API returns the first ticket and creates nothing.`,
      });
    }
    case 'gateway-write':
      return applyGatewayWrite(ctx, event, worker);
    case 'report-write':
      return applyReportWrite(ctx, event, worker, now);
    case 'gateway-send': {
      const r = model.sendGateway(owner, token, now);
      const ok = r.observed.database.kind === 'applied';
      const fence = model.design.targets?.gateway;
      return write(ctx, event, 'gateway', r.observed, {
        action: `${worker.id} calls the design’s gateway with token ${token}`,
        reason: ok ? (model.read()?.fence === token ? 'ok' : 'stale-accepted') : 'conditions',
        failed: failedOf(r),
        rowsChanged: r.changed,
        token,
        explanation: ok
          ? fence?.kind === 'run-row'
            ? `Sent: the gateway checked ${worker.id}'s authority against the run row, and it held.`
            : `Sent: this gateway checks nothing${model.read()?.fence === token ? '' : `; the run now belongs to ${model.read()?.owner} (fence ${model.read()?.fence})`}.`
          : `Refused: the gateway checked the run row and ${failedOf(r).join(', ')} did not hold.`,
      });
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
  const checked = worker.reportCheck ?? model.workerCheck(owner, token, now);
  worker.reportCheck = undefined;
  const action = `${worker.id} writes the report reference (batch ${batch}) with token ${token}`;
  if (checked === false) {
    return write(ctx, event, 'report', decided('refused', ['token']), {
      action,
      reason: 'worker-check',
      failed: ['token'],
      token,
      explanation: `Nothing sent: ${worker.id}'s own check saw that the run row no longer shows its token ${token}.`,
    });
  }
  const r = model.writeReport(owner, token, now, batch);
  const after = model.readReport();
  if (r.observed.database.kind === 'applied') {
    const row = model.read();
    const stale = row?.fence !== token;
    return write(ctx, event, 'report', r.observed, {
      action,
      reason: stale ? 'stale-accepted' : 'ok',
      rowsChanged: r.changed,
      token,
      explanation: `${r.changed} row changed: the report store took it${after ? `; the reference now reads “${after.ref}” with fence ${after.fence}` : ''}.${checked ? ` ${worker.id} had checked its token itself; the store checks nothing.` : ''}${stale && row ? ` The run now belongs to ${row.owner} (fence ${row.fence}).` : ''}`,
    });
  }
  return write(ctx, event, 'report', r.observed, {
    action,
    reason: 'stale-token',
    failed: ['token'],
    token,
    explanation: `0 rows changed: the report store refused it (it has seen generation ${r.seenBefore.generation}${r.seenBefore.batch ? `, batch ${r.seenBefore.batch}` : ''}).`,
  });
}
