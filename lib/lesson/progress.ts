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

/** How a learner attempted an item before its reveal: a saved answer, or an honest "not yet". */
export const ATTEMPT_KINDS = ['answered', 'dont-know'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

/** One thing the learner did in the lesson. Records are the fold of these events. */
export type LessonEvent =
  | { kind: 'revealed'; item: LessonItemKind; id: string; at: number }
  | { kind: 'attempted'; item: LessonItemKind; id: string; how: AttemptKind; at: number }
  | { kind: 'rated'; id: string; rating: Rating; at: number }
  | { kind: 'quiz'; id: string; choice: boolean; correct: boolean; at: number }
  /** A multiple-choice question answered: the option picked, by its id. */
  | { kind: 'chose'; id: string; choice: string; correct: boolean; at: number }
  | {
      kind: 'predicted';
      id: string;
      answers: Readonly<Record<string, WriteFate>>;
      correct: boolean;
      at: number;
    }
  | { kind: 'read'; sectionId: string; at: number };

/**
 * A graded answer (quiz or prediction). The first answer locks: `correct` is the first try's,
 * and only it is scored. Later tries are kept as tries, never as a better score.
 */
export interface GradedAnswer {
  correct: boolean;
  /** How many answers were given, the first included. */
  tries: number;
  /** Whether the latest try was right. */
  lastCorrect: boolean;
}

export interface QuizAnswer extends GradedAnswer {
  /** The first choice: the one the page shows as locked. */
  choice: boolean;
}

export interface ChoiceAnswer extends GradedAnswer {
  /** The first option picked, by its id: the one the page shows as locked. */
  choice: string;
}

export interface PredictionAnswer extends GradedAnswer {
  answers: Readonly<Record<string, WriteFate>>;
}

/** Everything the lesson remembers about one learner. Plain objects, never mutated. */
export interface LessonRecords {
  /** Item id → when it was first revealed. */
  revealed: Readonly<Record<string, number>>;
  /** Item id → how it was first attempted. */
  attempts: Readonly<Record<string, AttemptKind>>;
  /**
   * Item id → an own answer stored in the records database before every answer box wrote to
   * the journal. Read only to move it into the journal once.
   */
  answers: Readonly<Record<string, string>>;
  ratings: Readonly<Record<string, Rating>>;
  quiz: Readonly<Record<string, QuizAnswer>>;
  /** Multiple-choice question id → its first answer and tries. */
  choices: Readonly<Record<string, ChoiceAnswer>>;
  predictions: Readonly<Record<string, PredictionAnswer>>;
  /** Section id → when it was first seen. */
  read: Readonly<Record<string, number>>;
}

export const EMPTY_RECORDS: LessonRecords = {
  revealed: {},
  attempts: {},
  answers: {},
  ratings: {},
  quiz: {},
  choices: {},
  predictions: {},
  read: {},
};

function graded<T extends GradedAnswer>(previous: T | undefined, first: T, correct: boolean): T {
  return previous
    ? { ...previous, tries: previous.tries + 1, lastCorrect: correct }
    : { ...first, tries: 1, lastCorrect: correct };
}

/**
 * Applies one event to the records: reveals, attempts and reading keep their first time; a quiz
 * or prediction keeps its first answer and counts the tries; ratings keep the latest. The
 * records database stores the same rules.
 */
export function applyEvent(records: LessonRecords, event: LessonEvent): LessonRecords {
  switch (event.kind) {
    case 'revealed':
      return event.id in records.revealed
        ? records
        : { ...records, revealed: { ...records.revealed, [event.id]: event.at } };
    case 'attempted':
      return event.id in records.attempts &&
        !(records.attempts[event.id] === 'dont-know' && event.how === 'answered')
        ? records
        : { ...records, attempts: { ...records.attempts, [event.id]: event.how } };
    case 'rated':
      return { ...records, ratings: { ...records.ratings, [event.id]: event.rating } };
    case 'quiz': {
      const answer = graded(
        records.quiz[event.id],
        { choice: event.choice, correct: event.correct, tries: 1, lastCorrect: event.correct },
        event.correct,
      );
      return { ...records, quiz: { ...records.quiz, [event.id]: answer } };
    }
    case 'chose': {
      const answer = graded(
        records.choices[event.id],
        { choice: event.choice, correct: event.correct, tries: 1, lastCorrect: event.correct },
        event.correct,
      );
      return { ...records, choices: { ...records.choices, [event.id]: answer } };
    }
    case 'predicted': {
      const answer = graded(
        records.predictions[event.id],
        { answers: event.answers, correct: event.correct, tries: 1, lastCorrect: event.correct },
        event.correct,
      );
      return { ...records, predictions: { ...records.predictions, [event.id]: answer } };
    }
    case 'read':
      return event.sectionId in records.read
        ? records
        : { ...records, read: { ...records.read, [event.sectionId]: event.at } };
  }
}

interface TreeNode {
  id: string;
  children: readonly TreeNode[];
}

/**
 * The ids of the questions a learner may open: every root, and every child whose parent is
 * open and has been attempted (a saved answer, or an explicit "I don't know yet"). A reveal
 * alone opens nothing: it is only possible after an attempt anyway.
 */
export function unlockedIds(
  tree: readonly TreeNode[],
  attempted: (id: string) => boolean,
): Set<string> {
  const open = new Set<string>();
  const visit = (node: TreeNode) => {
    open.add(node.id);
    if (attempted(node.id)) node.children.forEach(visit);
  };
  tree.forEach(visit);
  return open;
}

/** First-try score of a set of graded items: answered, right on the first try, and retried. */
export function firstTryScore(
  itemIds: readonly string[],
  answers: Readonly<Record<string, GradedAnswer>>,
) {
  const answered = itemIds.filter((id) => id in answers);
  return {
    total: itemIds.length,
    answered: answered.length,
    correct: answered.filter((id) => answers[id].correct).length,
    retried: answered.filter((id) => answers[id].tries > 1).length,
  };
}

/** How many quiz items were answered, and how many of those were right on the first try. */
export function quizScore(itemIds: readonly string[], records: LessonRecords) {
  return firstTryScore(itemIds, records.quiz);
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

/** How many words a saved answer needs, after trimming, to count as an attempt. */
export const MIN_ATTEMPT_WORDS = 3;

/** Words that say "I don't know (yet)" rather than answer: they never count towards an attempt. */
const NOT_AN_ANSWER: ReadonlySet<string> = new Set(
  "i do dont don't not know knew yet no idea clue sure unsure idk dunno pass skip maybe ok okay".split(
    ' ',
  ),
);

/**
 * Whether a saved answer is a real attempt: at least three different words of two or more
 * letters or digits, besides the words of "I don't know yet" ("a b c" is filler, "test test test"
 * too, "I don't know" in any words is not an answer). Only then does it open the reference
 * answer (the "I don't know yet" button opens it too, and marks nothing), and only then does a
 * question count as attempted on a path.
 */
export function isRealAttempt(text: string): boolean {
  const words = text
    .toLowerCase()
    .replace(/’/g, "'")
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}']/gu, '').replace(/^'+|'+$/g, ''))
    .filter((word) => word.replace(/'/g, '').length >= 2 && !NOT_AN_ANSWER.has(word));
  return new Set(words).size >= MIN_ATTEMPT_WORDS;
}
