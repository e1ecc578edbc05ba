import type { QuestionNode } from './types';

export const QUESTIONS_LEAD = [
  'Answer each question yourself before you look at anything: write and save your answer, or say plainly that you do not know yet. Only then does the reference answer open, and a follow-up question opens only after you have tried the one it builds on. Compare the two, then put the reference away and explain the cause, the effect and the trade-offs again in your own words.',
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
      'A worker still holds a valid lease when the user cancels its task. What must the commit condition check now, and what decides whether the cancel or the commit wins?',
    context:
      'The right to execute is not the only thing that can change under a worker: the user can cancel.',
    answer: [
      'Owner, token and `lease_until` are not enough: the conditional commit also requires the run’s status to be running (and, where the design has one, the input revision the worker started from). The cancel is itself a conditional write to the same row, in the same store, and it fences: in one statement it moves the run to canceling and raises the fence, a new generation that no worker holds. That row is where the order is decided. If the cancel lands first, every later commit or renewal from any generation changes zero rows, and each fenced resource that learns the new generation refuses the old holder too; if the commit lands first, the cancel finds a final state and is refused, and the product says the run had already finished.',
      'Telling the scheduler to stop is not a fence: a worker already running can still write done unless the store itself refuses it. Remote actions that were committed before the cancel are handed to reconciliation; they do not silently vanish.',
    ],
    children: [
      {
        id: 'q-remote-after-cancel',
        cite: 'lesson.chubby-delayed-request',
        level: 2,
        question:
          'The cancel reached the database before anything else, and still the old worker sent a request to a remote system. Does refusing its final commit settle the matter?',
        context:
          'Locally the commit condition now covers cancels, but a remote action can still cross the boundary.',
        answer: [
          'No. Refusing the local final state does not undo what happened remotely. Where the target can, let it check the generation or the operation key itself: that is the check where the write lands. Where it cannot, a gateway can stand in only if it is the only path to the target and keeps each resource’s calls in order: it reads the run row again for each call, passes it only while the run is running and the token is still the current generation (the cancel raised it), and waits for the target’s acknowledgement before forwarding the next call. A check made when a call is forwarded is not a check where it lands: a call delayed on the way could still arrive after the cancel. Requests that left before the cancel landed are recorded as awaiting verification.',
          'Report only what is known, and never a rollback that did not happen. While the run is canceling, its old generation is fenced out at the run row and at every target that has learned the new generation; a target that learns generations only from a write there still accepts the old one, and since no worker holds the cancel’s generation, no write will ever teach it: register the new generation there, or count it among the targets that cannot check. The effects that had already happened are listed, and only when that list is settled does the run move from canceling to canceled.',
        ],
        children: [
          {
            id: 'q-idempotency-vs-fencing',
            level: 3,
            question:
              'Suppose the remote system has no idea what a token is. Could an idempotency key do the whole job of fencing there?',
            context:
              'When the remote side protects little, keep the identity of an action apart from the identity of the right to execute.',
            answer: [
              'No. Picture the stale worker’s two kinds of call. A repeat of an action the new worker has already sent carries the same key, and the receiver drops it: there the key does its job. But a stale worker that works from an older input produces a different action, or the same action with different parameters, under a key of its own, and the receiver has no reason to refuse it. The key names the action, not the generation, so it limits the damage; it does not fence.',
              "Three things narrow the gap when the receiver knows no tokens: approve the intents in advance and let only those be sent; route every call through a trusted gateway that is the only path to the target and sends, one at a time, only what the current generation may send; or make the write conditional on the target's own version, provided every claim changes that version (otherwise two generations can expect the same one and the stale writer may win). Where none of these is possible, the honest answer is to limit the damage, reconcile afterwards, and say plainly that some stale side effects cannot be prevented.",
            ],
            children: [],
          },
        ],
      },
    ],
  },
  {
    id: 'q-fence-per-batch',
    cite: 'temporal-range-id.renew-range',
    level: 1,
    question:
      'A worker writes its output in batches. Should each batch raise the fencing token, and how would such a counter differ from the generation taken at claim time?',
    context:
      'Beyond stopping stale workers, keep execution generations and business progress apart.',
    answer: [
      'The fence grows when the right to execute is taken again or taken over: it names a generation. Progress inside one generation is a second number, the batch (or step, or revision). The resource compares the pair (generation, batch) in order, generation first: a write is accepted only if its pair is not below the highest pair it has seen, that is a generation at least as high, and within the same generation a batch at least as high. It refuses going backwards; it does not demand the very next batch, so a gap or a repeat of the last batch passes, and a repeat is for the operation id to catch.',
      'One counter bumped per batch is a trap when the worker computes the number itself, from its own last value. Old generation at batch 2 and new generation at batch 1 can both carry the number 2, or the old one a higher number than the new one, so a highest-seen check lets the stale batch overtake the new generation and refuses the new worker instead. Keeping the two numbers apart, and comparing them as a pair, is what rules that out. A single counter is safe when every bump is a compare-and-set on the authoritative row: the store raises it, conditional on the value the holder last saw, so a new owner always lands above anything the old one held. That is how Temporal’s RangeID works (case file 6). The `operation_id` stays the same across retries of one business action.',
    ],
    children: [],
  },
  {
    id: 'q-select-then-update-postgres',
    cite: ['lesson.postgres-read-committed', 'lesson.postgres-serialization-failure'],
    level: 1,
    question:
      'In PostgreSQL, your claim reads the task with a SELECT and then updates it. What stops another worker from claiming it between those two statements?',
    context: 'Turn "claim atomically" into the database\'s own concurrency mechanism.',
    answer: [
      'In one short transaction, `SELECT … FOR UPDATE SKIP LOCKED` picks a claimable row; then update the owner, increment the token, set the lease, commit, and return the token. Or use a single `UPDATE … RETURNING` whose WHERE clause holds the claim conditions.',
      'A SELECT without a lock followed by a separate UPDATE is not safe, even inside one transaction: under PostgreSQL’s default READ COMMITTED the SELECT takes no lock and the UPDATE does not look again at what it saw. (Under REPEATABLE READ or SERIALIZABLE one of the two claims fails with a serialization error instead, and must be retried.) How unsafe the race is depends on the UPDATE: if it raises the fence in place (`fence = fence + 1`), both workers believe they hold the task but get different tokens, and the fence still refuses the older one at finish. If it writes a token computed from what the SELECT read (`fence = <read value> + 1`), both workers get the same token and the fence can no longer tell them apart. And after the claim has committed and the work runs, the final commit still uses a conditional update to prove the right to write has not expired.',
    ],
    children: [],
  },
];

/** Every node of the tree, parents before children. */
export function flattenQuestions(nodes: readonly QuestionNode[] = QUESTION_TREE): QuestionNode[] {
  return nodes.flatMap((node) => [node, ...flattenQuestions(node.children)]);
}
