import { BUILT_INS, cutText, shown, TextBudget, type ShownText } from '@/lib/bounded';
import type { SqlJsDriver, SqlParams, SqlValue } from '@/lib/sqlite';
import { SqlError } from '@/lib/sqlite';
import { LAB_LIMITS } from './limits';
import {
  describeFailure,
  labMessage,
  LabSqlError,
  OutputLimitError,
  type LabError,
} from './program-failure';
import { outermostLine, PROGRAM_FILE, ProgramFunction, programPosition } from './program-position';
import { checkParams, describeType, formatValue } from './program-values';
import { snapshotter, type LabCell, type LabTable } from './snapshot';
import { compileProgram } from './transpile';

/** The watched table (runs) as it was right after one statement. */
export interface LabStep {
  /** 1-based position among the program's database calls. */
  index: number;
  call: 'run' | 'get' | 'all';
  /** The program line of the db call, when known. */
  line: number | null;
  /** The top-level statement that led to the call (e.g. `const b = claim('B', 6);`), when known. */
  from: { line: number; text: ShownText } | null;
  /** The statement, cut at LAB_LIMITS.maxSqlChars (as in `statements`). */
  sql: ShownText;
  /** The named values the call bound (`{ owner: 'A', token: 1, now: 7 }`), or null. */
  params: Readonly<Record<string, LabCell>> | null;
  /** Rows the statement changed. */
  changed: number;
  /** The watched table's columns and rows after the statement, or null if it does not exist. */
  table: LabTable | null;
}

/** The outcome of one run: what was printed, the steps, and the first error. */
export interface LabRun {
  output: ShownText[];
  steps: LabStep[];
  stepsTruncated: boolean;
  /**
   * The statements the program sent, in order (for the lab's own checks), each cut at
   * maxSqlChars, until maxStatementChars of SQL were kept.
   */
  statements: ShownText[];
  error: LabError | null;
}

export interface RunOptions {
  /**
   * The tables whose rows are snapshotted after each write, the first that exists: the lesson's
   * `runs`, then `jobs` for a program saved before the lab used the runs table.
   */
  watchTables?: readonly string[];
  /** Called after each database call and each print: the program is working, not stuck. */
  onActivity?: () => void;
}

// The runner's own calls while a program runs, as they were when this module loaded: a program
// that replaces Array.prototype.push does not flood the output (issue 41). The page's door is the
// guard; these keep an honest run's results what the program made.
const { push, arrayJoin } = BUILT_INS;

const WRITE = /^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(UPDATE|INSERT|DELETE|REPLACE)\b/i;

/**
 * Runs a learner's TypeScript program against a sql.js database: compiles it (types stripped,
 * lines kept), gives it `db` and `print`, and records the printed lines, every statement, and a
 * snapshot of the watched table after each write. A SQL error is reported with the program line
 * of the db call; any other exception with its own line. Call this only inside a Web Worker in
 * the browser: the program is the learner's code.
 */
export function runProgram(driver: SqlJsDriver, source: string, options: RunOptions = {}): LabRun {
  const watchTables = options.watchTables ?? ['runs', 'jobs'];
  const output: ShownText[] = [];
  const steps: LabStep[] = [];
  const statements: ShownText[] = [];
  const sqlBudget = new TextBudget({
    itemChars: LAB_LIMITS.maxSqlChars,
    totalChars: LAB_LIMITS.maxStatementChars,
  });
  // Each step's SQL, the line it came from and its bound values share one budget per run.
  const stepBudget = new TextBudget({
    itemChars: LAB_LIMITS.maxSqlChars,
    totalChars: LAB_LIMITS.maxStepChars,
  });
  let sent = 0;
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
      error: { kind: 'compile', message: labMessage(message), line, column },
    };
  }

  const totalChanges = () =>
    Number(driver.raw.exec('SELECT total_changes()')[0]?.values[0]?.[0] ?? 0);

  const snapshot = snapshotter(driver, watchTables);

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
    sent += 1;
    if (sqlBudget.left > 0 && statements.length < LAB_LIMITS.maxStatements)
      push(statements, sqlBudget.take(sql));
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
        const from =
          top === null
            ? null
            : {
                line: top,
                text: stepBudget.take(cutText((sourceLines[top - 1] ?? '').trim(), 300).text),
              };
        push(steps, {
          index: sent,
          call: method,
          line: site?.line ?? null,
          from,
          sql: stepBudget.take(sql),
          params: bound && !Array.isArray(bound) ? shownParams(bound, stepBudget) : null,
          changed,
          table: snapshot(),
        });
      } else {
        stepsTruncated = true;
      }
    }
    options.onActivity?.();
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
    const shownValues: string[] = [];
    for (let i = 0; i < values.length; i += 1) push(shownValues, formatValue(values[i]));
    const cut = cutText(arrayJoin(shownValues, ' '), LAB_LIMITS.maxLineChars);
    const line =
      cut.chars.shown < cut.chars.total
        ? shown`${cut.text} (line cut at ${LAB_LIMITS.maxLineChars} characters)`
        : cut.text;
    push(output, line);
    outputChars += line.length;
    options.onActivity?.();
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
      error: {
        kind: 'compile',
        message: shown`Syntax error: ${labMessage(message)}`,
        line: null,
        column: null,
      },
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

/** The named values of a call as the page shows them: the first maxParams, text cut. */
function shownParams(
  bound: Readonly<Record<string, SqlValue>> | readonly SqlValue[],
  budget: TextBudget,
): Record<string, LabCell> {
  const shownValues: Record<string, LabCell> = {};
  for (const [name, value] of Object.entries(bound).slice(0, LAB_LIMITS.maxParams)) {
    shownValues[budget.take(cutText(name, LAB_LIMITS.maxCellChars).text)] =
      value instanceof Uint8Array
        ? cutText(`<${value.length} bytes>`, 40).text
        : typeof value === 'string'
          ? budget.take(cutText(value, LAB_LIMITS.maxCellChars).text)
          : value;
  }
  return shownValues;
}
