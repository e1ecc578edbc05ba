import {
  decideFinish,
  fencedDesign,
  finishLanded,
  readRunRow,
  START_STATE,
  stepAsync,
  type RunRow,
} from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import { claimRefusedOn, refusedAtRunRow, rowAuthority } from './decisions';
import { clockStatement } from './schema';
import type { FinishResult, LabClaim } from './types';

/*
 * What the rulebook's run-row statements returned, read back: the row (either dialect), and a
 * finish's result with the rulebook's decision when it did not land.
 */

/** A run row from either dialect (lib/lease's one row reader). */
export function toRun(row: Record<string, unknown>): RunRow {
  return readRunRow(row)!;
}

/** A row that PostgreSQL returned as JSON text (`row_to_json(...)::text`), or nothing. */
export function fromJson(text: unknown): Record<string, unknown> | undefined {
  return typeof text === 'string' && text
    ? (JSON.parse(text) as Record<string, unknown>)
    : undefined;
}

/**
 * The lesson's finish: landed, or (0 rows) the rulebook's decision on the row it saw: a
 * duplicate when this holder's own finish already landed, else refused.
 */
export function finishResult(
  changed: number,
  row: RunRow | undefined,
  run: string,
  owner: string,
  token: number,
  now: number,
): FinishResult {
  if (changed > 0) return { ok: true };
  const conditions = fencedDesign.rules!.finish;
  if (!row || !finishLanded(conditions, row, owner, token))
    return { ok: false, decision: refusedAtRunRow('finish', { owner, run, row, token, now }) };
  const decision = decideFinish(
    { writer: owner, at: now, authority: rowAuthority(row) },
    {
      conditions,
      before: row,
      after: row,
      token,
      changed: 0,
      duplicate: { opId: `${owner}@${token}` },
    },
  );
  return { ok: false, decision };
}

/**
 * The lesson's finish through lib/lease's one step: the row read, the finish run, the row read
 * again, decided; who holds the run is what its row said before the finish.
 */
export async function finishStep(
  task: AsyncSqlDriver,
  w: { owner: string; run: string; token: number; now: number; lease: number },
): Promise<FinishResult> {
  const bound = {
    design: fencedDesign,
    runId: w.run,
    leaseSeconds: w.lease,
    authority: 'row' as const,
  };
  const write = { kind: 'finish' as const, writer: w.owner, token: w.token, now: w.now };
  const { decision } = await stepAsync(bound, START_STATE, write, task);
  return decision.outcome.database === 'applied' ? { ok: true } : { ok: false, decision };
}

/** The run nearest to claimable (open runs first, the lease that ends first), with the clock. */
const nearestRun = (
  task: AsyncSqlDriver,
) => `SELECT run_id AS "runId", owner, lease_until AS "leaseUntil", fence,
  status, (${clockStatement(task.dialect)}) AS now FROM runs
  ORDER BY CASE WHEN status IN ('queued', 'running') THEN 0 ELSE 1 END, lease_until, run_id LIMIT 1`;

/**
 * A claim that took no run: every run final, or every open run held on a live lease. The
 * rulebook decides it on the run nearest to claimable (the open run whose lease ends first, else
 * a final run), read in one statement with the database's clock (`now`: the claim's own clock,
 * when it read one). Call it inside the claim's transaction, so the run it judges is the run
 * the claim saw, not one changed by another worker after the claim gave up.
 */
export async function nothingClaimable(
  task: AsyncSqlDriver,
  owner: string,
  now?: number,
): Promise<LabClaim> {
  const found = await task.get(nearestRun(task));
  const row = found ? toRun(found) : undefined;
  const at = now ?? Number(found?.now ?? 0);
  const open = row?.status === 'queued' || row?.status === 'running';
  const decision = claimRefusedOn(owner, row, at);
  return { ok: false, reason: open ? 'none-claimable' : 'all-final', decision };
}
