/**
 * The mastery map: each key inspection, mistake, standard and acceptance checkpoint, tied to the
 * graded exercises a learner who holds the misconception fails. Plain data; the content test
 * proves every exercise exists and that a scripted believer fails each mistake's exercises.
 */

/** A graded exercise somewhere in the app. */
export type ExerciseRef =
  /** A true-or-false quiz item: passed when right on the first try. */
  | { kind: 'quiz'; id: string }
  /** A foundation's multiple-choice question on /learn: passed when right on the first try. */
  | { kind: 'choice'; id: string }
  /** A mistake's prediction: passed when every write is right on the first check. */
  | { kind: 'prediction'; id: string }
  /** A claim/finish lab challenge: passed when solved. */
  | { kind: 'challenge'; id: string }
  /** A timeline scenario: passed when every prediction was right on the first scored attempt. */
  | { kind: 'timeline'; id: string }
  /**
   * A run of a case file, by its scenario id (`case-<number>-<run>`, as content/cases'
   * caseScenario names it): passed when the prediction was right on the first scored attempt.
   */
  | { kind: 'case'; id: string }
  /** The crash lab: passed by a graded prediction about a run with a fault (lib/progress). */
  | { kind: 'crashlab'; id: 'crash-lab' };

export type MasteryGroup = 'foundation' | 'inspection' | 'mistake' | 'standard' | 'checkpoint';

export interface MasteryItem {
  /**
   * The assessment item's id (inspections, standards, checkpoints), the mistake's id, or the
   * foundation's section id on /learn.
   */
  id: string;
  group: MasteryGroup;
  exercises: readonly ExerciseRef[];
}

export const MASTERY_GROUPS: readonly { id: MasteryGroup; title: string }[] = [
  { id: 'foundation', title: 'The three foundations' },
  { id: 'inspection', title: 'The four key inspections' },
  { id: 'mistake', title: 'The four common mistakes' },
  { id: 'standard', title: 'The three standards' },
  { id: 'checkpoint', title: 'The three acceptance checkpoints' },
];

export const MASTERY_MAP: readonly MasteryItem[] = [
  // The foundations, each proved by its own graded question on /learn.
  {
    id: 'lock-purpose',
    group: 'foundation',
    exercises: [{ kind: 'choice', id: 'found-lock-purpose' }],
  },
  {
    id: 'token-source',
    group: 'foundation',
    exercises: [{ kind: 'choice', id: 'found-token-source' }],
  },
  {
    id: 'where-the-check-sits',
    group: 'foundation',
    exercises: [{ kind: 'choice', id: 'found-check-site' }],
  },
  {
    id: 'insp-resurrection',
    group: 'inspection',
    exercises: [
      { kind: 'timeline', id: 'acceptance' },
      { kind: 'case', id: 'case-1-before-client-2-writes' },
      { kind: 'crashlab', id: 'crash-lab' },
    ],
  },
  {
    id: 'insp-atomic',
    group: 'inspection',
    exercises: [
      { kind: 'challenge', id: 'fix-owner-only' },
      { kind: 'challenge', id: 'renewal' },
    ],
  },
  {
    id: 'insp-resource',
    group: 'inspection',
    exercises: [
      { kind: 'quiz', id: 'mistake-token-checked-only-in-worker' },
      { kind: 'timeline', id: 'remote-file-overwrite' },
    ],
  },
  {
    id: 'insp-idempotency',
    group: 'inspection',
    exercises: [
      { kind: 'quiz', id: 'quiz-idempotency-replaces-fencing' },
      { kind: 'timeline', id: 'api-without-tokens' },
      { kind: 'timeline', id: 'retry-same-operation' },
    ],
  },
  {
    id: 'mistake-ttl-kills-old-worker',
    group: 'mistake',
    exercises: [
      { kind: 'quiz', id: 'mistake-ttl-kills-old-worker' },
      { kind: 'prediction', id: 'predict-ttl-kills-old-worker' },
    ],
  },
  {
    id: 'mistake-random-tokens',
    group: 'mistake',
    exercises: [
      { kind: 'quiz', id: 'mistake-random-tokens' },
      { kind: 'prediction', id: 'predict-random-tokens' },
    ],
  },
  {
    id: 'mistake-token-checked-only-in-worker',
    group: 'mistake',
    exercises: [
      { kind: 'quiz', id: 'mistake-token-checked-only-in-worker' },
      { kind: 'prediction', id: 'predict-token-checked-only-in-worker' },
    ],
  },
  {
    id: 'mistake-long-lock-transaction',
    group: 'mistake',
    exercises: [
      { kind: 'quiz', id: 'mistake-long-lock-transaction' },
      { kind: 'prediction', id: 'predict-long-lock-transaction' },
    ],
  },
  {
    id: 'std-basic',
    group: 'standard',
    exercises: [
      { kind: 'quiz', id: 'mistake-ttl-kills-old-worker' },
      { kind: 'prediction', id: 'predict-ttl-kills-old-worker' },
      { kind: 'case', id: 'case-8-both-complete' },
    ],
  },
  {
    id: 'std-intermediate',
    group: 'standard',
    exercises: [
      { kind: 'challenge', id: 'fix-owner-only' },
      { kind: 'quiz', id: 'mistake-random-tokens' },
    ],
  },
  {
    id: 'std-senior',
    group: 'standard',
    exercises: [
      { kind: 'quiz', id: 'quiz-idempotency-replaces-fencing' },
      { kind: 'timeline', id: 'remote-file-versioned' },
    ],
  },
  {
    id: 'chk-generation',
    group: 'checkpoint',
    exercises: [
      { kind: 'timeline', id: 'acceptance' },
      { kind: 'challenge', id: 'renewal' },
    ],
  },
  {
    id: 'chk-storage-side',
    group: 'checkpoint',
    exercises: [
      { kind: 'prediction', id: 'predict-token-checked-only-in-worker' },
      { kind: 'challenge', id: 'fix-owner-only' },
    ],
  },
  {
    id: 'chk-not-client',
    group: 'checkpoint',
    exercises: [
      { kind: 'quiz', id: 'quiz-longer-ttl-fixes-it' },
      { kind: 'timeline', id: 'clock-offset' },
    ],
  },
];

/** Where each kind of exercise is done. */
export const EXERCISE_ROUTES: Record<ExerciseRef['kind'], string> = {
  quiz: '/learn/mistakes',
  choice: '/learn',
  prediction: '/learn/mistakes',
  challenge: '/practice/claim-lab',
  timeline: '/practice/timeline',
  case: '/learn/case-files',
  crashlab: '/practice/crash-lab',
};
