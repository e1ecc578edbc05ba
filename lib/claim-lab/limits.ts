/** Bounds that keep a runaway or hostile program from flooding the page. */
export const LAB_LIMITS = {
  /** Longest program the lab compiles. */
  maxSourceChars: 50_000,
  /** Printed lines kept; the program is stopped at the next print after this. */
  maxOutputLines: 500,
  /** Printed characters kept in total. */
  maxOutputChars: 50_000,
  /** One printed line is cut after this many characters. */
  maxLineChars: 1_000,
  /** Step snapshots kept. */
  maxSteps: 200,
  /** Rows of the watched table kept per snapshot. */
  maxSnapshotRows: 20,
  /** How long one run may take in the worker before it is terminated and replaced. */
  timeoutMs: 4_000,
} as const;
