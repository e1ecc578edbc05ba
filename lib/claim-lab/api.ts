/**
 * The typed API a lab program sees, as declarations for the editor (autocomplete and type
 * errors). The runner in run-program.ts implements exactly this surface (console: vm-host.ts).
 */
export const LAB_API_DTS = `/** A value SQLite stores: text, a number, NULL or bytes. */
type SqlValue = string | number | null | Uint8Array;
/** Positional values for ? placeholders, or named values: { owner: 'A' } binds $owner. */
type SqlParams = readonly SqlValue[] | { readonly [name: string]: SqlValue };
/** One result row, by column name. */
type SqlRow = { [column: string]: SqlValue };

/** The lab's SQLite database (real SQLite compiled to WebAssembly). */
interface LabDb {
  /** Runs one statement and returns how many rows it changed. */
  run(sql: string, params?: SqlParams): number;
  /** The first row of a query (or of UPDATE ... RETURNING), or undefined when there is none. */
  get<T extends SqlRow = SqlRow>(sql: string, params?: SqlParams): T | undefined;
  /** Every row of a query. */
  all<T extends SqlRow = SqlRow>(sql: string, params?: SqlParams): T[];
  /** Runs fn atomically: all of its writes commit, or none do. */
  transaction<T>(fn: () => T): T;
}

/** The database of this run: empty when the program starts. */
declare const db: LabDb;

/** Prints one line of output: the values joined by spaces, like Python's print. */
declare function print(...values: unknown[]): void;

/**
 * The browser's developer console, for debugging: each call writes one line there, never to the
 * lab's output. The check reads only what print prints.
 */
declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
};
`;

/** Where the declarations live in the editor's virtual file system. */
export const LAB_API_PATH = 'file:///claim-lab/lab-api.d.ts';
