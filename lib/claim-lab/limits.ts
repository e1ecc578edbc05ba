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
  /** Columns of the watched table kept per snapshot. */
  maxSnapshotColumns: 20,
  /** One cell's text (or one column name, or one bound value) is cut after this many characters. */
  maxCellChars: 200,
  /** Cell text and column names across all snapshots of one run. */
  maxSnapshotChars: 100_000,
  /** One statement's SQL is cut after this many characters (the lab's checks read the cut text). */
  maxSqlChars: 10_000,
  /** SQL text kept across all statements of one run. */
  maxStatementChars: 200_000,
  /** Statements kept for the lab's checks (an empty statement costs no characters, but a place). */
  maxStatements: 2_000,
  /** Step SQL, the lines steps came from and their bound values, across all steps of one run. */
  maxStepChars: 300_000,
  /**
   * Longest text or bytes one db call takes, as its SQL or as one bound value: a longer one is
   * refused with one line on the program's line (a copy of it must fit in the run's memory
   * beside the program's own).
   */
  maxValueChars: 10_000_000,
  /** Values one db call may bind that the page is shown. */
  maxParams: 20,
  /** An exception's or SQLite error's message is cut after this many characters. */
  maxMessageChars: 2_000,
  /**
   * How long a run may go without finishing a database call or printing before its worker is
   * terminated and replaced: an endless loop is stopped this soon, however busy the machine,
   * while a slow machine running a long but working program is not.
   */
  silentMs: 4_000,
  /** How long one run may take in all, working or not. */
  timeoutMs: 30_000,
  /**
   * The most memory one run's JavaScript engine (QuickJS in WebAssembly, engine.ts) may have:
   * past it the program ends with "out of memory", and the worker and the tab stay alive. The
   * lesson's programs use what the engine starts with (16 MiB); 64 MiB leaves them room four
   * times over while a runaway reaches the cap in seconds, not tens of seconds.
   */
  programMemoryBytes: 64 * 1024 * 1024,
  /**
   * The engine's stack: deep recursion ends with QuickJS's "stack overflow", on the program's
   * line, before the worker's own stack, which holds the engine's WebAssembly frames, runs out.
   * Measured (issue 42): a Chromium 156 worker's stack holds 4,892 frames of a small recursion to
   * Node's 10,467 at its 984 KB, about 460 KB; at 256 KiB here the worker's stack gave out first
   * ("Maximum call stack size exceeded", no line); at 64 KiB QuickJS trips first under a 300 KB
   * stack for eleven kinds of recursion (plain, through db, print, map, sort, a getter, toJSON,
   * toString, a Proxy, a replace callback, Reflect.apply). A plain recursion reaches 338 deep.
   */
  programStackBytes: 64 * 1024,
  /** A run reports that it is working at most this often (a tight loop of calls posts no flood). */
  progressEveryMs: 250,
} as const;
