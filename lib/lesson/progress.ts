/** The learner's self-rating after a reveal. */
export const RATINGS = ['got-it', 'partly', 'missed'] as const;
export type Rating = (typeof RATINGS)[number];

/** What became of one write in a prediction: the learner picks one per write. */
export const WRITE_FATES = ['applied', 'refused', 'never-sent', 'waits'] as const;
export type WriteFate = (typeof WRITE_FATES)[number];

/** Grades a prediction: right only if every write's fate is right. */
export function predictionCorrect(
  writes: readonly { id: string; fate: WriteFate }[],
  answers: Readonly<Record<string, WriteFate>>,
): boolean {
  return writes.every((write) => answers[write.id] === write.fate);
}

/** What a learner can reveal or answer: a Q&A question or a migration case. */
export type LessonItemKind = 'question' | 'case';

/** The longest own answer or prediction the lesson keeps. */
export const MAX_ANSWER_LENGTH = 20_000;

/** One thing the learner did in the lesson. Records are the fold of these events. */
export type LessonEvent =
  | { kind: 'revealed'; item: LessonItemKind; id: string; at: number }
  | { kind: 'answered'; item: LessonItemKind; id: string; text: string; at: number }
  | { kind: 'rated'; id: string; rating: Rating; at: number }
  | { kind: 'quiz'; id: string; choice: boolean; correct: boolean; at: number }
  | { kind: 'read'; sectionId: string; at: number };

export interface QuizAnswer {
  choice: boolean;
  correct: boolean;
}

/** Everything the lesson remembers about one learner. Plain objects, never mutated. */
export interface LessonRecords {
  /** Item id → when it was first revealed. */
  revealed: Readonly<Record<string, number>>;
  /** Item id → the learner's own latest answer or prediction. */
  answers: Readonly<Record<string, string>>;
  ratings: Readonly<Record<string, Rating>>;
  quiz: Readonly<Record<string, QuizAnswer>>;
  /** Section id → when it was first seen. */
  read: Readonly<Record<string, number>>;
}

export const EMPTY_RECORDS: LessonRecords = {
  revealed: {},
  answers: {},
  ratings: {},
  quiz: {},
  read: {},
};

/** Why an own answer cannot be kept, or null when it can. */
export function answerProblem(text: string): string | null {
  if (text.trim().length === 0) return 'Write something first: an empty answer is not saved.';
  if (text.length > MAX_ANSWER_LENGTH) {
    return `Your answer is ${text.length.toLocaleString('en')} characters; the limit is ${MAX_ANSWER_LENGTH.toLocaleString('en')}. Shorten it to save (nothing you typed was lost).`;
  }
  return null;
}

/**
 * Applies one event to the records: reveals and reading keep their first time, answers,
 * ratings and quiz choices keep the latest. The records database stores the same rules.
 */
export function applyEvent(records: LessonRecords, event: LessonEvent): LessonRecords {
  switch (event.kind) {
    case 'revealed':
      return event.id in records.revealed
        ? records
        : { ...records, revealed: { ...records.revealed, [event.id]: event.at } };
    case 'answered':
      return { ...records, answers: { ...records.answers, [event.id]: event.text } };
    case 'rated':
      return { ...records, ratings: { ...records.ratings, [event.id]: event.rating } };
    case 'quiz':
      return {
        ...records,
        quiz: { ...records.quiz, [event.id]: { choice: event.choice, correct: event.correct } },
      };
    case 'read':
      return event.sectionId in records.read
        ? records
        : { ...records, read: { ...records.read, [event.sectionId]: event.at } };
  }
}

/** Whether an item has been answered by the learner or its reference answer revealed. */
export function isSettled(records: LessonRecords, id: string): boolean {
  return id in records.revealed || (records.answers[id] ?? '').trim().length > 0;
}

interface TreeNode {
  id: string;
  children: readonly TreeNode[];
}

/**
 * The ids of the questions a learner may open: every root, and every child whose parent is
 * open and has been answered or revealed.
 */
export function unlockedIds(tree: readonly TreeNode[], records: LessonRecords): Set<string> {
  const open = new Set<string>();
  const visit = (node: TreeNode) => {
    open.add(node.id);
    if (isSettled(records, node.id)) node.children.forEach(visit);
  };
  tree.forEach(visit);
  return open;
}

/** How many quiz items were answered, and how many of those correctly. */
export function quizScore(itemIds: readonly string[], records: LessonRecords) {
  const answered = itemIds.filter((id) => id in records.quiz);
  return {
    total: itemIds.length,
    answered: answered.length,
    correct: answered.filter((id) => records.quiz[id].correct).length,
  };
}

/** How much of the lesson has been read: sections seen out of all sections. */
export function readingProgress(sectionIds: readonly string[], records: LessonRecords) {
  const read = sectionIds.filter((id) => id in records.read).length;
  return {
    read,
    total: sectionIds.length,
    percent: sectionIds.length ? Math.round((read / sectionIds.length) * 100) : 0,
  };
}
