import type { BeliefId } from '../beliefs';
import type { Cited } from '../cite';
import type { Paragraphs } from './types';

/**
 * The three foundations the rule stands on, each a lesson section with a graded multiple-choice
 * question (scored on the first answer; content/mastery.ts maps each to the mastery map).
 */

export interface ChoiceOption {
  /** A short id, stored as the learner's choice: 'a', 'b', … */
  id: string;
  text: string;
  /** The wrong beliefs (content/beliefs.ts) that lead a learner to pick this option. */
  states?: readonly BeliefId[];
}

export interface ChoiceQuestion {
  id: string;
  question: string;
  options: readonly ChoiceOption[];
  /** The right option's id. */
  answer: string;
  /** Why, shown once the learner has answered. */
  explanation: Paragraphs;
}

/** A choice question as the page ships it: no answer and no explanation until the learner picks. */
export type ChoicePrompt = Pick<ChoiceQuestion, 'id' | 'question'> & {
  options: readonly Pick<ChoiceOption, 'id' | 'text'>[];
};

export interface Foundation extends Cited {
  /** The section's anchor on /learn. */
  id: string;
  title: string;
  body: Paragraphs;
  question: ChoiceQuestion;
}

/** Foundation 1: what the lock is for decides whether a lease alone can ever be enough. */
export const LOCK_PURPOSE: Foundation = {
  id: 'lock-purpose',
  cite: [
    'lesson.kleppmann-efficiency-correctness',
    'lesson.kleppmann-timing-assumptions',
    'lesson.redis-fencing-advice',
    'lesson.redis-alive-not-held',
    'lesson.gray-cheriton-leases',
    'lesson.gray-cheriton-approval',
    'lesson.gray-cheriton-drift',
    'lesson.chubby-sequencers',
  ],
  title: 'Foundation 1: is the lock there for efficiency or for correctness?',
  body: [
    'Ask what happens if two workers hold the task at once. If the answer is "some work is done twice" (a thumbnail rebuilt twice, one extra reminder email), the lock is there for efficiency: it saves cost, and a lease alone is fine, because an occasional overlap is cheap. If the answer is "the data is wrong" (a draft overwritten, a card charged twice, a counter decremented twice), the lock is there for correctness, and a lease alone is never enough. Kleppmann draws this line in his analysis of Redlock; it decides everything that follows.',
    'Why never? A lease is first of all a liveness tool: a crashed worker does not leave its task stuck, because someone else can take it over. It gives mutual exclusion too, but only while timing assumptions hold: network delay, process pauses and clock error all stay within known bounds (the synchrony assumptions Kleppmann shows Redlock depends on). A garbage-collection stop, a frozen virtual machine or a laptop lid breaks them, and the old worker wakes up believing it still holds the task. A longer lease makes takeovers rarer but proves nothing about the old process having stopped; "we use a Redis lock" does not answer it either, since the lock’s expiry is exactly what let the second worker in. Redis’s own guidance says to implement fencing tokens for exactly this reason: a process that is still alive may no longer hold its lock.',
    'Leases did not start as locks. Gray and Cheriton introduced them in 1989 to keep file caches consistent: a lease was the file server’s time-limited promise that a cached copy stays valid, many clients could hold one on the same file at once, and the server held back a write until each holder had approved it or its lease had run out. What their scheme needs from time is that clocks drift within a known bound. Chubby later built locks on sessions kept alive by leases, and added sequencers, tokens the servers check, because a request sent under a lock can arrive after the lock has changed hands. Fencing is what removes the dependence on the timing assumptions for safety; liveness still depends on them.',
  ],
  question: {
    id: 'found-lock-purpose',
    question:
      'Two nightly jobs each take a Redis lock with a 30-second expiry and nothing else. Job X rebuilds a cache of thumbnails: running it twice gives the same thumbnails. Job Y charges every subscriber for the month. In both, the lock holder freezes for 40 seconds in a garbage-collection pause while a second instance takes the lock and runs. Which is right?',
    options: [
      {
        id: 'a',
        text: 'Both are safe once the expiry is raised above the longest pause ever measured.',
        states: ['longer-ttl-fixes-it'],
      },
      {
        id: 'b',
        text: 'Both are safe as they are: the first holder’s lock has expired, so it is kept out.',
        states: ['expiry-keeps-old-out'],
      },
      {
        id: 'c',
        text: 'X can live with the lock alone; Y cannot: each charge must be refused at the payment store unless it carries the current generation (or is keyed so a month is charged once).',
      },
      { id: 'd', text: 'Neither may use a lease at all: any lock with an expiry is unsafe.' },
    ],
    answer: 'c',
    explanation: [
      'X is an efficiency lock: a second run wastes CPU and writes the same thumbnails. Y is a correctness lock: when the frozen holder wakes up it charges the subscribers it had not reached yet, as if it still held the lock. A longer expiry only moves the line a pause must cross, and the expiry never reaches the frozen process. Leases are still the right tool for Y’s liveness; its safety has to come from the payment store checking each charge.',
    ],
  },
};

/** Foundation 2: a token is only as good as the counter that hands it out. */
export const TOKEN_SOURCE: Foundation = {
  id: 'token-source',
  cite: [
    'lesson.kleppmann-counter-needs-consensus',
    'lesson.redis-failover-race',
    'lesson.kleppmann-consensus-system',
    'lesson.etcd-committed-through-consensus',
    'temporal-range-id.renew-range',
    'temporal-range-id.shard-range',
  ],
  title: 'Foundation 2: the token must come from a source that cannot go back',
  body: [
    'What a token must be depends on how the target compares it. A resource that remembers the highest token it has seen refuses any lower generation: that comparison needs tokens that grow. An equality check at the run row (`fence = $token`) works with any token that is never reused. Either way the comparison is only as good as the counter that hands the numbers out. That counter has to be linearizable: once it has handed out 34, every later claim, from any client, through any replica, gets a number above 34. In practice that means a single authoritative row whose increment commits before the token is returned (the `fence` column of this lesson’s run row), or a consensus-backed store such as ZooKeeper or etcd, which reports a write complete only once it is committed through consensus (Kleppmann’s advice for locks that guard correctness: a proper consensus system, or at the very least a database with real transactional guarantees).',
    'Two everyday setups break it, and neither says so. A Redis primary with a replica replicates asynchronously: the primary can hand out 34 and crash before the increment reaches the replica; the replica is promoted and hands out 34 again (or lower still, if several increments were lost). Redis’s own documentation walks through this race for locks on a failed-over replica. Restoring a backup does the same: the counter goes back to last night’s value while the stores still remember the tokens they saw today.',
    'When the counter goes back, fencing fails silently. A store that keeps the highest token seen and accepts equal tokens lets two holders with 34 both write; a store that already saw 34 refuses every new holder below it, and the task stalls with nobody in the wrong. Compare-and-set on the authoritative row is the safe way to take a number: the increment happens in the store, conditional on what the holder last saw, so no two claims can get the same one. Temporal takes its shards this way: the RangeID is raised in the database with a conditional write, and every write to the shard is conditional on it.',
  ],
  question: {
    id: 'found-token-source',
    question:
      'Fencing tokens come from a counter in a Redis primary with one asynchronous replica. The primary hands token 34 to worker A and crashes before the increment reaches the replica. The replica is promoted, and worker B, which takes over the task, is given 34 as well. The object store keeps the highest token it has seen and accepts a write whose token is at least that. What happens when both A and B write?',
    options: [
      {
        id: 'a',
        text: 'The store refuses B: a token it has already seen cannot come back.',
      },
      {
        id: 'b',
        text: 'Both writes are accepted: the store cannot tell the two holders apart, and nothing reports a problem.',
      },
      {
        id: 'c',
        text: 'The store turns A away: its token is older, because it was handed out first.',
        states: ['any-token-check-will-do'],
      },
      {
        id: 'd',
        text: 'Neither can happen: a promoted replica always has every increment the primary acknowledged.',
      },
    ],
    answer: 'b',
    explanation: [
      'Both carry 34, and 34 is not below the highest token the store has seen, so both writes land: the later one overwrites the earlier, whoever holds the task. Nothing in the token says it was handed out twice. Take tokens from a source that cannot lose an acknowledged increment: the run row itself with a conditional increment, or a consensus-backed store.',
    ],
  },
};

/** Foundation 3: where the check must sit, once as a rule and then for every target. */
export const CHECK_SITE: Foundation = {
  id: 'where-the-check-sits',
  cite: ['lesson.chubby-delayed-request', 'lesson.chubby-sequencers', 'lesson.http-if-match'],
  title: 'Foundation 3: where the check must sit, for every target',
  body: [
    'The rule, once: the generation is checked by whatever applies the write, at the moment it applies it, in the same atomic step. A check anywhere earlier (in the worker, at the claim, in a gateway before a network hop) leaves a gap in which the world changes and the write still lands.',
    'A target that remembers the highest generation it has seen turns the old one away only after it has learned the new one. To turn the old worker away at once, the new holder registers its generation with each target at takeover, before it acts. Below is the rule applied to each kind of target in the course, including the one that cannot check at all.',
  ],
  question: {
    id: 'found-check-site',
    question:
      'Worker A froze, B took the task over, and A has just woken up still holding token 1. Which of these stops A’s write?',
    options: [
      {
        id: 'a',
        text: 'A reads the run row, sees fence 1, and only then calls the payment API.',
        states: ['claim-check-is-enough'],
      },
      {
        id: 'b',
        text: 'A gateway compares A’s token with the current generation and forwards the call; a batch job elsewhere also calls the payment API directly.',
        states: ['any-token-check-will-do'],
      },
      {
        id: 'c',
        text: 'The object store accepts the upload only if the object’s version still equals the one A read when it claimed, and claims do not change that version.',
      },
      {
        id: 'd',
        text: 'The database finishes the run with one UPDATE whose WHERE clause names the run, A as owner, token 1 and an unexpired lease.',
      },
    ],
    answer: 'd',
    explanation: [
      'Only d checks where the write lands, in the same step: the row now holds owner B and fence 2, so the UPDATE changes zero rows. In a, the row can change between A’s read and the call, and the payment API checks nothing. In b, the gateway is not the only path to the target, and a check at forward time is not a check where the write lands. In c, nothing wrote the object between the two claims, so A and B expect the same version and the stale A can write first.',
    ],
  },
};

/** How each target in the course applies the rule, and what to do when it cannot. */
export const CHECK_SITES: readonly { id: string; target: string; check: string }[] = [
  {
    id: 'site-database-row',
    target: 'A database row (the run row, a draft)',
    check:
      'A conditional UPDATE whose WHERE clause names owner, token, an unexpired lease and the state; the store that applies it checks it. This is the only target the course controls end to end.',
  },
  {
    id: 'site-gateway',
    target: 'A gateway in front of another service',
    check:
      'A check at forward time is not a check where the write lands: a forwarded request delayed on the way can arrive after the new holder’s write (the Chubby paper describes exactly this). A gateway fences only if it is the only path to the target and keeps each resource’s writes in order, waiting for the acknowledgement of one before forwarding the next; otherwise the target must check too. One that learns a generation only on its first write still accepts an old one until then (timeline 9b).',
  },
  {
    id: 'site-object-store',
    target: 'An object store',
    check:
      'Either the store compares a token it keeps with the object, or the version condition is one every claim changes (the claim writes its generation into the object). An ETag remembered at claim time is not a fence when nothing wrote the object between two claims. Or write immutable versions and let the fenced database commit switch the official reference.',
  },
  {
    id: 'site-quorum',
    target: 'A replicated store (a quorum of acceptors)',
    check:
      'Each acceptor keeps the highest token it has seen and turns lower ones away, and a write counts only when a majority accepted it. Once a majority has learned the new generation, no write of the old one can gather a majority, whatever the others still accept.',
  },
  {
    id: 'site-external-api',
    target: 'An external API that takes a token field',
    check:
      'A token in the request achieves nothing unless the service compares it with the highest it has seen, per resource, when it applies the write. Ask whether it does; a field it ignores is decoration.',
  },
  {
    id: 'site-cannot-check',
    target: 'A target that cannot check at all',
    check:
      'You cannot fence it; say so. Limit the damage: an idempotency key per business action (a stable id the receiver stores with what it did, so a repeat gets the first result back and the action becomes idempotent: doing it twice has the effect of doing it once), a business unique key, a single trusted sender that is the only path to it, and reconciliation afterwards that finds and repairs what a stale worker did. Pin which actions the current generation may send, and report the rest as unverified rather than undone.',
  },
];

export const FOUNDATIONS: readonly Foundation[] = [LOCK_PURPOSE, TOKEN_SOURCE, CHECK_SITE];

/** Every graded choice question of the lesson. */
export const CHOICE_QUESTIONS: readonly ChoiceQuestion[] = FOUNDATIONS.map((f) => f.question);
