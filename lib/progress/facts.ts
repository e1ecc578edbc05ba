import type { SqlDriver } from '@/lib/sqlite';
import { NO_WORK, readWorkFacts, type WorkFacts } from './graded';

/**
 * What the learner has done across the course, read from the records database's activity log
 * and the lesson's reading records, item by item. Counts only outcomes (a challenge solved, a
 * scenario scored, a section read, an answer revealed after an attempt), never button presses.
 */
export interface CourseFacts {
  /** Lesson sections (and sub-anchors of sections) read. */
  read: ReadonlySet<string>;
  /** Questions and migration cases revealed (each after an attempt). */
  revealed: ReadonlySet<string>;
  /**
   * Questions and migration cases with a real attempt saved (a few words of the learner's own,
   * not "I don't know yet", not filler): lib/lesson's isRealAttempt judged it when it was saved.
   */
  answered: ReadonlySet<string>;
  /** Quiz statements with a first answer. */
  quizAnswered: ReadonlySet<string>;
  /** Predictions checked (lesson predictions). */
  predicted: ReadonlySet<string>;
  /** Case files with a scored prediction. */
  casesPredicted: ReadonlySet<string>;
  /** Claim lab challenges solved. */
  labSolved: ReadonlySet<string>;
  /** Timeline scenarios scored, with the best score out of the total. */
  timelineBest: ReadonlyMap<string, { score: number; total: number }>;
  /** Designs the schedule checker has decided. */
  designsChecked: ReadonlySet<string>;
  crashEvaluations: number;
  /** Self-assessment items rated. */
  rated: ReadonlySet<string>;
  /** Journal prompts with a saved answer (from the journal store, not the records). */
  journalAnswered: ReadonlySet<string>;
  /** The graded work, judged by exerciseResult (the mastery map's one rule). */
  work: WorkFacts;
}

export const NO_FACTS: CourseFacts = {
  read: new Set(),
  revealed: new Set(),
  answered: new Set(),
  quizAnswered: new Set(),
  predicted: new Set(),
  casesPredicted: new Set(),
  labSolved: new Set(),
  timelineBest: new Map(),
  designsChecked: new Set(),
  crashEvaluations: 0,
  rated: new Set(),
  journalAnswered: new Set(),
  work: NO_WORK,
};

const tableExists = (db: SqlDriver, name: string) =>
  db.all(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?`, [name]).length > 0;

/**
 * Reads the facts from the records database. `sectionParents` maps each sub-anchor of the
 * lesson to its section, so a path step pointing at a sub-heading counts when its section is read.
 */
export function readCourseFacts(
  db: SqlDriver,
  sectionParents: Readonly<Record<string, string>> = {},
): CourseFacts {
  const read = new Set<string>();
  const revealed = new Set<string>();
  const answered = new Set<string>();
  const quizAnswered = new Set<string>();
  const predicted = new Set<string>();
  const casesPredicted = new Set<string>();
  const labSolved = new Set<string>();
  const designsChecked = new Set<string>();
  const rated = new Set<string>();
  const timelineBest = new Map<string, { score: number; total: number }>();
  let crashEvaluations = 0;
  const sets: Record<string, Set<string>> = {
    'question.revealed': revealed,
    'case.revealed': revealed,
    'question.answered': answered,
    'case.answered': answered,
    'quiz.answered': quizAnswered,
    'prediction.answered': predicted,
    'case.predicted': casesPredicted,
    'lab.challenge.solved': labSolved,
    'checker.checked': designsChecked,
    'reflect.rated': rated,
  };
  if (tableExists(db, 'activity')) {
    const rows = db.all(`SELECT kind, subject, detail FROM activity ORDER BY id`);
    for (const row of rows) {
      const kind = String(row.kind);
      const subject = String(row.subject);
      if (kind in sets) sets[kind].add(subject);
      else if (kind === 'crashlab.evaluated') crashEvaluations += 1;
      else if (kind === 'timeline.scored') {
        const detail = parseDetail(row.detail);
        const score = Number(detail.score ?? 0);
        const total = Number(detail.total ?? 0);
        const best = timelineBest.get(subject);
        if (!best || score > best.score) timelineBest.set(subject, { score, total });
      }
    }
  }
  if (tableExists(db, 'lesson_reading')) {
    for (const row of db.all(`SELECT section_id AS id FROM lesson_reading`)) {
      read.add(String(row.id));
    }
  }
  for (const [anchor, section] of Object.entries(sectionParents)) {
    if (read.has(section)) read.add(anchor);
  }
  return {
    read,
    revealed,
    answered,
    quizAnswered,
    predicted,
    casesPredicted,
    labSolved,
    timelineBest,
    designsChecked,
    crashEvaluations,
    rated,
    journalAnswered: new Set(),
    work:
      tableExists(db, 'activity') && tableExists(db, 'lesson_quiz') ? readWorkFacts(db) : NO_WORK,
  };
}

function parseDetail(value: unknown): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
