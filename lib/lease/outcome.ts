/**
 * The four outcomes of a write, the one vocabulary every engine (timeline, checker, crash lab,
 * claim lab) reports in. A row count alone cannot tell "refused" from "duplicate": a retried
 * write whose first reply was lost changes 0 rows although the writer won.
 *
 * - applied: the write took effect now.
 * - refused: the store's conditions did not hold; `failed` names them.
 * - duplicate: the same operation id (idempotency key) already took effect; `original` is what
 *   the first attempt stored, returned instead of a second effect.
 * - unknown: the caller cannot tell (its acknowledgement was lost, or it died waiting); the
 *   database's own view is kept beside it in a {@link ObservedWrite}.
 */
export const OUTCOME_KINDS = ['applied', 'refused', 'duplicate', 'unknown'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

/** One condition a store checked while deciding a write, and whether it held. */
export interface ConditionCheck {
  condition: string;
  held: boolean;
}

/** Why a caller does not know what became of its write. */
export type UnknownReason = 'ack-lost' | 'caller-died' | 'timeout';

export type WriteOutcome =
  | { kind: 'applied'; checked: readonly ConditionCheck[] }
  | { kind: 'refused'; failed: readonly string[]; checked: readonly ConditionCheck[] }
  | { kind: 'duplicate'; opId: string; original?: unknown }
  | { kind: 'unknown'; reason: UnknownReason };

/** A write as both sides saw it: the store decided `database`; the caller learned `caller`. */
export interface ObservedWrite {
  database: Exclude<WriteOutcome, { kind: 'unknown' }>;
  caller: WriteOutcome;
}

/**
 * The one outcome builder: what the store decided, and what the caller learned. Without `lost`
 * the caller learns exactly what the store decided; with it (the acknowledgement was lost, or the
 * caller died waiting) the caller learns `unknown` while the store keeps its own view.
 */
export function observe(
  database: ObservedWrite['database'],
  lost?: UnknownReason | false,
): ObservedWrite {
  return { database, caller: lost ? { kind: 'unknown', reason: lost } : database };
}
