import { READ_SEEN_BY_RESOURCE } from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import { PUBLISHER, RECEIPT_COLUMNS, toReceipt } from './publisher';
import { toRun } from './run-results';
import type { LabSnapshot, PublishRequestRow, RemovableFence, Step } from './types';

/** Everything both databases hold, for inspect, the page and evaluate. */
export async function readLabSnapshot(
  task: AsyncSqlDriver,
  publisher: AsyncSqlDriver,
  removedFence: () => Promise<RemovableFence | null>,
): Promise<LabSnapshot> {
  const runs = (
    await task.all(
      `SELECT run_id AS "runId", owner, lease_until AS "leaseUntil", fence, status FROM runs ORDER BY run_id`,
    )
  ).map(toRun);
  const operations: Record<string, string> = {};
  for (const row of await task.all(
    'SELECT run_id AS "runId", operation_id AS op FROM run_operations',
  ))
    operations[String(row.runId)] = String(row.op);
  const claims = (
    await task.all(
      `SELECT run_id AS "runId", fence, owner, claimed_at AS "claimedAt", lease_until AS "leaseUntil" FROM claims ORDER BY run_id, fence`,
    )
  ).map((r) => ({
    runId: String(r.runId),
    generation: Number(r.fence),
    owner: String(r.owner),
    claimedAt: Number(r.claimedAt),
    leaseUntil: Number(r.leaseUntil),
  }));
  const attempts = (
    await task.all(
      `SELECT attempt_id AS "attemptId", run_id AS "runId", step, fence, owner, started_at AS "startedAt" FROM step_attempts ORDER BY attempt_id`,
    )
  ).map((r) => ({
    attemptId: Number(r.attemptId),
    runId: String(r.runId),
    step: String(r.step) as Step,
    generation: Number(r.fence),
    owner: String(r.owner),
    startedAt: Number(r.startedAt),
  }));
  const checkpoints = (
    await task.all(
      `SELECT run_id AS "runId", step, fence, owner, attempt_id AS "attemptId", output, saved_at AS "savedAt" FROM checkpoints ORDER BY run_id, saved_at`,
    )
  ).map((r) => ({
    runId: String(r.runId),
    step: String(r.step) as Step,
    generation: Number(r.fence),
    owner: String(r.owner),
    attemptId: Number(r.attemptId),
    output: String(r.output),
    savedAt: Number(r.savedAt),
  }));
  const register: Record<string, number> = {};
  for (const row of await publisher.all(READ_SEEN_BY_RESOURCE, PUBLISHER))
    register[String(row.runId)] = Number(row.fence);
  const receipts = (
    await publisher.all(`SELECT ${RECEIPT_COLUMNS} FROM receipts ORDER BY receipt_id`)
  ).map(toReceipt);
  const requests = (
    await publisher.all(
      `SELECT request_id AS "requestId", operation_id AS "operationId", run_id AS "runId", fence, outcome, at FROM publish_requests ORDER BY request_id`,
    )
  ).map((r) => ({
    requestId: Number(r.requestId),
    operationId: String(r.operationId),
    runId: String(r.runId),
    generation: Number(r.fence),
    outcome: String(r.outcome) as PublishRequestRow['outcome'],
    at: Number(r.at),
  }));
  return {
    runs,
    operations,
    claims,
    attempts,
    checkpoints,
    publisher: { register, receipts, requests },
    removedFence: await removedFence(),
  };
}
