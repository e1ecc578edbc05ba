import { counted } from '@/lib/lease';
import type { SqlDriver } from '@/lib/sqlite';
import type { GradedAnswer } from '@/lib/lesson/progress';
import { readLessonRecords } from '@/lib/lesson/records';
import type { ActivityKind } from '@/lib/records/activity';
import { parsePassed, readFirstTries, TIMELINE_REVIEW_MS, type FirstTry } from './first-tries';

export { TIMELINE_REVIEW_MS };

/** The activity log's kinds this module reads (typed, so a renamed kind fails the build). */
const SOLVED: ActivityKind = 'lab.challenge.solved';
const JUDGED: ActivityKind = 'lab.challenge.judged';
const EVALUATED: ActivityKind = 'crashlab.evaluated';
const REVIEW_PASSED: ActivityKind = 'review.passed';
const CASE_PREDICTED: ActivityKind = 'case.predicted';
const CRASH_PREDICTED: ActivityKind = 'crashlab.predicted';

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
  /**
   * Quiz statements, foundations' questions and predictions answered right on a due spaced
   * review (a day or more after a wrong answer: lib/review).
   */
  reviewed: ReadonlySet<string>;
  /** Challenge id → how many times it was solved (any run, first try or not). */
  challenges: Readonly<Record<string, number>>;
  /**
   * Challenge id → its first try and whether it was solved on a review. The first try of a code
   * exercise is its first judged run: the first run of a program the learner changed that ran to
   * its end, whose output the page checked (lib/claim-lab's isJudgedRun). A review is a judged
   * run that passes at least TIMELINE_REVIEW_MS after a first try that did not.
   */
  challengeTries: Readonly<Record<string, FirstTry>>;
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
  /**
   * Evaluations of the crash lab, and its predictions: before starting a worker with a fault,
   * which steps two workers start and how many receipts the run ends with, graded from the
   * databases when the experiment is evaluated (lib/crashlab's gradePrediction). The first
   * graded prediction is the first try.
   */
  crashLab: { evaluations: number; passed: number; prediction: FirstTry | null };
}

export const NO_WORK: WorkFacts = {
  quiz: {},
  choices: {},
  predictions: {},
  reviewed: new Set(),
  challenges: {},
  challengeTries: {},
  timelineFirst: {},
  timelineReviewed: new Set(),
  casesPredictedFirst: new Set(),
  crashLab: { evaluations: 0, passed: 0, prediction: null },
};

/** An exercise's result, shown as a result ("right on the first try", "timeline 4/5"). */
export interface ExerciseResult {
  passed: boolean;
  tried: boolean;
  summary: string;
  /**
   * A later answer was right but counts only once it is right on a review a day later, and the
   * summary says so (a page adds no second sentence about the review).
   */
  waitsForReview?: true;
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
  const challengeTries = readFirstTries(db, JUDGED);
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
  const passed = crash.filter((row) => parsePassed(row.detail)).length;
  return {
    quiz: lesson.quiz,
    choices: lesson.choices,
    predictions: lesson.predictions,
    reviewed,
    challenges,
    challengeTries,
    timelineFirst,
    timelineReviewed,
    casesPredictedFirst,
    crashLab: {
      evaluations: crash.length,
      passed,
      prediction: readFirstTries(db, CRASH_PREDICTED)['crash-lab'] ?? null,
    },
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
  return answer.tries > 1 && answer.lastCorrect
    ? {
        passed: false,
        tried: true,
        summary: `wrong on the first try, right on the ${ordinal(answer.tries)} (counts once it is right on a review a day later)`,
        waitsForReview: true,
      }
    : { passed: false, tried: true, summary: 'wrong on the first try' };
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
    case 'choice':
      // A foundation's question comes back a day after a wrong first answer (lib/review), asked
      // again with nothing marked; right then, it passes like a quiz statement on review.
      return graded(facts.choices[exercise.id], facts.reviewed.has(exercise.id));
    case 'prediction':
      return graded(facts.predictions[exercise.id], facts.reviewed.has(exercise.id));
    case 'challenge': {
      const tries = facts.challengeTries[exercise.id];
      const solved = facts.challenges[exercise.id] ?? 0;
      if (!tries)
        return solved > 0
          ? {
              passed: false,
              tried: true,
              summary:
                'solved before first tries were kept: your next judged run is your first try',
            }
          : { passed: false, tried: false, summary: 'not tried yet' };
      if (tries.firstPassed)
        return { passed: true, tried: true, summary: 'solved on the first try' };
      if (tries.reviewPassed)
        return { passed: true, tried: true, summary: 'wrong on the first try, solved on review' };
      return solved > 0
        ? {
            passed: false,
            tried: true,
            summary:
              'wrong on the first try, solved later (counts once it is solved on a review a day later)',
            waitsForReview: true,
          }
        : { passed: false, tried: true, summary: 'wrong on the first try' };
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
      // An evaluation that passes shows the lab works, not that the learner foresaw it: only a
      // graded prediction about a run with a fault the learner chose counts.
      const { evaluations, prediction } = facts.crashLab;
      if (!prediction)
        return {
          passed: false,
          tried: false,
          summary:
            evaluations > 0
              ? `${counted(evaluations, 'evaluation')}, no graded prediction yet`
              : 'no graded prediction yet',
        };
      if (prediction.firstPassed)
        return { passed: true, tried: true, summary: 'prediction right on the first try' };
      return prediction.reviewPassed
        ? {
            passed: true,
            tried: true,
            summary: 'prediction wrong on the first try, right on review',
          }
        : { passed: false, tried: true, summary: 'prediction wrong on the first try' };
    }
  }
}

/** An item is passed when every one of its exercises is. */
export function itemPassed(facts: WorkFacts, exercises: readonly ExerciseKey[]): boolean {
  return exercises.length > 0 && exercises.every((e) => exerciseResult(facts, e).passed);
}
