import {
  acknowledged,
  checkConditions,
  COMMIT_CONDITIONS,
  describeChecked,
  explainRefusal,
  failedConditions,
  missingRun,
  type CommitResult,
  type RunRow,
} from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import type { ReceiptRow } from '@/lib/crashlab/types';
import type { QueueClaim } from './types';

/** The publisher learns a generation (the rulebook's register statement). */
export { REGISTER_GENERATION as REGISTER } from '@/lib/lease';

export const RECEIPT_COLUMNS = `receipt_id AS "receiptId", operation_id AS "operationId", run_id AS "runId",
  generation, body, accepted_at AS "acceptedAt"`;

export function toReceipt(row: Record<string, unknown>): ReceiptRow {
  return {
    receiptId: Number(row.receiptId),
    operationId: String(row.operationId),
    runId: String(row.runId),
    generation: Number(row.generation),
    body: String(row.body),
    acceptedAt: Number(row.acceptedAt),
  };
}

/** A run row from either dialect (PostgreSQL folds unquoted aliases to lower case). */
export function toRun(row: Record<string, unknown>): RunRow {
  return {
    runId: String(row.runId ?? row.runid),
    owner: String(row.owner ?? ''),
    leaseUntil: Number(row.leaseUntil ?? row.leaseuntil),
    fence: Number(row.fence),
    status: String(row.status) as RunRow['status'],
  };
}

/** A row that PostgreSQL returned as JSON text (`row_to_json(...)::text`), or nothing. */
export function fromJson(text: unknown): Record<string, unknown> | undefined {
  return typeof text === 'string' && text
    ? (JSON.parse(text) as Record<string, unknown>)
    : undefined;
}

/** Why the lesson's renewal or finish changed no row, in the rulebook's words. */
export function refusal(
  row: RunRow | undefined,
  run: string,
  owner: string,
  token: number,
  now: number,
): string {
  return row
    ? explainRefusal(row, failedConditions(row, owner, token, now), owner, token, now)
    : `Run ${run} does not exist.`;
}

/** The publisher's answer to a generation older than the highest it has seen. */
export function staleExplanation(generation: number, seen: number): string {
  return `refused: generation ${generation} is older than generation ${seen}, which the publisher has already seen`;
}

/** A claim that found nothing: every run final, or every open run held on a live lease. */
export async function nothingClaimable(task: AsyncSqlDriver): Promise<QueueClaim> {
  const open = await task.get<{ n: number }>(
    "SELECT count(*) AS n FROM runs WHERE status IN ('queued', 'running')",
  );
  return Number(open?.n ?? 0) === 0
    ? { ok: false, reason: 'all-final', explanation: 'every run is in a final state' }
    : {
        ok: false,
        reason: 'none-claimable',
        explanation: 'every open run is held on a lease that has not ended',
      };
}

/** The lesson's finish as a commit result, in the four outcomes: the row it left, or why it changed nothing. */
export function finishResult(
  changed: number,
  row: RunRow | undefined,
  run: string,
  owner: string,
  token: number,
  now: number,
): CommitResult {
  if (!row) return missingRun(run);
  if (changed > 0) {
    // The finish's own WHERE held for every condition, or it would have changed no row.
    const checked = COMMIT_CONDITIONS.map((condition) => ({ condition, held: true }));
    return {
      ok: true,
      changed,
      row,
      explanation: `${changed} row changed: this design ${describeChecked(COMMIT_CONDITIONS)}.`,
      observed: acknowledged({ kind: 'applied', checked }),
    };
  }
  const checked = checkConditions(COMMIT_CONDITIONS, row, owner, token, now);
  const failed = failedConditions(row, owner, token, now);
  return {
    ok: false,
    changed: 0,
    failed,
    explanation: explainRefusal(row, failed, owner, token, now),
    row,
    observed: acknowledged({ kind: 'refused', failed, checked }),
  };
}
