import type { FeatureSchema } from '@/lib/records/schema';
import { logActivity } from '@/lib/records/records';
import type { SqlDriver } from '@/lib/sqlite';
import type { Mistake, Predictions } from './score';
import type { Scenario } from './types';

/** The timeline exercise's tables in the records database. */
export const timelineSchema: FeatureSchema = {
  feature: 'timeline',
  migrations: [
    `CREATE TABLE timeline_results (
       id          INTEGER PRIMARY KEY AUTOINCREMENT,
       at          INTEGER NOT NULL,
       scenario_id TEXT    NOT NULL,
       scenario    TEXT    NOT NULL,
       predictions TEXT    NOT NULL,
       score       INTEGER NOT NULL,
       total       INTEGER NOT NULL,
       seconds     INTEGER NOT NULL
     );
     CREATE INDEX timeline_results_scenario ON timeline_results (scenario_id, at);`,
  ],
};

export interface TimelineResult {
  at: number;
  scenario: Scenario;
  predictions: Predictions;
  score: number;
  total: number;
  /** Seconds from opening the scenario to seeing the whole trace. */
  seconds: number;
}

/** Stores one graded attempt and logs it in the shared activity log. */
export function saveTimelineResult(db: SqlDriver, result: TimelineResult): void {
  db.run(
    `INSERT INTO timeline_results (at, scenario_id, scenario, predictions, score, total, seconds)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      result.at,
      result.scenario.id,
      JSON.stringify(result.scenario),
      JSON.stringify(result.predictions),
      result.score,
      result.total,
      Math.max(0, Math.round(result.seconds)),
    ],
  );
  logActivity(db, result.at, 'timeline.scored', result.scenario.id, {
    score: result.score,
    total: result.total,
  });
}

/** The first stored attempt at a scenario: the scored one, its predictions kept as made. */
export interface ScoredAttempt {
  predictions: Predictions;
  score: number;
  total: number;
}

/**
 * The scored attempt at this very scenario (the first result stored for its id whose scenario is
 * the same, event for event), or null. A page shows it locked: once an outcome was on screen, a
 * reload or another tab must not reopen the predictions it scored.
 */
export function firstTimelineResult(db: SqlDriver, scenario: Scenario): ScoredAttempt | null {
  const row = db.get<{ scenario: string; predictions: string; score: number; total: number }>(
    'SELECT scenario, predictions, score, total FROM timeline_results WHERE scenario_id = ? ORDER BY at, id LIMIT 1',
    [scenario.id],
  );
  if (!row || String(row.scenario) !== JSON.stringify(scenario)) return null;
  let predictions: Predictions = {};
  try {
    const parsed: unknown = JSON.parse(String(row.predictions));
    if (parsed && typeof parsed === 'object') predictions = parsed as Predictions;
  } catch {
    // An unreadable row keeps its score; its marks show as empty.
  }
  return { predictions, score: Number(row.score), total: Number(row.total) };
}

/** The most recent attempts, newest first. */
export function recentTimelineResults(
  db: SqlDriver,
  limit = 10,
): { at: number; scenarioId: string; score: number; total: number; seconds: number }[] {
  return db
    .all(
      'SELECT at, scenario_id, score, total, seconds FROM timeline_results ORDER BY at DESC, id DESC LIMIT ?',
      [limit],
    )
    .map((r) => ({
      at: Number(r.at),
      scenarioId: String(r.scenario_id),
      score: Number(r.score),
      total: Number(r.total),
      seconds: Number(r.seconds),
    }));
}

/** The activity kind a case file's scored prediction is logged under (for the mastery map). */
export const CASE_PREDICTED = 'case.predicted';

/**
 * Stores a case file's graded run like any timeline attempt, and logs it as case evidence:
 * subject is the case id; detail names the run, the score, and the four-valued outcome the
 * learner got wrong for each missed write. A run with a write left unpredicted is stored (its
 * first try is spent) but is not logged as predicted: the case file counts only when every write
 * was predicted before the run.
 */
export function saveCaseResult(
  db: SqlDriver,
  caseId: string,
  runId: string,
  result: TimelineResult,
  mistakes: readonly Pick<Mistake, 'eventId' | 'predicted'>[],
): void {
  saveTimelineResult(db, result);
  if (mistakes.some((m) => m.predicted === undefined)) return;
  logActivity(db, result.at, CASE_PREDICTED, caseId, {
    run: runId,
    scenario: result.scenario.id,
    score: result.score,
    total: result.total,
    missed: mistakes.map((m) => m.eventId),
  });
}
