import type { LabExercise } from '@/lib/claim-lab';
import type { CommitCondition } from '@/lib/lease';
import { LESSON_DEMO_OUTPUT } from '@/lib/lease';
import {
  DEMO_PROGRAM,
  DROP_SOLUTION,
  DROP_STARTER,
  FIX_SOLUTION,
  FIX_STARTER,
  RACE_SOLUTION,
  RACE_STARTER,
  RENEW_SOLUTION,
  RENEW_STARTER,
} from './programs';

export const DEMO_ID = 'demo';

/**
 * What a first try is for a challenge, shown beside each one (lib/claim-lab's isJudgedRun
 * decides it; lib/progress grades by it).
 */
export const FIRST_TRY_RULE =
  'Your first try is your first judged run: the first run of a program you changed that runs to its end, so its output is checked. Running the program as given, a type error or a run that stops on an error is not a try. A challenge counts when that first try solves it, or, after a first try that does not, when you solve it again a day or more later.';
export const DROP_ID = 'drop-one-condition';

/** The lesson's demo, then the four challenges, in the order the lab shows them. */
export const LAB_EXERCISES: readonly LabExercise[] = [
  {
    id: DEMO_ID,
    kind: 'demo',
    title: 'The lesson’s demo',
    goal: 'Run the demo. A’s finish at 7 comes after B’s claim at 6, so it must change 0 rows; B’s finish changes 1.',
    starter: DEMO_PROGRAM,
    solution: DEMO_PROGRAM,
    check: {
      kind: 'exact',
      lines: LESSON_DEMO_OUTPUT,
      writes: [
        { write: 'claim', writer: 'A', token: 1, outcome: 'applied' },
        { write: 'claim', writer: 'B', token: 2, outcome: 'applied' },
        { write: 'finish', writer: 'A', token: 1, outcome: 'refused' },
        { write: 'finish', writer: 'B', token: 2, outcome: 'applied' },
      ],
    },
    solvedNote:
      'The claim bumped the fence to 2 when B took over. A still holds token 1, so its finish matches no row: the UPDATE checks owner, fence, lease and status in the same statement that writes.',
  },
  {
    id: DROP_ID,
    kind: 'challenge',
    title: 'Drop one condition',
    goal: 'A fresh process of worker A, under the same name, took the run over. Which one condition, deleted from FINISH, lets the old process’s stale finish print old: 1? Delete that one and run: your first judged run is graded. Try the other deletions after it to see what each does.',
    starter: DROP_STARTER,
    solution: DROP_SOLUTION,
    check: {
      kind: 'includes',
      lines: ['old: 1'],
      // The old process's finish lands: one deleted condition let its token 1 through.
      writes: [
        { write: 'claim', writer: 'A', token: 1, outcome: 'applied' },
        { write: 'claim', writer: 'A', token: 2, outcome: 'applied' },
        { write: 'finish', writer: 'A', token: 1, outcome: 'applied' },
      ],
    },
    analysis: { kind: 'drop-one' },
    solvedNote:
      'Only the fence tells two generations of the same worker apart. In the lesson’s own demo B has a different name, so owner and fence both refuse A: no single deletion gets through there. Here the owner matches, so the fence is the one check left.',
  },
  {
    id: 'fix-owner-only',
    kind: 'challenge',
    title: 'Fix a finish that checks only the owner',
    goal: 'This FINISH checks the owner and nothing else. Fix its WHERE so the stale generation, the second finish and the late finish change 0 rows, and the current generation still finishes.',
    starter: FIX_STARTER,
    solution: FIX_SOLUTION,
    check: {
      kind: 'exact',
      lines: ['old: 0', 'new: 1', 'again: 0', 'late: 0'],
      writes: [
        { write: 'claim', writer: 'A', token: 1, outcome: 'applied' },
        { write: 'claim', writer: 'A', token: 2, outcome: 'applied' },
        { write: 'finish', writer: 'A', token: 1, outcome: 'refused' },
        { write: 'finish', writer: 'A', token: 2, outcome: 'applied' },
        { write: 'finish', writer: 'A', token: 2, outcome: 'duplicate' },
        { write: 'claim', writer: 'C', token: 1, outcome: 'applied' },
        { write: 'finish', writer: 'C', token: 1, outcome: 'refused' },
      ],
    },
    analysis: { kind: 'finish', required: ['fence', 'status', 'lease'] },
    solvedNote:
      'Each condition refuses a different writer: the fence refuses an old generation, the status refuses a second finish of a done run, and the lease refuses a worker that stalled past it. The owner adds a readable check and refuses a different worker, which the fence refuses too.',
  },
  {
    id: 'select-then-update',
    kind: 'challenge',
    title: 'Claim as SELECT, then UPDATE: show the race',
    goal: 'The claim below is two statements: a SELECT that sees the run is free, then an UPDATE with no condition. Reorder the steps so that both A and B print claimed: yes.',
    starter: RACE_STARTER,
    solution: RACE_SOLUTION,
    check: {
      kind: 'includes',
      lines: ['A claimed: yes', 'B claimed: yes'],
      // The race itself: B's claim lands although the run was no longer claimable.
      writes: [
        { write: 'claim', writer: 'A', token: 1, outcome: 'applied' },
        { write: 'claim', writer: 'B', token: 2, outcome: 'applied', failed: ['claimable'] },
      ],
    },
    analysis: { kind: 'read-then-write' },
    solvedNote:
      'Both workers saw a free run, so both took it, and each now believes it holds the lease. Nothing between the SELECT and the UPDATE stops the second writer. The lesson’s claim puts the check in the UPDATE’s own WHERE, so the second UPDATE changes 0 rows. Here the fence still saves the finish, but only because this UPDATE raises the fence in place (`fence = fence + 1`): B’s increment lands on top of A’s, so A holds 1 and B holds 2, and A’s token is already stale. A read-then-write claim that sets the fence to the value its SELECT read plus one hands both workers the same token 2, and then the fence cannot tell them apart at all.',
    link: {
      href: '/practice/timeline',
      label: 'Step through the same race in the timeline exercise',
    },
  },
  {
    id: 'renewal',
    kind: 'challenge',
    analysis: { kind: 'renew', required: ['owner', 'fence', 'lease'] },
    title: 'Add renewal that matches owner and fence',
    goal: 'Write renew() as one UPDATE that extends the lease only while the owner, the fence and an unexpired lease all still match.',
    starter: RENEW_STARTER,
    solution: RENEW_SOLUTION,
    check: {
      kind: 'exact',
      lines: [
        'A: 1',
        'renew A at 3: 1',
        'B at 6: null',
        'B at 9: 2',
        'stale renew A at 10: 0',
        'B again at 15: 3',
        'stale renew B at 16: 0',
        'renew B at 16: 1',
        'late renew B at 30: 0',
      ],
      writes: [
        { write: 'claim', writer: 'A', token: 1, outcome: 'applied' },
        { write: 'renew', writer: 'A', token: 1, outcome: 'applied' },
        { write: 'claim', writer: 'B', token: null, outcome: 'refused' },
        { write: 'claim', writer: 'B', token: 2, outcome: 'applied' },
        { write: 'renew', writer: 'A', token: 1, outcome: 'refused' },
        { write: 'claim', writer: 'B', token: 3, outcome: 'applied' },
        { write: 'renew', writer: 'B', token: 2, outcome: 'refused' },
        { write: 'renew', writer: 'B', token: 3, outcome: 'applied' },
        { write: 'renew', writer: 'B', token: 3, outcome: 'refused' },
      ],
    },
    solvedNote:
      'A renewal is a write like any other. With the owner alone, the old B process could extend the lease of the new one; with the fence it cannot. A renewal after the lease ran out fails too: someone may already have claimed the run, and the worker should stop.',
  },
];

/** Why deleting each finish condition did or did not let the stale finish through. */
export const DELETION_EXPLANATIONS: Record<CommitCondition, { label: string; why: string }> = {
  owner: {
    label: 'owner = $owner',
    why: 'Both processes run as worker A, so the owner matches for the stale one too. A name says who, not which generation.',
  },
  fence: {
    label: 'fence = $token',
    why: 'The new claim bumped the fence to 2 and the stale process holds token 1. This is the only condition that differs, so deleting it lets the stale write land.',
  },
  lease: {
    label: 'lease_until > $now',
    why: 'The new claim set the lease to run until 11, so at 7 it has not run out for anybody. The lease says the run is held, not by whom.',
  },
  status: {
    label: "status = 'running'",
    why: 'The run is still running when the stale finish arrives. The status refuses writes after done or canceled, not stale generations.',
  },
};
