import type { SqlJsDriver, SqlParams, SqlValue } from '@/lib/sqlite';
import { SqlError } from '@/lib/sqlite';
import { LAB_LIMITS } from './limits';
import { compileProgram } from './transpile';

/** What went wrong in a run, with the program line to mark when one is known. */
export interface LabError {
  kind: 'compile' | 'sql' | 'runtime' | 'output-limit';
  message: string;
  line: number | null;
  column: number | null;
}

/** The watched table (jobs) as it was right after one statement. */
export interface LabStep {
  /** 1-based position among the program's database calls. */
  index: number;
  call: 'run' | 'get' | 'all';
  /** The program line of the db call, when known. */
  line: number | null;
  /** The top-level statement that led to the call (e.g. `const b = claim('B', 6);`), when known. */
  from: { line: number; text: string } | null;
  sql: string;
  /** The named values the call bound (`{ owner: 'A', token: 1, now: 7 }`), or null. */
  params: Readonly<Record<string, SqlValue>> | null;
  /** Rows the statement changed. */
  changed: number;
  /** The watched table's columns and rows after the statement, or null if it does not exist. */
  table: { columns: string[]; rows: SqlValue[][]; truncated: boolean } | null;
}

/** The outcome of one run: what was printed, the steps, and the first error. */
export interface LabRun {
  output: string[];
  steps: LabStep[];
  stepsTruncated: boolean;
  /** Every statement the program sent, in order (for the lab's own checks). */
  statements: string[];
  error: LabError | null;
}

export interface RunOptions {
  /** The table whose rows are snapshotted after each write (the lesson's `jobs`). */
  watchTable?: string;
}

const PROGRAM_FILE = 'claim-lab-program.js';
const WRITE = /^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(UPDATE|INSERT|DELETE|REPLACE)\b/i;
const FRAME = new RegExp(`${PROGRAM_FILE.replace('.', '\\.')}:(\\d+):(\\d+)`);
const FRAMES = new RegExp(FRAME.source, 'g');

class LabSqlError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = 'LabSqlError';
  }
}

class OutputLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputLimitError';
  }
}

let lineOffset: number | null = null;

// The runner's own Function constructor, taken when this module loads: the worker's lock-down
// removes `Function` and every `.constructor` path to it before a program runs.
const ProgramFunction = Function;

/**
 * How many lines the Function constructor puts before the body (engines differ), measured
 * once by throwing from a known line.
 */
function functionLineOffset(): number {
  if (lineOffset !== null) return lineOffset;
  try {
    new ProgramFunction(`throw new Error('probe');\n//# sourceURL=${PROGRAM_FILE}`)();
  } catch (error) {
    const match = FRAME.exec(String((error as Error).stack ?? ''));
    lineOffset = match ? Number(match[1]) - 1 : 0;
  }
  return lineOffset ?? 0;
}

/** The last (outermost) frame of the learner's program in a stack trace, as a program line. */
function outermostLine(stack: string | undefined): number | null {
  const all = stack ? [...stack.matchAll(FRAMES)] : [];
  const last = all.at(-1);
  return last ? Number(last[1]) - functionLineOffset() : null;
}

/** The first frame of the learner's program in a stack trace, as a program line. */
function programPosition(stack: string | undefined): { line: number; column: number } | null {
  const match = stack ? FRAME.exec(stack) : null;
  if (!match) return null;
  return { line: Number(match[1]) - functionLineOffset(), column: Number(match[2]) };
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return String(value);
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function checkValue(name: string, value: unknown): SqlValue {
  if (value === null || typeof value === 'string' || value instanceof Uint8Array) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new TypeError(`Parameter ${name} is ${value}; SQLite stores finite numbers only.`);
    return value;
  }
  throw new TypeError(
    `Parameter ${name} is ${describeType(value)}; SQLite takes text, numbers, null or bytes (write 1 or 0 for true or false).`,
  );
}

function checkParams(method: string, params: unknown): SqlParams | undefined {
  if (params === undefined) return undefined;
  if (Array.isArray(params)) return params.map((v, i) => checkValue(`#${i + 1}`, v));
  if (
    params !== null &&
    typeof params === 'object' &&
    Object.getPrototypeOf(params) === Object.prototype
  ) {
    const named: Record<string, SqlValue> = {};
    for (const [key, value] of Object.entries(params)) named[key] = checkValue(key, value);
    return named;
  }
  throw new TypeError(
    `db.${method} takes its values as an array or an object like { owner: 'A' }, not ${describeType(params)}.`,
  );
}

/**
 * Runs a learner's TypeScript program against a sql.js database: compiles it (types stripped,
 * lines kept), gives it `db` and `print`, and records the printed lines, every statement, and a
 * snapshot of the watched table after each write. A SQL error is reported with the program line
 * of the db call; any other exception with its own line. Call this only inside a Web Worker in
 * the browser: the program is the learner's code.
 */
export function runProgram(driver: SqlJsDriver, source: string, options: RunOptions = {}): LabRun {
  const watchTable = options.watchTable ?? 'jobs';
  const output: string[] = [];
  const steps: LabStep[] = [];
  const statements: string[] = [];
  let outputChars = 0;
  let stepsTruncated = false;

  const compiled = compileProgram(source);
  if (!compiled.ok) {
    const { message, line, column } = compiled;
    return {
      output,
      steps,
      stepsTruncated,
      statements,
      error: { kind: 'compile', message, line, column },
    };
  }

  const totalChanges = () =>
    Number(driver.raw.exec('SELECT total_changes()')[0]?.values[0]?.[0] ?? 0);

  const snapshot = (): LabStep['table'] => {
    const exists = driver.get(
      `SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = ?`,
      [watchTable],
    );
    if (!exists) return null;
    const stmt = driver.raw.prepare(
      `SELECT * FROM "${watchTable.replaceAll('"', '""')}" ORDER BY rowid LIMIT ?`,
      [LAB_LIMITS.maxSnapshotRows + 1],
    );
    try {
      const columns = stmt.getColumnNames();
      const rows: SqlValue[][] = [];
      while (stmt.step()) rows.push(stmt.get() as SqlValue[]);
      const truncated = rows.length > LAB_LIMITS.maxSnapshotRows;
      return { columns, rows: rows.slice(0, LAB_LIMITS.maxSnapshotRows), truncated };
    } finally {
      stmt.free();
    }
  };

  const sourceLines = source.split('\n');
  // Set when the program returns: a callback it left behind (a promise) finds the database closed.
  let ended = false;
  const call = <T>(
    method: LabStep['call'],
    sql: unknown,
    params: unknown,
    exec: (sql: string, p?: SqlParams) => T,
  ): T => {
    if (ended) throw new Error('The run has ended: db is only available while the program runs.');
    const stack = new Error().stack;
    const site = programPosition(stack);
    if (typeof sql !== 'string') {
      throw new TypeError(
        `db.${method} takes the SQL text as its first argument, not ${describeType(sql)}.`,
      );
    }
    const bound = checkParams(method, params);
    statements.push(sql);
    const before = totalChanges();
    let result: T;
    try {
      result = exec(sql, bound);
    } catch (error) {
      if (error instanceof SqlError) throw new LabSqlError(error.message, site?.line ?? null);
      throw error;
    }
    const changed = totalChanges() - before;
    // A write sent through get or all (UPDATE … RETURNING) is a step even when it changed
    // nothing: a refused claim is a write the learner should see refused.
    if (method === 'run' || changed > 0 || WRITE.test(sql)) {
      if (steps.length < LAB_LIMITS.maxSteps) {
        const top = outermostLine(stack);
        const from = top === null ? null : { line: top, text: (sourceLines[top - 1] ?? '').trim() };
        steps.push({
          index: statements.length,
          call: method,
          line: site?.line ?? null,
          from,
          sql,
          params: bound && !Array.isArray(bound) ? (bound as Record<string, SqlValue>) : null,
          changed,
          table: snapshot(),
        });
      } else {
        stepsTruncated = true;
      }
    }
    return result;
  };

  const db = Object.freeze({
    run: (sql: unknown, params?: unknown) => call('run', sql, params, (s, p) => driver.run(s, p)),
    get: (sql: unknown, params?: unknown) => call('get', sql, params, (s, p) => driver.get(s, p)),
    all: (sql: unknown, params?: unknown) => call('all', sql, params, (s, p) => driver.all(s, p)),
    transaction: (fn: unknown) => {
      if (typeof fn !== 'function')
        throw new TypeError('db.transaction takes a function to run atomically.');
      return driver.transaction(() => (fn as () => unknown)());
    },
  });

  const print = (...values: unknown[]) => {
    if (ended) return;
    if (output.length >= LAB_LIMITS.maxOutputLines || outputChars >= LAB_LIMITS.maxOutputChars) {
      throw new OutputLimitError(
        `Output stopped after ${output.length} lines (${outputChars.toLocaleString('en-US')} characters): the lab shows at most ${LAB_LIMITS.maxOutputLines} lines and ${LAB_LIMITS.maxOutputChars.toLocaleString('en-US')} characters.`,
      );
    }
    let line = values.map(formatValue).join(' ');
    if (line.length > LAB_LIMITS.maxLineChars)
      line = `${line.slice(0, LAB_LIMITS.maxLineChars)}… (line cut at ${LAB_LIMITS.maxLineChars} characters)`;
    output.push(line);
    outputChars += line.length;
  };

  let program: (db: unknown, print: unknown) => unknown;
  try {
    // "use strict" on the first line keeps every line number as the learner wrote it.
    program = new ProgramFunction(
      'db',
      'print',
      `"use strict";${compiled.code}\n//# sourceURL=${PROGRAM_FILE}`,
    ) as typeof program;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      output,
      steps,
      stepsTruncated,
      statements,
      error: { kind: 'compile', message: `Syntax error: ${message}`, line: null, column: null },
    };
  }

  let failure: LabError | null = null;
  // Deep enough traces to find the top-level statement behind each db call (V8 keeps 10).
  const traceLimit = (Error as { stackTraceLimit?: number }).stackTraceLimit;
  (Error as { stackTraceLimit?: number }).stackTraceLimit = 100;
  try {
    program(db, print);
  } catch (error) {
    failure = describeFailure(error);
  } finally {
    ended = true;
    (Error as { stackTraceLimit?: number }).stackTraceLimit = traceLimit;
  }
  return { output, steps, stepsTruncated, statements, error: failure };
}

function describeFailure(error: unknown): LabError {
  if (error instanceof LabSqlError) {
    return {
      kind: 'sql',
      message: `SQLite error: ${error.message}`,
      line: error.line,
      column: null,
    };
  }
  if (error instanceof OutputLimitError) {
    return {
      kind: 'output-limit',
      message: error.message,
      line: programPosition(error.stack)?.line ?? null,
      column: null,
    };
  }
  if (error instanceof Error) {
    const at = isStackOverflow(error)
      ? recursionPosition(error.stack)
      : programPosition(error.stack);
    return {
      kind: 'runtime',
      message: `${error.name}: ${error.message}`,
      line: at?.line ?? null,
      column: at?.column ?? null,
    };
  }
  return {
    kind: 'runtime',
    message: `Uncaught ${typeof error === 'string' ? JSON.stringify(error) : formatValue(error)}: the program threw ${describeType(error)}, which carries no line number. Throw new Error(…) to see where it happened.`,
    line: null,
    column: null,
  };
}

function isStackOverflow(error: Error): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * Where a runaway recursion recurses: the program line that appears most often in the trace.
 * The first frame is wherever the stack happened to run out (often a function's first line).
 */
function recursionPosition(stack: string | undefined): { line: number; column: number } | null {
  const counts = new Map<string, number>();
  for (const match of stack ? stack.matchAll(FRAMES) : [])
    counts.set(`${match[1]}:${match[2]}`, (counts.get(`${match[1]}:${match[2]}`) ?? 0) + 1);
  let best: string | null = null;
  for (const [key, count] of counts)
    if (best === null || count > (counts.get(best) ?? 0)) best = key;
  if (best === null) return null;
  const [line, column] = best.split(':').map(Number);
  return { line: line - functionLineOffset(), column };
}
