import type { CheckResult } from '@/lib/lease/decision';
import { HIGHEST_SEEN } from './highest-seen';
import { checkResult, type KindObject, type TargetSetting } from './unit';

/** The kind's id (its encoding in settings and share links). */
export type MajorityId = typeof ID;
const ID = 'majority';
/** The check a majority runs: did enough acceptors take it? */
export type QuorumCheckName = typeof QUORUM;
const QUORUM = 'quorum';

/** The largest replicated resource the builder offers, and the size it starts with. */
export const MAX_ACCEPTORS = 5;
const DEFAULT_ACCEPTORS = 3;

/** How many acceptors a setting has: its own count within 1..MAX_ACCEPTORS, else 3. */
function acceptorsOf(s: Pick<TargetSetting, 'acceptors'>): number {
  return Math.max(1, Math.min(MAX_ACCEPTORS, s.acceptors ?? DEFAULT_ACCEPTORS));
}

/** One acceptor's answer, as the checks read it. */
interface Vote {
  reached: boolean;
  accepted: boolean;
  highestBefore: number;
}

/**
 * A replicated resource (quorum journals, Paxos acceptors): each acceptor keeps the highest
 * generation it promised, and a write or a registration counts only when a majority took it.
 * Its rule runs in replicated-fence.ts (one statement per acceptor), not as one fence.
 */
export const MAJORITY = {
  id: ID,
  label: 'Majority of acceptors',
  setting: (acceptors: number = DEFAULT_ACCEPTORS) => ({ kind: ID, acceptors }),
  acceptorsOf,
  comparesToken: true,
  comparesKey: false,
  keepsGenerations: true,
  /** What the acceptors reached compared (the highest they had promised), and whether a majority took it. */
  checks(token: number, votes: readonly Vote[], needed: number): CheckResult[] {
    const reached = votes.filter((v) => v.reached);
    const took = votes.filter((v) => v.accepted).length;
    const promised = Math.max(0, ...reached.map((v) => v.highestBefore));
    return [
      ...(reached.length
        ? [
            checkResult(
              HIGHEST_SEEN.id,
              'at-least',
              promised,
              token,
              reached.every((v) => v.accepted),
            ),
          ]
        : []),
      checkResult(QUORUM, QUORUM, needed, took, took >= needed),
    ];
  },
  checkWords: {
    [QUORUM]: {
      label: () => 'no majority',
      fact: (c, d) =>
        `${c.actual} of ${d.quorum?.acceptors ?? '?'} ${d.quorum?.acceptors === 1 ? 'acceptor' : 'acceptors'} took it, a majority is ${c.expected}`,
      rule: () =>
        'A replicated resource counts a write only when a majority of its acceptors took it; a minority copy is never the answer.',
    },
  },
  tokenChecks: [QUORUM],
  samples: Array.from({ length: MAX_ACCEPTORS }, (_, i) => ({ kind: ID, acceptors: i + 1 })),
} as const satisfies KindObject<typeof ID, never>;
