import type { SqlValue } from './driver';

/**
 * A statement compiled once and run many times, bound by position: the driver form of a search
 * that runs the same few statements millions of times (lib/lease's prepared step). sql.js's
 * `Statement` has this shape as it is, so the search pays for no wrapper.
 */
export interface PreparedSql {
  /** Binds the values by position (and resets the statement). */
  bind(values: SqlValue[]): unknown;
  /** Runs to the next row: false once there is none. */
  step(): boolean;
  /** The current row's values, in column order. */
  get(): SqlValue[];
  getColumnNames(): string[];
  reset(): unknown;
  free(): unknown;
}

/** A database that prepares statements (sql.js's `Database` has this shape as it is). */
export interface PreparingDriver {
  prepare(sql: string): PreparedSql;
  /** The rows the last statement changed. */
  getRowsModified(): number;
}
