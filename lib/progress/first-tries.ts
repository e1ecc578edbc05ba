import type { SqlDriver } from '@/lib/sqlite';
import type { ActivityKind } from '@/lib/records/activity';
import { DAY_MS, REVIEW_DAYS } from '@/lib/review/schedule';

/**
 * How long after a wrong first try a run may be tried again as a review: the spaced review's
 * first wait. A retry straight after seeing the result shows memory, not the idea.
 */
export const TIMELINE_REVIEW_MS = REVIEW_DAYS[0] * DAY_MS;

/** A graded exercise tried by running something: its first try, and a right answer on review. */
export interface FirstTry {
  firstPassed: boolean;
  /** Right at least TIMELINE_REVIEW_MS after a first try that was wrong. */
  reviewPassed: boolean;
}

/** Whether an activity's detail says `passed: true` (a damaged detail does not). */
export function parsePassed(detail: unknown): boolean {
  try {
    return (JSON.parse(String(detail)) as { passed?: unknown }).passed === true;
  } catch {
    return false;
  }
}

/**
 * Each subject's first try and review from the activity log's entries of one kind, each a graded
 * try with `passed` in its detail (a challenge's judged run, a crash-lab prediction graded at
 * evaluation), oldest first.
 */
export function readFirstTries(db: SqlDriver, kind: ActivityKind): Record<string, FirstTry> {
  const tries: Record<string, FirstTry> = {};
  const firstAt: Record<string, number> = {};
  for (const row of db.all<{ subject: string; at: number; detail: string }>(
    'SELECT subject, at, detail FROM activity WHERE kind = ? ORDER BY at, id',
    [kind],
  )) {
    const id = String(row.subject);
    const passed = parsePassed(row.detail);
    const first = tries[id];
    if (!first) {
      tries[id] = { firstPassed: passed, reviewPassed: false };
      firstAt[id] = Number(row.at);
    } else if (passed && !first.firstPassed && Number(row.at) >= firstAt[id] + TIMELINE_REVIEW_MS)
      first.reviewPassed = true;
  }
  return tries;
}
