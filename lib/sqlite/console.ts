import type { Database, SqlValue as SqlJsValue } from 'sql.js';
import { cutText, showMessage, TextBudget, type ShownOf, type ShownText } from '@/lib/bounded';
import { databaseBoundLine, type DatabaseBound, type DatabaseBounds } from './db-bounds';
import { refusedStatement } from './statement-gate';

export type { ShownOf } from '@/lib/bounded';

/** One cell as the page gets it: text cut by the door (blobs by their size), numbers, NULL. */
export type ResultCell = ShownText | number | null;

/** One statement's result grid, cut to the console's limits before it leaves the worker. */
export interface ResultGrid {
  /** The statement, cut at CONSOLE_LIMITS.maxSqlChars. */
  sql: ShownText;
  /** Column names, each cut at maxColumnNameChars; they count toward maxTotalChars. */
  columns: ShownText[];
  rows: ResultCell[][];
  /** Rows changed by a write statement (0 for queries and for schema statements). */
  changed: number;
  /** True when anything (rows, columns or cell text) was cut. */
  truncated: boolean;
  /** Rows shown of rows the statement returned. */
  rowsShown: ShownOf;
  /** Columns shown of the statement's columns. */
  columnsShown: ShownOf;
  /** Characters shown of the characters in the shown cells (cut cells end with "…"). */
  charsShown: ShownOf;
  /** Characters shown of the characters in the shown columns' names. */
  namesShown: ShownOf;
}

export interface ScriptError {
  /** SQLite's message, cut by the door. */
  message: ShownText;
  /** 1-based line in the script where the failing statement starts. */
  line: number;
}

export interface ScriptResult {
  grids: ResultGrid[];
  /** Statements that ran (more than grids.length when grids were cut at maxGrids). */
  statements: number;
  error: ScriptError | null;
}

/**
 * Bounds that keep a hostile script from flooding the page: whatever a query returns, the page
 * gets at most maxTotalCells cells and maxTotalChars characters of cell text, which it renders
 * in well under the 200 ms an input event may wait.
 */
export const CONSOLE_LIMITS = {
  maxRowsPerGrid: 500,
  maxColumns: 50,
  maxGrids: 50,
  maxScriptChars: 100_000,
  /** Cells across all grids of one run. */
  maxTotalCells: 5_000,
  /** One cell's text is cut after this many characters. */
  maxCellChars: 300,
  /** One column name is cut after this many characters. */
  maxColumnNameChars: 100,
  /** A statement's SQL, as its grid's caption, is cut after this many characters. */
  maxSqlChars: 500,
  /** Cell text and column names across all grids of one run. */
  maxTotalChars: 100_000,
  /** Rows past the shown ones are counted up to this many, then "at least". */
  maxCountedRows: 100_000,
} as const;

/** A statement stopped before it ran: the database is past its bounds already. */
class BoundError extends Error {
  constructor(readonly bound: DatabaseBound) {
    super(bound);
  }
}

/** A statement refused before it was prepared (statement-gate.ts), with the line that says why. */
class RefusedError extends Error {}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < source.length; i += 1) if (source[i] === '\n') line += 1;
  return line;
}

function firstNonSpace(source: string, from: number): number {
  let i = from;
  while (i < source.length && /\s/.test(source[i])) i += 1;
  return i;
}

function cell(value: SqlJsValue, budget: TextBudget): ResultCell {
  if (value instanceof Uint8Array) return budget.take(`<blob ${value.length} bytes>`);
  if (typeof value === 'string') return budget.take(value);
  // A number or NULL is shown whole, and counted as the characters it takes on the page.
  budget.spend(value === null ? 4 : String(value).length);
  return value;
}

/** What one grid took of a run's budget: the characters kept and there were, between two counts. */
function between(from: ShownOf, to: ShownOf): ShownOf {
  return { shown: to.shown - from.shown, total: to.total - from.total, atLeast: false };
}

/**
 * Runs a script of SQL statements one by one and returns a grid per statement, cut to
 * CONSOLE_LIMITS (rows, columns, characters per cell and in total) with the shown and total
 * counts, so the page can say "shown N of M". On an error it stops, keeps the grids so far,
 * and reports SQLite's message with the line the failing statement starts on. With `bounds`
 * (the learner's script), each statement runs within the database's bounds, and one that runs
 * into them stops the script with the bound's line instead of SQLite's.
 */
export function runScript(db: Database, source: string, bounds?: DatabaseBounds): ScriptResult {
  const grids: ResultGrid[] = [];
  let statements = 0;
  if (source.length > CONSOLE_LIMITS.maxScriptChars) {
    return {
      grids,
      statements,
      error: {
        message: showMessage(
          `The script is ${source.length} characters; the console runs at most ${CONSOLE_LIMITS.maxScriptChars}.`,
        ),
        line: 1,
      },
    };
  }
  const totalChanges = () => Number(db.exec('SELECT total_changes()')[0]?.values[0]?.[0] ?? 0);
  let cellsLeft: number = CONSOLE_LIMITS.maxTotalCells;
  const budget = new TextBudget({
    itemChars: CONSOLE_LIMITS.maxCellChars,
    totalChars: CONSOLE_LIMITS.maxTotalChars,
  });
  const iterator = db.iterateStatements(source);
  let offset = 0;
  try {
    for (;;) {
      const remaining = iterator.getRemainingSQL();
      offset = source.length - remaining.length;
      const over = bounds?.before();
      if (over) throw new BoundError(over);
      const refused = bounds ? refusedStatement(remaining) : null;
      if (refused) throw new RefusedError(refused);
      const next = iterator.next();
      if (next.done) break;
      const stmt = next.value;
      statements += 1;
      const sql = cutText(stmt.getSQL(), CONSOLE_LIMITS.maxSqlChars).text;
      const allColumns = stmt.getColumnNames();
      const width = Math.min(allColumns.length, CONSOLE_LIMITS.maxColumns);
      const keepGrid = grids.length < CONSOLE_LIMITS.maxGrids;
      const beforeNames = budget.chars;
      // A name of a million characters (writable_schema) counts like a cell of a million.
      const columns = keepGrid
        ? allColumns
            .slice(0, width)
            .map((name) =>
              budget.take(cutText(name, CONSOLE_LIMITS.maxColumnNameChars).text, name.length),
            )
        : [];
      const beforeCells = budget.chars;
      const rows: ResultCell[][] = [];
      let rowCount = 0;
      let atLeast = false;
      const before = totalChanges();
      while (stmt.step()) {
        rowCount += 1;
        const room =
          keepGrid &&
          rows.length < CONSOLE_LIMITS.maxRowsPerGrid &&
          cellsLeft >= width &&
          budget.left > 0;
        if (room) {
          rows.push(
            stmt
              .get()
              .slice(0, width)
              .map((value) => cell(value, budget)),
          );
          cellsLeft -= width;
        }
        if (rowCount >= CONSOLE_LIMITS.maxCountedRows) {
          atLeast = stmt.step();
          break;
        }
      }
      const changed = allColumns.length === 0 ? totalChanges() - before : 0;
      if (!keepGrid) continue;
      const rowsShown = { shown: rows.length, total: rowCount, atLeast };
      const columnsShown = { shown: width, total: allColumns.length, atLeast: false };
      const after = budget.chars;
      const namesShown = between(beforeNames, beforeCells);
      const charsShown = between(beforeCells, after);
      grids.push({
        sql,
        columns,
        rows,
        changed,
        rowsShown,
        columnsShown,
        charsShown,
        namesShown,
        truncated:
          rows.length < rowCount ||
          atLeast ||
          width < allColumns.length ||
          charsShown.shown < charsShown.total ||
          namesShown.shown < namesShown.total,
      });
    }
    return { grids, statements, error: null };
  } catch (error) {
    const bound =
      error instanceof BoundError
        ? error.bound
        : error instanceof RefusedError
          ? null
          : bounds?.failedOn();
    const message = showMessage(
      bound
        ? databaseBoundLine(bound, 'script')
        : error instanceof Error
          ? error.message
          : String(error),
    );
    return {
      grids,
      statements,
      error: { message, line: lineAt(source, firstNonSpace(source, offset)) },
    };
  }
}

/**
 * How many rows of each grid fit in a budget of `cells` cells, taken grid by grid in order (a
 * grid with no columns counts as one cell). The page renders a run's results in slices of this
 * budget, one slice per frame, so no single render blocks input for long.
 */
export function rowsWithinCells(grids: readonly ResultGrid[], cells: number): number[] {
  let left = Math.max(0, cells);
  return grids.map((grid) => {
    const width = Math.max(1, grid.columns.length);
    const rows = Math.min(grid.rows.length, Math.floor(left / width));
    left -= rows * width;
    return rows;
  });
}
