/** A value SQLite can store and return. */
export type SqlValue = string | number | null | Uint8Array;

/**
 * Statement parameters: positional (`?`) as an array, or named as an object whose keys are the
 * names without their prefix (`{ owner: 'A' }` binds `$owner`, `:owner` and `@owner`).
 */
export type SqlParams = readonly SqlValue[] | Readonly<Record<string, SqlValue>>;

export type SqlRow = Record<string, SqlValue>;

/**
 * The small driver interface every engine talks to. sql.js implements it in the browser and in
 * Node tests; a file-backed SQLite can implement it for command-line tools. Keep it small: a
 * second implementation must be cheap to write.
 */
export interface SqlDriver {
  /** Runs one statement and returns how many rows it changed. */
  run(sql: string, params?: SqlParams): number;
  /** The first row of a query, or undefined when there is none. */
  get<T extends SqlRow = SqlRow>(sql: string, params?: SqlParams): T | undefined;
  /** Every row of a query. */
  all<T extends SqlRow = SqlRow>(sql: string, params?: SqlParams): T[];
  /** Runs a script of several statements without parameters (schemas, seeds). */
  exec(sql: string): void;
  /** Runs fn atomically: all of its writes commit, or none do. Nests with savepoints. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

/** An error raised by SQLite, with its own message and the statement that caused it. */
export class SqlError extends Error {
  readonly sql: string;
  constructor(message: string, sql: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SqlError';
    this.sql = sql;
  }
}
