import type { Authority, DecisionViolation, WriteDecision } from './decision';
import type { DecisionContext, HeldToken } from './judge';
import { FINAL_STATUSES } from './types';

/**
 * The four safety properties of the lesson and their one judge: judgeWrite over one write (every
 * decision of lib/lease's step carries its verdict), and firstViolation, the same rules folded
 * over one neutral event log. The schedule checker's fast path, the replay oracle over a
 * timeline trace and the crash lab's evaluation judge with these; none restates a property.
 *
 * 1. No stale write lands: once a newer generation exists (a claim, or a fenced cancel), no
 *    write of an older generation takes effect anywhere.
 * 2. The fence only grows, and no two claims hold the same token.
 * 3. A run in a final state is never claimed again.
 * 4. A run is finished at most once.
 */
export const PROPERTY_IDS = [1, 2, 3, 4] as const;
export type PropertyId = (typeof PROPERTY_IDS)[number];

export const VIOLATION_KINDS = [
  'stale-write',
  'fence-shrank',
  'shared-token',
  'final-claimed',
  'second-finish',
] as const;
export type ViolationKind = (typeof VIOLATION_KINDS)[number];

/** Which property a kind of violation breaks. */
export const PROPERTY_OF: Readonly<Record<ViolationKind, PropertyId>> = {
  'stale-write': 1,
  'fence-shrank': 2,
  'shared-token': 2,
  'final-claimed': 3,
  'second-finish': 4,
};

/** What happened, whatever engine ran it. `holder` names a lease holder (one process). */
export type LeaseEvent =
  /** A claim succeeded: `holder` is the newest generation and holds `token`. */
  | { kind: 'claim'; holder: string; token: number; finalBefore: boolean }
  /** A cancel succeeded: a newer generation that no holder owns. */
  | { kind: 'cancel' }
  /** A write of `holder` took effect at `target` (finish: it completed the run). */
  | { kind: 'landed'; holder: string; target: string; finish: boolean }
  /** The run row's fence after a step. */
  | { kind: 'fence'; fence: number };

/** A step of the log that broke a property. */
export interface PropertyViolation {
  property: PropertyId;
  kind: ViolationKind;
  /** Index in the log. */
  at: number;
  target?: string;
}

/** Property 1: a holder of generation `held` writes after generation `latest` exists. */
export function isStaleWrite(held: number, latest: number): boolean {
  return held < latest;
}

/**
 * Property 1 in terms of who holds the run: a write is stale unless nobody has claimed the run
 * yet, or its writer is the newest claim's holder with that claim's token.
 */
export function isStaleFor(authority: Authority, writer: string, holds: number | null): boolean {
  const unclaimed = authority.holder === null && authority.token === 0;
  const rightful = authority.holder === writer && holds === authority.token;
  return !unclaimed && !rightful;
}

/** Property 2: the fence went down. */
export function fenceShrank(before: number, after: number): boolean {
  return after < before;
}

/** Property 2: a new claim's token is already held by another holder. */
export function sharesToken(token: number, others: Iterable<number>): boolean {
  for (const t of others) if (t === token) return true;
  return false;
}

/** Property 3: the run was in a final state when it was claimed. */
export function claimedFinal(finalBefore: boolean): boolean {
  return finalBefore;
}

/** Property 4: more than one finish took effect. */
export function finishedTwice(finishes: number): boolean {
  return finishes > 1;
}

/** The first violation in a log, or null: the oracle every engine's log is judged by. */
export function firstViolation(
  log: readonly LeaseEvent[],
  initialFence = 0,
): PropertyViolation | null {
  const generation = new Map<string, number>();
  const token = new Map<string, number>();
  let latest = 0;
  // Who holds the run, with its generation's number as the token (as a decision sees it).
  let authority: Authority = { holder: null, token: 0 };
  let finishes = 0;
  let fence = initialFence;
  const violation = (kind: ViolationKind, at: number, target?: string): PropertyViolation => ({
    property: PROPERTY_OF[kind],
    kind,
    at,
    ...(target ? { target } : {}),
  });
  for (let at = 0; at < log.length; at++) {
    const e = log[at];
    switch (e.kind) {
      case 'claim': {
        latest += 1;
        if (claimedFinal(e.finalBefore)) return violation('final-claimed', at, 'run row');
        const others = [...token].filter(([h]) => h !== e.holder).map(([, t]) => t);
        if (sharesToken(e.token, others)) return violation('shared-token', at, 'run row');
        generation.set(e.holder, latest);
        token.set(e.holder, e.token);
        authority = { holder: e.holder, token: latest };
        break;
      }
      case 'cancel':
        latest += 1;
        authority = { holder: null, token: latest };
        break;
      case 'landed':
        if (isStaleFor(authority, e.holder, generation.get(e.holder) ?? 0))
          return violation('stale-write', at, e.target);
        if (e.finish && finishedTwice(++finishes)) return violation('second-finish', at, e.target);
        break;
      case 'fence':
        if (fenceShrank(fence, e.fence)) return violation('fence-shrank', at, 'run row');
        fence = e.fence;
        break;
    }
  }
  return null;
}

/**
 * The one judge of the four properties over one write: the property an applied write broke
 * (null: none), with its culprit and victim. Every decision builder calls it (judge.ts), and
 * firstViolation folds the same rules over a neutral log.
 */
export function judgeWrite(
  ctx: DecisionContext,
  d: WriteDecision,
  others: readonly HeldToken[],
): DecisionViolation | null {
  if (d.outcome.database !== 'applied') return null;
  const broke = (kind: ViolationKind, victim: string | null): DecisionViolation => ({
    kind,
    property: PROPERTY_OF[kind],
    culprit: d.writer,
    victim: victim || null,
  });
  const { before, after } = d;
  if (d.kind === 'rescue' && before) {
    // A re-queue reopens a finished run (property 3), or takes the run from a newer claim than
    // the one it read as stuck: a write of an older generation landing (property 1).
    if (claimedFinal(FINAL_STATUSES.includes(before.status)))
      return broke('final-claimed', before.owner);
    if (d.read && d.read.fence < before.fence) return broke('stale-write', d.authority.holder);
  } else if (d.kind === 'claim' && before && after) {
    if (claimedFinal(FINAL_STATUSES.includes(before.status)))
      return broke('final-claimed', before.owner);
    const another = (o: HeldToken) =>
      o.holder !== d.writer ||
      (o.lane !== undefined && ctx.lane !== undefined && o.lane !== ctx.lane);
    const sharing = others.find((o) => another(o) && o.token === after.fence);
    if (sharing && sharesToken(after.fence, [sharing.token]))
      return broke('shared-token', sharing.holder);
  } else if (d.kind !== 'cancel' && d.kind !== 'complete-cancel' && d.kind !== 'register') {
    if (isStaleFor(d.authority, d.writer, ctx.holds ?? d.token))
      return broke('stale-write', d.authority.holder);
    if (d.kind === 'finish' && finishedTwice(before?.status === 'done' ? 2 : 1))
      return broke('second-finish', before?.owner ?? null);
  }
  if (before && after && fenceShrank(before.fence, after.fence))
    return broke('fence-shrank', before.owner);
  return null;
}
