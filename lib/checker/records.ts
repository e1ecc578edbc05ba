import { logActivity } from '@/lib/records/records';
import type { SqlDriver } from '@/lib/sqlite';
import type { CheckerVerdict } from './types';

/** Logs a finished check in the records' shared activity log ('checker.checked', by design id). */
export function logCheck(db: SqlDriver, at: number, result: CheckerVerdict): void {
  logActivity(db, at, 'checker.checked', result.designId, {
    verdict: result.verdict,
    total: result.total,
    counterexampleSteps: result.counterexample?.schedule.length ?? null,
    property: result.counterexample?.violation.property ?? null,
  });
}
