/**
 * The six wrong beliefs the course must catch, as data. Each names the mastery items it touches:
 * a learner who holds the belief, and is right about everything else, must end with every one of
 * them at "Not yet" (content/believers/ scripts such a learner over every graded exercise).
 */

export const BELIEF_IDS = [
  'expiry-keeps-old-out',
  'claim-check-is-enough',
  'longer-ttl-fixes-it',
  'idempotency-key-is-fencing',
  'zero-rows-means-lost',
  'any-token-check-will-do',
] as const;
export type BeliefId = (typeof BELIEF_IDS)[number];

export interface Belief {
  id: BeliefId;
  /** The belief in the learner's own words. */
  words: string;
  /** The mastery items (content/mastery.ts) a holder of this belief must not pass. */
  touches: readonly string[];
}

export const BELIEFS: readonly Belief[] = [
  {
    id: 'expiry-keeps-old-out',
    words: 'Once its lease has run out, the old worker is kept out.',
    touches: [
      'mistake-ttl-kills-old-worker',
      'std-basic',
      'insp-resurrection',
      'insp-atomic',
      'chk-generation',
      'chk-not-client',
      'lock-purpose',
    ],
  },
  {
    id: 'claim-check-is-enough',
    words: 'The claim checks the token, so nothing later needs to check it again.',
    touches: [
      'mistake-token-checked-only-in-worker',
      'insp-resource',
      'insp-atomic',
      'std-intermediate',
      'chk-storage-side',
      'where-the-check-sits',
    ],
  },
  {
    id: 'longer-ttl-fixes-it',
    words: 'A long enough lease never runs out under a live worker, so a longer TTL fixes it.',
    touches: ['std-basic', 'chk-not-client', 'lock-purpose'],
  },
  {
    id: 'idempotency-key-is-fencing',
    words: 'A call with an idempotency key cannot do harm, so the key fences the stale worker.',
    touches: ['insp-idempotency', 'std-senior'],
  },
  {
    id: 'zero-rows-means-lost',
    words: 'A write that changes nothing always means I lost the run.',
    touches: ['insp-idempotency'],
  },
  {
    id: 'any-token-check-will-do',
    words: 'A write that carries a token is fenced, whoever checks the token.',
    touches: [
      'mistake-token-checked-only-in-worker',
      'insp-resource',
      'chk-storage-side',
      'token-source',
      'where-the-check-sits',
    ],
  },
];
