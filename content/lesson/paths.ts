import { ASSESSMENT_ITEMS } from '@/content/reflect';
import { CHALLENGE_IDS, DESIGN_IDS, DROP_CHALLENGE_ID } from '@/content/progress-index';
import type { ExerciseKey, StepEvidence } from '@/lib/progress';
import { MIGRATION_CASES } from './cases';
import { CHECK_SITE, FOUNDATIONS, LOCK_PURPOSE } from './foundations';
import { CHECK_QUESTION } from './lesson';
import { QUIZ_ITEMS } from './mistakes';
import { flattenQuestions } from './questions';
import type { LearningPath } from './types';

/**
 * What completes each kind of step. A step lists its own evidence: every item it names, not
 * any one of them. Graded steps are done only by passing graded work (lib/progress judges it by
 * the mastery map's own rule: right on the first try, or on a review after a wrong first try);
 * a question answered in free text is only ever "attempted". Every page that shows a tick reads it.
 */
const read = (...sections: string[]): readonly StepEvidence[] => [{ kind: 'read', sections }];
const ALL_QUESTIONS: readonly StepEvidence[] = [
  { kind: 'attempted', items: flattenQuestions().map((q) => q.id) },
];
/** Every statement of the quiz answered right, the true ones too. */
const WHOLE_QUIZ: readonly StepEvidence[] = [
  { kind: 'graded', exercises: QUIZ_ITEMS.map((q) => ({ kind: 'quiz' as const, id: q.id })) },
];
const ALL_MIGRATION_CASES: readonly StepEvidence[] = [
  { kind: 'attempted', items: MIGRATION_CASES.map((c) => c.id) },
];
const timeline = (...ids: string[]): ExerciseKey[] =>
  ids.map((id) => ({ kind: 'timeline' as const, id }));
/**
 * The takeover, a worker whose own clock says its lease still holds while its upload lands, and
 * an API that knows only idempotency keys: "the lease stops it", "a key fences it" and "0 rows
 * means I lost" each predict one of these writes wrong.
 */
const TAKEOVER_TIMELINE: readonly StepEvidence[] = [
  {
    kind: 'graded',
    exercises: timeline('acceptance', 'clock-offset', 'api-without-tokens'),
    says: 'three scenarios (the takeover, the clock offset, the API without tokens), each with every write predicted right on the first scored run (or on a review a day later)',
  },
];
const ALL_CHALLENGES: readonly StepEvidence[] = [
  {
    kind: 'graded',
    exercises: CHALLENGE_IDS.map((id) => ({ kind: 'challenge' as const, id })),
  },
];

/**
 * The four ways into the lesson. Each orders the lesson's sections for one goal and points to
 * the exercises that fit it. Exercise routes belong to PRACTICE and REFLECT.
 */
export const LEARNING_PATHS: readonly LearningPath[] = [
  {
    id: 'understand',
    title: 'Understand first',
    summary: 'Build the mental model: why a lease alone is not safe, and what makes it safe.',
    steps: [
      {
        href: '/learn#what-you-saw',
        label: 'What you watched',
        why: 'Lease, takeover, token and fencing, named from the run on the first screen.',
        doneWhen: read('what-you-saw'),
      },
      {
        href: '/learn#the-rule',
        label: 'The rule',
        why: 'Where the check belongs, and what every commit must name.',
        doneWhen: read('the-rule'),
      },
      {
        href: '/learn#check-question',
        label: 'Check question',
        why: 'Say it in your own words before reading on.',
        doneWhen: [{ kind: 'attempted', items: [CHECK_QUESTION.id] }],
      },
      {
        href: '/learn#lock-purpose',
        label: 'The three foundations',
        why: 'Efficiency or correctness, where the token comes from, where the check sits: one graded question each.',
        doneWhen: [
          {
            kind: 'graded',
            exercises: FOUNDATIONS.map((f) => ({ kind: 'choice', id: f.question.id })),
            says: 'the three foundations’ graded questions right on the first try (or on a review a day later)',
          },
        ],
      },
      {
        href: '/learn#engineering-deduction',
        label: 'A design review',
        why: 'The rule applied to one concrete scene, goal first.',
        doneWhen: read('where-it-breaks'),
      },
      {
        href: '/learn/questions',
        label: 'Follow-up questions',
        why: 'Three questions, one followed two levels deeper.',
        doneWhen: ALL_QUESTIONS,
      },
      {
        href: '/learn/mistakes',
        label: 'Common mistakes quiz',
        why: 'Test the beliefs that most often break designs.',
        doneWhen: WHOLE_QUIZ,
      },
    ],
    exercises: [
      {
        href: '/practice/timeline',
        label: 'Timeline',
        why: 'Watch a paused worker wake up after the takeover.',
        doneWhen: TAKEOVER_TIMELINE,
      },
      {
        href: '/reflect',
        label: 'Reflect',
        why: 'Write your own answer and rate yourself against the standards.',
        doneWhen: [
          {
            kind: 'journal-answered',
            prompts: ['main'],
            says: 'your answer to the main question saved in the journal',
          },
          { kind: 'rated', items: ASSESSMENT_ITEMS.map((item) => item.id) },
        ],
      },
    ],
  },
  {
    id: 'implement',
    title: 'Implement next',
    summary:
      'Go straight to the statements: the atomic claim, the renewal and the conditional commit.',
    steps: [
      {
        href: '/learn#impl-atomic-claim',
        label: 'Atomic claims',
        why: 'The claim that bumps the generation.',
        doneWhen: read('impl-atomic-claim'),
      },
      {
        href: '/learn#impl-stale-write-rejection',
        label: 'Stale-write rejection',
        why: 'The commit that checks everything in one step.',
        doneWhen: read('impl-stale-write-rejection'),
      },
      {
        href: '/learn#sqlite-demo',
        label: 'SQLite demo',
        why: 'The claim and finish statements, with the expected output.',
        doneWhen: read('sqlite-demo'),
      },
      {
        href: '/learn#principle-short-claims',
        label: 'Short claims',
        why: 'Why the claim transaction must end before the work starts.',
        doneWhen: read('principle-short-claims'),
      },
      {
        href: '/learn/questions',
        label: 'The SELECT-then-UPDATE question',
        why: 'The PostgreSQL follow-up question: what happens between the SELECT and the UPDATE.',
        doneWhen: [
          {
            kind: 'attempted',
            items: ['q-select-then-update-postgres'],
            says: 'your own answer saved, then the reference answer revealed',
          },
        ],
      },
      {
        href: '/learn/mistakes#predict-token-checked-only-in-worker',
        label: 'Where the token is checked',
        why: 'Predict what a token checked only in the worker lets through.',
        doneWhen: [
          {
            kind: 'graded',
            exercises: [{ kind: 'prediction', id: 'predict-token-checked-only-in-worker' }],
          },
        ],
      },
    ],
    exercises: [
      {
        href: '/practice/claim-lab',
        label: 'Claim lab',
        why: 'Run claim, renew and finish on real SQLite and read each refusal.',
        doneWhen: ALL_CHALLENGES,
      },
      {
        href: '/practice/timeline',
        label: 'Timeline: reading the reply',
        why: 'A retry after a lost reply, and an API that knows only idempotency keys: a write that changes nothing, and what an operation id does and does not do.',
        doneWhen: [
          {
            kind: 'graded',
            exercises: timeline('retry-same-operation', 'api-without-tokens'),
            says: 'both scenarios (the retry after a lost reply, the API that knows only keys) with every write predicted right on the first scored run (or on a review a day later)',
          },
        ],
      },
      {
        href: '/practice/sql-sandbox',
        label: 'SQL sandbox',
        why: 'Edit the statements and watch what changes.',
        doneWhen: [],
      },
    ],
  },
  {
    id: 'debug',
    title: 'Debug failures',
    summary: 'Start from what goes wrong: double execution, stale writes and crashes.',
    steps: [
      {
        href: '/learn#watch-it-fail',
        label: 'Watch a stale worker win',
        why: 'The failure the whole lesson is about, run on the first screen.',
        doneWhen: read('watch-it-fail'),
      },
      {
        href: '/learn#prove-it',
        label: 'The takeover tests',
        why: 'The acceptance sequence that reproduces it, and the tests around it.',
        doneWhen: read('prove-it'),
      },
      {
        href: '/learn/mistakes',
        label: 'Common mistakes quiz',
        why: 'Seven true-or-false statements: the four common mistakes and three more beliefs behind these bugs.',
        doneWhen: WHOLE_QUIZ,
      },
      {
        href: '/learn/cases',
        label: 'Migration cases',
        why: 'What still breaks when the write lands remotely.',
        doneWhen: ALL_MIGRATION_CASES,
      },
    ],
    exercises: [
      {
        href: '/practice/crash-lab',
        label: 'Crash lab',
        why: 'Kill a worker at each step and see what survives.',
        doneWhen: [
          {
            kind: 'graded',
            exercises: [{ kind: 'crashlab', id: 'crash-lab' }],
            says: 'a prediction about a run with a fault you chose (which steps two workers start, how many receipts), right on the first graded try (or on a review a day later)',
          },
        ],
      },
      {
        href: '/practice/timeline',
        label: 'Timeline',
        why: 'Step through the pause, the takeover and the stale write.',
        doneWhen: TAKEOVER_TIMELINE,
      },
    ],
  },
  {
    id: 'compare',
    title: 'Compare designs',
    summary: 'Weigh a lease alone, a lease with a fence, and idempotency keys against each other.',
    steps: [
      {
        href: '/learn#lock-purpose',
        label: 'Efficiency or correctness',
        why: 'What a lease can promise, and when it never suffices.',
        doneWhen: [
          {
            kind: 'graded',
            exercises: [{ kind: 'choice', id: LOCK_PURPOSE.question.id }],
            says: 'Foundation 1’s graded question right on the first try (or on a review a day later)',
          },
        ],
      },
      {
        href: '/learn#where-the-check-sits',
        label: 'Where the check sits',
        why: 'Database row, gateway, object store, quorum and external API compared.',
        doneWhen: [
          {
            kind: 'graded',
            exercises: [{ kind: 'choice', id: CHECK_SITE.question.id }],
            says: 'Foundation 3’s graded question right on the first try (or on a review a day later)',
          },
        ],
      },
      {
        href: '/learn/cases',
        label: 'Migration cases',
        why: 'A longer TTL and a remote file, judged by the principles.',
        doneWhen: ALL_MIGRATION_CASES,
      },
      {
        href: '/learn#references',
        label: 'References',
        why: 'The sources the trade-offs rest on.',
        doneWhen: read('references'),
      },
    ],
    exercises: [
      {
        href: '/practice/compare',
        label: 'Compare designs',
        why: 'Run the same schedule against several designs side by side.',
        doneWhen: [{ kind: 'designs-checked', designs: [...DESIGN_IDS] }],
      },
      {
        href: '/practice/claim-lab',
        label: 'Claim lab',
        why: 'Delete the fence check from the finish and watch the stale finish land.',
        doneWhen: [
          {
            kind: 'graded',
            exercises: [{ kind: 'challenge', id: DROP_CHALLENGE_ID }],
            says: 'the “Drop one condition” challenge solved on the first try (or on a review a day later)',
          },
        ],
      },
      {
        href: '/practice/timeline',
        label: 'Timeline: keys and versions',
        why: 'An API that knows only idempotency keys, and a versioned report with a fenced switch.',
        doneWhen: [
          {
            kind: 'graded',
            exercises: timeline('api-without-tokens', 'remote-file-versioned'),
            says: 'both scenarios with every write predicted right on the first scored run (or on a review a day later)',
          },
        ],
      },
    ],
  },
];

export function findPath(id: string): LearningPath | undefined {
  return LEARNING_PATHS.find((path) => path.id === id);
}
