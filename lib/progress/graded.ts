import type { SqlDriver } from '@/lib/sqlite';
import type { GradedAnswer } from '@/lib/lesson/progress';
import { readLessonRecords } from '@/lib/lesson/records';
import type { ActivityKind } from '@/lib/records/activity';
import { DAY_MS, REVIEW_DAYS } from '@/lib/review/schedule';

/** The activity log's kinds this module reads (typed, so a renamed kind fails the build). */
const SOLVED: ActivityKind = 'lab.challenge.solved';
const EVALUATED: ActivityKind = 'crashlab.evaluated';
const REVIEW_PASSED: ActivityKind = 'review.passed';
const CASE_PREDICTED: ActivityKind = 'case.predicted';

/**
 * How long after a wrong first try a timeline or case run may be tried again as a review: the
 * spaced review's first wait. A retry straight after seeing the trace shows memory, not the idea.
 */
export const TIMELINE_REVIEW_MS = REVIEW_DAYS[0] * DAY_MS;

/** Which graded exercise: the kinds of the content's mastery map. */
export interface ExerciseKey {
  kind: 'quiz' | 'choice' | 'prediction' | 'challenge' | 'timeline' | 'case' | 'crashlab';
  id: string;
}

/** What the records hold of a learner's graded work, as plain facts. */
export interface WorkFacts {
  quiz: Readonly<Record<string, GradedAnswer>>;
  /** The lesson's multiple-choice questions (the foundations), by question id. */
  choices: Readonly<Record<string, GradedAnswer>>;
  predictions: Readonly<Record<string, GradedAnswer>>;
  /** Quiz statements and predictions answered right on a due spaced review. */
  reviewed: ReadonlySet<string>;
  /** Challenge id → how many times it was solved. */
  challenges: Readonly<Record<string, number>>;
  /** Scenario id → the first scored attempt (a case file's runs included, by scenario id). */
  timelineFirst: Readonly<Record<string, { score: number; total: number }>>;
  /**
   * Scenarios scored with full marks on a review: at least TIMELINE_REVIEW_MS after a first
   * scored attempt that missed something.
   */
  timelineReviewed: ReadonlySet<string>;
  /**
   * Case-file variants (by scenario id) whose first scored run had every write predicted: a
   * prediction made after an outcome was seen, on a later run, never counts.
   */
  casesPredictedFirst: ReadonlySet<string>;
  crashLab: { evaluations: number; passed: number };
}

export const NO_WORK: WorkFacts = {
  quiz: {},
  choices: {},
  predictions: {},
  reviewed: new Set(),
  challenges: {},
  timelineFirst: {},
  timelineReviewed: new Set(),
  casesPredictedFirst: new Set(),
  crashLab: { evaluations: 0, passed: 0 },
};

/** An exercise's result, shown as a result ("right on the first try", "timeline 4/5"). */
export interface ExerciseResult {
  passed: boolean;
  tried: boolean;
  summary: string;
}

/** Reads the facts from the records database (lesson tables, timeline results, activity log). */
export function readWorkFacts(db: SqlDriver): WorkFacts {
  const lesson = readLessonRecords(db);
  const challenges: Record<string, number> = {};
  for (const row of db.all<{ subject: string; n: number }>(
    'SELECT subject, COUNT(*) AS n FROM activity WHERE kind = ? GROUP BY subject',
    [SOLVED],
  ))
    challenges[String(row.subject)] = Number(row.n);
  const timelineFirst: Record<string, { score: number; total: number }> = {};
  const timelineReviewed = new Set<string>();
  const casesPredictedFirst = new Set<string>();
  const hasTimeline = db.get(
    "SELECT 1 AS ok FROM sqlite_master WHERE type = 'table' AND name = 'timeline_results'",
  );
  if (hasTimeline) {
    const firstAt: Record<string, number> = {};
    for (const row of db.all<{ id: string; score: number; total: number; at: number }>(
      'SELECT scenario_id AS id, score, total, at FROM timeline_results ORDER BY at, id',
    )) {
      const id = String(row.id);
      const result = { score: Number(row.score), total: Number(row.total) };
      if (!(id in timelineFirst)) {
        timelineFirst[id] = result;
        firstAt[id] = Number(row.at);
      } else if (
        result.total > 0 &&
        result.score === result.total &&
        Number(row.at) >= firstAt[id] + TIMELINE_REVIEW_MS
      )
        timelineReviewed.add(id);
    }
    for (const row of db.all<{ at: number; detail: string }>(
      'SELECT at, detail FROM activity WHERE kind = ?',
      [CASE_PREDICTED],
    )) {
      const scenario = parseScenario(row.detail);
      if (scenario !== null && firstAt[scenario] === Number(row.at))
        casesPredictedFirst.add(scenario);
    }
  }
  const reviewed = new Set(
    db
      .all<{ subject: string }>('SELECT DISTINCT subject FROM activity WHERE kind = ?', [
        REVIEW_PASSED,
      ])
      .map((row) => String(row.subject)),
  );
  const crash = db.all<{ detail: string }>('SELECT detail FROM activity WHERE kind = ?', [
    EVALUATED,
  ]);
  const passed = crash.filter((row) => {
    try {
      return (JSON.parse(String(row.detail)) as { passed?: unknown }).passed === true;
    } catch {
      return false;
    }
  }).length;
  return {
    quiz: lesson.quiz,
    choices: lesson.choices,
    predictions: lesson.predictions,
    reviewed,
    challenges,
    timelineFirst,
    timelineReviewed,
    casesPredictedFirst,
    crashLab: { evaluations: crash.length, passed },
  };
}

function parseScenario(detail: unknown): string | null {
  try {
    const scenario = (JSON.parse(String(detail)) as { scenario?: unknown }).scenario;
    return typeof scenario === 'string' ? scenario : null;
  } catch {
    return null;
  }
}

/**
 * Whether a case file counts: every one of its variants (scenario ids) had every write predicted
 * before its first scored run.
 */
export function caseFileCounted(facts: WorkFacts, variants: readonly string[]): boolean {
  return variants.length > 0 && variants.every((id) => facts.casesPredictedFirst.has(id));
}

/**
 * How many of these scenarios (a case file's runs) have been run and scored at least once: a
 * text that tells how they end may open only when every one of them has.
 */
export function scenariosRun(facts: WorkFacts, scenarioIds: readonly string[]): number {
  return scenarioIds.filter((id) => id in facts.timelineFirst).length;
}

const ordinal = (n: number) => (n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);

function graded(answer: GradedAnswer | undefined, reviewed: boolean): ExerciseResult {
  if (!answer) return { passed: false, tried: false, summary: 'not tried yet' };
  if (answer.correct) return { passed: true, tried: true, summary: 'right on the first try' };
  if (reviewed)
    return { passed: true, tried: true, summary: 'wrong on the first try, right on review' };
  return {
    passed: false,
    tried: true,
    summary:
      answer.tries > 1 && answer.lastCorrect
        ? `wrong on the first try, right on the ${ordinal(answer.tries)} (counts once it is right on a review a day later)`
        : 'wrong on the first try',
  };
}

/**
 * The result of one exercise: the one judgment of graded work that the mastery map, the path
 * steps and every progress line read. Only correct work passes (right on the first try, or right
 * on a due review after a wrong first try); reveals, free text and clicks count for nothing.
 */
export function exerciseResult(facts: WorkFacts, exercise: ExerciseKey): ExerciseResult {
  switch (exercise.kind) {
    case 'quiz':
      return graded(facts.quiz[exercise.id], facts.reviewed.has(exercise.id));
    case 'choice': {
      // A foundation's question has no spaced review: a wrong first answer stays wrong.
      const answer = facts.choices[exercise.id];
      return answer && !answer.correct
        ? { passed: false, tried: true, summary: 'wrong on the first try' }
        : graded(answer, false);
    }
    case 'prediction':
      return graded(facts.predictions[exercise.id], facts.reviewed.has(exercise.id));
    case 'challenge': {
      const solved = facts.challenges[exercise.id] ?? 0;
      return solved > 0
        ? { passed: true, tried: true, summary: 'solved' }
        : { passed: false, tried: false, summary: 'not solved yet' };
    }
    case 'timeline':
    case 'case': {
      const first = facts.timelineFirst[exercise.id];
      if (!first) return { passed: false, tried: false, summary: 'not scored yet' };
      const what = `${exercise.kind === 'case' ? 'case file' : 'timeline'} ${first.score}/${first.total} on the first try`;
      if (first.total > 0 && first.score === first.total)
        return { passed: true, tried: true, summary: what };
      return facts.timelineReviewed.has(exercise.id)
        ? { passed: true, tried: true, summary: `${what}, full marks on review` }
        : { passed: false, tried: true, summary: what };
    }
    case 'crashlab': {
      const { evaluations, passed } = facts.crashLab;
      if (evaluations === 0) return { passed: false, tried: false, summary: 'not evaluated yet' };
      return passed > 0
        ? { passed: true, tried: true, summary: 'evaluation passed' }
        : { passed: false, tried: true, summary: `${evaluations} evaluation(s), none passed` };
    }
  }
}

/** An item is passed when every one of its exercises is. */
export function itemPassed(facts: WorkFacts, exercises: readonly ExerciseKey[]): boolean {
  return exercises.length > 0 && exercises.every((e) => exerciseResult(facts, e).passed);
}
