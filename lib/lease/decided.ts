/*
 * The mark of a decision the rulebook made. Its symbol is not exported, and `decided` is not
 * exported from lib/lease/index.ts: only judge.ts's `build` marks a record, so a WriteDecision
 * assembled by hand anywhere else does not compile (lib/lease/one-home.test.ts checks who
 * imports this file).
 */
declare const mark: unique symbol;

/** What only a decision the rulebook's builders made carries. */
export interface Decided {
  readonly [mark]: true;
}

/** Marks a record the rulebook decided (judge.ts's `build` only). */
export function decided<T extends object>(record: T): T & Decided {
  return record as T & Decided;
}
