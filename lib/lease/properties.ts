/**
 * The four safety properties of the lesson, as pure functions over one neutral event log. The
 * schedule checker's machine, the replay oracle over a timeline trace, the timeline's property
 * tests and the crash lab's evaluation all judge with these; none restates a property.
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
        break;
      }
      case 'cancel':
        latest += 1;
        break;
      case 'landed':
        if (isStaleWrite(generation.get(e.holder) ?? 0, latest))
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
