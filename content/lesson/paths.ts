import type { LearningPath } from './types';

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
        href: '/learn#preparatory-concepts',
        label: 'Preparatory concepts',
        why: 'The three ideas the rest builds on.',
      },
      {
        href: '/learn#core-principles',
        label: 'The four core principles',
        why: 'Liveness versus safety, and where the check belongs.',
      },
      {
        href: '/learn#check-question',
        label: 'Check question',
        why: 'Say it in your own words before reading on.',
      },
      {
        href: '/learn#engineering-deduction',
        label: 'Engineering deduction',
        why: 'The principles applied to one concrete scene.',
      },
      {
        href: '/learn/questions',
        label: 'Follow-up questions',
        why: 'Three questions, one followed two levels deeper.',
      },
      {
        href: '/learn/mistakes',
        label: 'Common mistakes quiz',
        why: 'Test the beliefs that most often break designs.',
      },
    ],
    exercises: [
      {
        href: '/practice/timeline',
        label: 'Timeline',
        why: 'Watch a paused worker wake up after the takeover.',
      },
      {
        href: '/reflect',
        label: 'Reflect',
        why: 'Write your own answer and rate yourself against the standards.',
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
      },
      {
        href: '/learn#impl-stale-write-rejection',
        label: 'Stale-write rejection',
        why: 'The commit that checks everything in one step.',
      },
      {
        href: '/learn#sqlite-demo',
        label: 'SQLite demo',
        why: 'The claim and finish statements, with the expected output.',
      },
      {
        href: '/learn#principle-short-claims',
        label: 'Short claims',
        why: 'Why the claim transaction must end before the work starts.',
      },
      {
        href: '/learn/questions',
        label: 'Follow-up questions',
        why: 'The PostgreSQL SELECT-then-UPDATE question in particular.',
      },
    ],
    exercises: [
      {
        href: '/practice/claim-lab',
        label: 'Claim lab',
        why: 'Run claim, renew and finish on real SQLite and read each refusal.',
      },
      {
        href: '/practice/sql-sandbox',
        label: 'SQL sandbox',
        why: 'Edit the statements and watch what changes.',
      },
    ],
  },
  {
    id: 'debug',
    title: 'Debug failures',
    summary: 'Start from what goes wrong: double execution, stale writes and crashes.',
    steps: [
      {
        href: '/learn#impl-expiry-does-not-stop',
        label: 'Expiry does not stop the old worker',
        why: 'The failure the whole lesson is about.',
      },
      {
        href: '/learn#impl-test-resume',
        label: 'Testing a resumed worker',
        why: 'The acceptance sequence that reproduces it.',
      },
      {
        href: '/learn/mistakes',
        label: 'Common mistakes quiz',
        why: 'The four beliefs behind most of these bugs.',
      },
      {
        href: '/learn/cases',
        label: 'Migration cases',
        why: 'What still breaks when the write lands remotely.',
      },
    ],
    exercises: [
      {
        href: '/practice/crash-lab',
        label: 'Crash lab',
        why: 'Kill a worker at each step and see what survives.',
      },
      {
        href: '/practice/timeline',
        label: 'Timeline',
        why: 'Step through the pause, the takeover and the stale write.',
      },
    ],
  },
  {
    id: 'compare',
    title: 'Compare designs',
    summary: 'Weigh a lease alone, a lease with a fence, and idempotency keys against each other.',
    steps: [
      {
        href: '/learn#principle-liveness-vs-safety',
        label: 'Liveness versus safety',
        why: 'What each mechanism can and cannot promise.',
      },
      {
        href: '/learn#principle-fence-at-resource',
        label: 'Fence at the resource',
        why: 'Highest-seen tokens, gateways and idempotency compared.',
      },
      {
        href: '/learn/cases',
        label: 'Migration cases',
        why: 'A longer TTL and a remote file, judged by the principles.',
      },
      {
        href: '/learn#references',
        label: 'References',
        why: 'The sources the trade-offs rest on.',
      },
    ],
    exercises: [
      {
        href: '/practice/compare',
        label: 'Compare designs',
        why: 'Run the same schedule against several designs side by side.',
      },
      {
        href: '/practice/claim-lab',
        label: 'Claim lab',
        why: 'Switch to the lease-only design and watch the stale write land.',
      },
    ],
  },
];

export function findPath(id: string): LearningPath | undefined {
  return LEARNING_PATHS.find((path) => path.id === id);
}
