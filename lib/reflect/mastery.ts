import type { SqlDriver } from '@/lib/sqlite';
import type { GradedAnswer } from '@/lib/lesson/progress';
import { readLessonRecords } from '@/lib/lesson/records';
import type { ActivityKind } from '@/lib/records/activity';

/** The activity log's kinds this module reads (typed, so a renamed kind fails the build). */
const SOLVED: ActivityKind = 'lab.challenge.solved';
const EVALUATED: ActivityKind = 'crashlab.evaluated';

/** Which graded exercise: the kinds of the content's mastery map. */
export interface ExerciseKey {
  kind: 'quiz' | 'prediction' | 'challenge' | 'timeline' | 'case' | 'crashlab';
  id: string;
}

/** What the records hold of a learner's graded work, as plain facts. */
export interface WorkFacts {
  quiz: Readonly<Record<string, GradedAnswer>>;
  predictions: Readonly<Record<string, GradedAnswer>>;
  /** Challenge id → how many times it was solved. */
  challenges: Readonly<Record<string, number>>;
  /** Scenario id → the first scored attempt (a case file's runs included, by scenario id). */
  timelineFirst: Readonly<Record<string, { score: number; total: number }>>;
  crashLab: { evaluations: number; passed: number };
}

export const NO_WORK: WorkFacts = {
  quiz: {},
  predictions: {},
  challenges: {},
  timelineFirst: {},
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
  const hasTimeline = db.get(
    "SELECT 1 AS ok FROM sqlite_master WHERE type = 'table' AND name = 'timeline_results'",
  );
  if (hasTimeline)
    for (const row of db.all<{ id: string; score: number; total: number }>(
      'SELECT scenario_id AS id, score, total FROM timeline_results ORDER BY at DESC, id DESC',
    ))
      timelineFirst[String(row.id)] = { score: Number(row.score), total: Number(row.total) };
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
    predictions: lesson.predictions,
    challenges,
    timelineFirst,
    crashLab: { evaluations: crash.length, passed },
  };
}

const ordinal = (n: number) => (n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);

function graded(answer: GradedAnswer | undefined): ExerciseResult {
  if (!answer) return { passed: false, tried: false, summary: 'not tried yet' };
  if (answer.correct) return { passed: true, tried: true, summary: 'right on the first try' };
  return {
    passed: false,
    tried: true,
    summary:
      answer.tries > 1 && answer.lastCorrect
        ? `wrong on the first try, right on the ${ordinal(answer.tries)}`
        : 'wrong on the first try',
  };
}

/** The result of one exercise. Only correct work passes; reveals and clicks count for nothing. */
export function exerciseResult(facts: WorkFacts, exercise: ExerciseKey): ExerciseResult {
  switch (exercise.kind) {
    case 'quiz':
      return graded(facts.quiz[exercise.id]);
    case 'prediction':
      return graded(facts.predictions[exercise.id]);
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
      return {
        passed: first.total > 0 && first.score === first.total,
        tried: true,
        summary: `${exercise.kind === 'case' ? 'case file' : 'timeline'} ${first.score}/${first.total} on the first try`,
      };
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
