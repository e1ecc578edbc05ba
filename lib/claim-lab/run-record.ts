import { BUILT_INS, cutText, shown, TextBudget, type ShownText } from '@/lib/bounded';
import type { DatabaseBound, DatabaseBounds, SqlJsDriver, SqlParams, SqlValue } from '@/lib/sqlite';
import { databaseBoundLine, refusedStatement, SqlError } from '@/lib/sqlite';
import { LAB_LIMITS } from './limits';
import type { LabError } from './program-failure';
import { outermostLine, programPosition } from './program-position';
import { checkParams, describeType, tooLargeLine } from './program-values';
import { TooLarge } from './vm-values';
import { snapshotter, type LabCell, type LabTable } from './snapshot';

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
  /** The first LAB_LIMITS.maxSteps steps. */
  steps: LabStep[];
  /** Steps the program took (writes it sent), counted whether kept in `steps` or not. */
  stepsRan: number;
  /**
   * The statements the program sent, in order (for the lab's own checks), each cut at
   * maxSqlChars, until maxStatementChars of SQL were kept.
   */
  statements: ShownText[];
  error: LabError | null;
}

/** An error the harness throws at the program: its kind for the lab, and its JavaScript name. */
export interface HarnessFailure {
  kind: LabError['kind'];
  name: string;
  message: string;
}

// The record's own calls, as they were when this module loaded.
const { push } = BUILT_INS;

const WRITE = /^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(UPDATE|INSERT|DELETE|REPLACE)\b/i;

const ENDED = 'The run has ended: db is only available while the program runs.';

/**
 * What one run leaves for the page, kept within LAB_LIMITS as it happens: the printed lines,
 * every statement, and a snapshot of the watched table after each write. Its `call` and `print`
 * are what the program's db and print do, given plain values and the engine's stack at the call;
 * each answers with a result or the error to throw at the program.
 */
export function runRecord(
  driver: SqlJsDriver,
  source: string,
  watchTables: readonly string[],
  onActivity: () => void,
  bounds: DatabaseBounds,
) {
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
  let stepsRan = 0;
  // Set when the program returns: a callback it left behind (a promise) finds the database closed.
  let ended = false;
  const totalChanges = () =>
    Number(driver.raw.exec('SELECT total_changes()')[0]?.values[0]?.[0] ?? 0);
  const snapshot = snapshotter(driver, watchTables);
  const sourceLines = source.split('\n');

  type Answer = { ok: true; value: unknown } | { ok: false; failure: HarnessFailure };
  const refuse = (kind: LabError['kind'], name: string, message: string): Answer => ({
    ok: false,
    failure: { kind, name, message },
  });
  // Set when a statement ran into the database's bounds (lib/sqlite's DATABASE_LIMITS): the run
  // is over, as after its time limits, even if the program catches the error.
  let overBound: DatabaseBound | null = null;
  const stopAt = (bound: DatabaseBound): Answer => {
    overBound = bound;
    return refuse('memory', 'InternalError', databaseBoundLine(bound, 'program'));
  };

  return {
    end() {
      ended = true;
    },
    /** The bound a statement ran into, which ends the run; null while within them. */
    overBound(): DatabaseBound | null {
      return overBound;
    },
    /** Checks that db may run `fn` now (a transaction's function); null when it may. */
    refuseTransaction(isFunction: boolean): Answer | null {
      if (ended) return refuse('runtime', 'Error', ENDED);
      if (!isFunction)
        return refuse('runtime', 'TypeError', 'db.transaction takes a function to run atomically.');
      return null;
    },
    call(method: LabStep['call'], sql: unknown, params: unknown, stack: string): Answer {
      if (ended) return refuse('runtime', 'Error', ENDED);
      if (sql instanceof TooLarge)
        return refuse('runtime', 'RangeError', tooLargeLine('The SQL', sql));
      if (typeof sql !== 'string') {
        return refuse(
          'runtime',
          'TypeError',
          `db.${method} takes the SQL text as its first argument, not ${describeType(sql)}.`,
        );
      }
      let bound: SqlParams | undefined;
      try {
        bound = checkParams(method, params);
      } catch (error) {
        const name = error instanceof RangeError ? 'RangeError' : 'TypeError';
        return refuse('runtime', name, (error as Error).message);
      }
      const over = overBound ?? bounds.before();
      if (over) return stopAt(over);
      // Before SQLite prepares it: a pragma that sets a bound acts as it is prepared.
      const refused = refusedStatement(sql);
      if (refused) return refuse('sql', 'SqlError', refused);
      sent += 1;
      if (sqlBudget.left > 0 && statements.length < LAB_LIMITS.maxStatements)
        push(statements, sqlBudget.take(sql));
      const before = totalChanges();
      let value: unknown;
      try {
        value =
          method === 'run'
            ? driver.run(sql, bound)
            : method === 'get'
              ? driver.get(sql, bound)
              : driver.all(sql, bound);
      } catch (error) {
        const bound = bounds.failedOn();
        if (bound) return stopAt(bound);
        if (error instanceof SqlError) return refuse('sql', 'SqlError', error.message);
        throw error;
      }
      const changed = totalChanges() - before;
      // A write sent through get or all (UPDATE … RETURNING) is a step even when it changed
      // nothing: a refused claim is a write the learner should see refused.
      if (method === 'run' || changed > 0 || WRITE.test(sql)) {
        stepsRan += 1;
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
            line: programPosition(stack)?.line ?? null,
            from,
            sql: stepBudget.take(sql),
            params: bound && !Array.isArray(bound) ? shownParams(bound, stepBudget) : null,
            changed,
            table: snapshot(),
          });
        }
      }
      onActivity();
      return { ok: true, value };
    },
    /** One printed line, already joined and cut inside the engine (cut again here). */
    print(line: string): Answer {
      if (ended) return { ok: true, value: undefined };
      if (output.length >= LAB_LIMITS.maxOutputLines || outputChars >= LAB_LIMITS.maxOutputChars) {
        return refuse(
          'output-limit',
          'OutputLimitError',
          `Output stopped after ${output.length} lines (${outputChars.toLocaleString('en-US')} characters): the lab shows at most ${LAB_LIMITS.maxOutputLines} lines and ${LAB_LIMITS.maxOutputChars.toLocaleString('en-US')} characters.`,
        );
      }
      const cut = cutText(line, LAB_LIMITS.maxLineChars);
      const shownLine =
        cut.chars.shown < cut.chars.total
          ? shown`${cut.text} (line cut at ${LAB_LIMITS.maxLineChars} characters)`
          : cut.text;
      push(output, shownLine);
      outputChars += shownLine.length;
      onActivity();
      return { ok: true, value: undefined };
    },
    result(error: LabError | null): LabRun {
      return { output, steps, stepsRan, statements, error };
    },
  };
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
