import type { SqlDriver } from '@/lib/sqlite';

/**
 * What the learner has done across the course, read from the records database's activity log
 * and the lesson's reading records. Counts only outcomes (a challenge solved, a scenario scored,
 * a section read), never button presses.
 */
export interface CourseFacts {
  /** Lesson sections (and sub-anchors of sections) read. */
  read: ReadonlySet<string>;
  /** Claim lab challenges solved. */
  labSolved: ReadonlySet<string>;
  /** Timeline scenarios scored, with the best score out of the total. */
  timelineBest: ReadonlyMap<string, { score: number; total: number }>;
  /** Designs the schedule checker has decided. */
  designsChecked: ReadonlySet<string>;
  crashEvaluations: number;
  questionsRevealed: number;
  casesRevealed: number;
  quizAnswered: number;
  ratings: number;
  /** Journal prompts with a saved answer (from the journal store, not the records). */
  journalAnswers: number;
}

export const NO_FACTS: CourseFacts = {
  read: new Set(),
  labSolved: new Set(),
  timelineBest: new Map(),
  designsChecked: new Set(),
  crashEvaluations: 0,
  questionsRevealed: 0,
  casesRevealed: 0,
  quizAnswered: 0,
  ratings: 0,
  journalAnswers: 0,
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
  const facts = {
    ...NO_FACTS,
    read: new Set<string>(),
    labSolved: new Set<string>(),
    timelineBest: new Map<string, { score: number; total: number }>(),
    designsChecked: new Set<string>(),
  };
  if (tableExists(db, 'activity')) {
    const rows = db.all(`SELECT kind, subject, detail FROM activity ORDER BY id`);
    for (const row of rows) {
      const kind = String(row.kind);
      const subject = String(row.subject);
      if (kind === 'lab.challenge.solved') facts.labSolved.add(subject);
      else if (kind === 'checker.checked') facts.designsChecked.add(subject);
      else if (kind === 'crashlab.evaluated') facts.crashEvaluations += 1;
      else if (kind === 'question.revealed') facts.questionsRevealed += 1;
      else if (kind === 'case.revealed') facts.casesRevealed += 1;
      else if (kind === 'quiz.answered') facts.quizAnswered += 1;
      else if (kind === 'reflect.rated') facts.ratings += 1;
      else if (kind === 'timeline.scored') {
        const detail = parseDetail(row.detail);
        const score = Number(detail.score ?? 0);
        const total = Number(detail.total ?? 0);
        const best = facts.timelineBest.get(subject);
        if (!best || score > best.score) facts.timelineBest.set(subject, { score, total });
      }
    }
  }
  if (tableExists(db, 'lesson_reading')) {
    for (const row of db.all(`SELECT section_id AS id FROM lesson_reading`)) {
      facts.read.add(String(row.id));
    }
  }
  for (const [anchor, section] of Object.entries(sectionParents)) {
    if (facts.read.has(section)) facts.read.add(anchor);
  }
  return facts;
}

function parseDetail(value: unknown): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(String(value));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Timeline scenarios scored with full marks. */
export function timelineSolved(facts: CourseFacts): string[] {
  return [...facts.timelineBest]
    .filter(([, best]) => best.total > 0 && best.score === best.total)
    .map(([id]) => id);
}

/** Whether the step a path links to is done, judged by what that page records. */
export function stepDone(href: string, facts: CourseFacts): boolean {
  const [path, anchor] = href.split('#');
  if (path === '/learn' && anchor) return facts.read.has(anchor);
  switch (path) {
    case '/learn':
      return facts.read.size > 0;
    case '/learn/questions':
      return facts.questionsRevealed > 0;
    case '/learn/cases':
      return facts.casesRevealed > 0;
    case '/learn/mistakes':
      return facts.quizAnswered > 0;
    case '/practice/claim-lab':
      return facts.labSolved.size > 0;
    case '/practice/timeline':
      return timelineSolved(facts).length > 0;
    case '/practice/compare':
      return facts.designsChecked.size > 0;
    case '/practice/crash-lab':
      return facts.crashEvaluations > 0;
    case '/reflect':
      return facts.journalAnswers > 0;
    case '/reflect/self-assessment':
      return facts.ratings > 0;
    default:
      // Pages that record nothing (the SQL sandbox) never block the path.
      return false;
  }
}

export interface PathStep {
  href: string;
  label: string;
}

/** A path's steps with done marks, what is done, and the first step still due. */
export function pathProgress<S extends PathStep>(steps: readonly S[], facts: CourseFacts) {
  const marked = steps.map((step) => ({ ...step, done: stepDone(step.href, facts) }));
  const done = marked.filter((s) => s.done).length;
  return { steps: marked, done, total: steps.length, next: marked.find((s) => !s.done) ?? null };
}

/**
 * The step after `currentHref` on a path (the page's own next step), skipping nothing: a
 * learner who finishes a page goes on to the next one in the path's order.
 */
export function stepAfter<S extends PathStep>(steps: readonly S[], currentHref: string): S | null {
  const at = steps.findIndex((s) => s.href.split('#')[0] === currentHref);
  if (at === -1) return null;
  const after = steps.slice(at + 1).find((s) => s.href.split('#')[0] !== currentHref);
  return after ?? null;
}
