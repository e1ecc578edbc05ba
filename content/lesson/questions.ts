import type { QuestionNode } from './types';

export const QUESTIONS_LEAD = [
  'Follow each question through its premise and constraints. Read the reference answer, then put it away and explain the cause, the effect and the trade-offs in your own words.',
] as const;

/**
 * The question tree. Three Level 1 questions; the first one is followed further by a Level 2
 * question, and that by a Level 3 one.
 */
export const QUESTION_TREE: readonly QuestionNode[] = [
  {
    id: 'q-cancel-while-lease-valid',
    level: 1,
    question:
      'The lease is still valid but the user has canceled the task. How should the commit condition grow?',
    context:
      'Holding the right to execute is not the only thing that can change: the user can cancel too.',
    answer: [
      'Besides owner, token and `lease_until`, the conditional commit also checks the run state, a cancel epoch or the input revision. Cancel and commit need a defined order in trusted storage: if the cancel lands first, every later commit is refused; external actions that were already committed go to reconciliation instead of silently disappearing.',
      'Stopping the scheduler is not enough while a running worker can still write done.',
    ],
    children: [
      {
        id: 'q-remote-after-cancel',
        level: 2,
        question:
          'The cancel was written to the database first, yet the old worker still sent a remote request. Is refusing its final commit enough?',
        context:
          'The commit condition now covers cancels locally, but a remote action can still cross the boundary.',
        answer: [
          'No. Refusing the local final state does not undo what happened remotely. Have the gateway that sends requests check the cancel epoch and the token again; where the target supports it, let the target check the generation or the operation key. Record requests already sent as awaiting verification.',
          'The final state the product shows should tell apart "cancel requested", "no new actions started" and "effects that already happened", so it never claims a full rollback that did not occur.',
        ],
        children: [
          {
            id: 'q-idempotency-vs-fencing',
            level: 3,
            question:
              'If the remote side does not understand tokens, can an idempotency key fully replace fencing?',
            context:
              'With weak remote protection, the identity of an action and the identity of the right to execute must be told apart.',
            answer: [
              'No. An idempotency key stops the same operation from being applied twice, but an old worker can still write if it produces a different action or different parameters.',
              "What helps: pin the approved intents, let a trusted gateway send only the actions allowed for the current generation, or make the write conditional on the target's own business version. Without any of these you can only limit the damage and reconcile afterwards; say plainly that not every stale side effect can be prevented.",
            ],
            children: [],
          },
        ],
      },
    ],
  },
  {
    id: 'q-fence-per-batch',
    level: 1,
    question:
      'Should every batch advance the fencing token, and how would that differ from the claim generation?',
    context:
      'Beyond stopping stale workers, keep execution generations and business progress apart.',
    answer: [
      'The fence usually grows when the right to execute is acquired again or taken over: it expresses a generation. Successive batches of the same worker can record their progress with a separate step number or revision.',
      'Bumping the fence on every batch is a finer-grained design, but every downstream reader must understand it the same way, and bumping it casually makes legitimate requests from the current worker look stale. The `operation_id` stays the same across retries of one business action.',
    ],
    children: [],
  },
  {
    id: 'q-select-then-update-postgres',
    level: 1,
    question:
      'In PostgreSQL, how do you stop another worker from taking over between your SELECT and your UPDATE?',
    context: 'Turn "claim atomically" into the database\'s own concurrency mechanism.',
    answer: [
      'In one short transaction, `SELECT … FOR UPDATE SKIP LOCKED` picks a claimable row; then update the owner, increment the token, set the lease, commit, and return the token. Or use a single `UPDATE … RETURNING` whose WHERE clause holds the claim conditions.',
      'A SELECT without a lock followed by a separate UPDATE is not safe. And after the claim has committed and the work runs, the final commit still uses a conditional update to prove the right to write has not expired.',
    ],
    children: [],
  },
];

/** Every node of the tree, parents before children. */
export function flattenQuestions(nodes: readonly QuestionNode[] = QUESTION_TREE): QuestionNode[] {
  return nodes.flatMap((node) => [node, ...flattenQuestions(node.children)]);
}
