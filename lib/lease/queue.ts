import type { SqlDialect } from '@/lib/sqlite/async-driver';
import { CLAIMABLE_CONDITION } from './conditions';

/**
 * A queue of runs: pick the next claimable one, then claim it through the step (the lesson's
 * own claim statement), both in one transaction. On PostgreSQL the pick locks the row it returns
 * and skips rows other workers have locked (`FOR UPDATE SKIP LOCKED`), so many workers claim
 * different runs at once; SQLite has one writer at a time, so its transaction (BEGIN IMMEDIATE)
 * is the lock.
 */
export function pickClaimableRun(dialect: SqlDialect): string {
  return `SELECT run_id AS run FROM runs WHERE ${CLAIMABLE_CONDITION}
ORDER BY run_id LIMIT 1${dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''}`;
}
