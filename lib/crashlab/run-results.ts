import {
  COMMIT_CONDITIONS,
  commitResult,
  explainRefusal,
  failedConditions,
  fencedDesign,
  finishLanded,
  type CommitResult,
  type RunRow,
} from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import type { LabClaim } from './types';

/*
 * What the rulebook's run-row statements returned, read back as the rulebook's results: the row
 * (either dialect), a refusal's explanation, a finish's commit result, an empty claim.
 */

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

/** A claim that found nothing: every run final, or every open run held on a live lease. */
export async function nothingClaimable(task: AsyncSqlDriver): Promise<LabClaim> {
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

/** The lesson's finish as a commit result, in the four outcomes: the rulebook's decision. */
export function finishResult(
  changed: number,
  row: RunRow | undefined,
  run: string,
  owner: string,
  token: number,
  now: number,
): CommitResult {
  // The statement is the only read: the row it left (or, refused, the row it saw).
  const conditions = fencedDesign.rules?.finish ?? COMMIT_CONDITIONS;
  return commitResult({
    runId: run,
    changed,
    conditions,
    after: row,
    owner,
    token,
    now,
    landed: row !== undefined && finishLanded(conditions, row, owner, token),
  });
}
