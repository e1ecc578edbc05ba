import type { Database, SqlValue as SqlJsValue } from 'sql.js';

/** A count that was cut for the page: `shown` of `total` (total is a lower bound when `atLeast`). */
export interface ShownOf {
  shown: number;
  total: number;
  atLeast: boolean;
}

/** One statement's result grid, cut to the console's limits before it leaves the worker. */
export interface ResultGrid {
  sql: string;
  columns: string[];
  rows: (string | number | null)[][];
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
}

export interface ScriptError {
  message: string;
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
  /** Cell text across all grids of one run. */
  maxTotalChars: 100_000,
  /** Rows past the shown ones are counted up to this many, then "at least". */
  maxCountedRows: 100_000,
} as const;

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

/** Characters kept and characters in full, of the cells a grid shows. */
interface CellText {
  kept: number;
  full: number;
}

function cell(value: SqlJsValue, text: CellText): string | number | null {
  if (value instanceof Uint8Array) value = `<blob ${value.length} bytes>`;
  if (typeof value !== 'string') {
    const length = value === null ? 4 : String(value).length;
    text.kept += length;
    text.full += length;
    return value;
  }
  const keep = Math.min(value.length, CONSOLE_LIMITS.maxCellChars);
  text.kept += keep;
  text.full += value.length;
  return keep < value.length ? `${value.slice(0, keep)}…` : value;
}

/**
 * Runs a script of SQL statements one by one and returns a grid per statement, cut to
 * CONSOLE_LIMITS (rows, columns, characters per cell and in total) with the shown and total
 * counts, so the page can say "shown N of M". On an error it stops, keeps the grids so far,
 * and reports SQLite's message with the line the failing statement starts on.
 */
export function runScript(db: Database, source: string): ScriptResult {
  const grids: ResultGrid[] = [];
  let statements = 0;
  if (source.length > CONSOLE_LIMITS.maxScriptChars) {
    return {
      grids,
      statements,
      error: {
        message: `The script is ${source.length} characters; the console runs at most ${CONSOLE_LIMITS.maxScriptChars}.`,
        line: 1,
      },
    };
  }
  const totalChanges = () => Number(db.exec('SELECT total_changes()')[0]?.values[0]?.[0] ?? 0);
  let cellsLeft: number = CONSOLE_LIMITS.maxTotalCells;
  let charsLeft: number = CONSOLE_LIMITS.maxTotalChars;
  const iterator = db.iterateStatements(source);
  let offset = 0;
  try {
    for (;;) {
      offset = source.length - iterator.getRemainingSQL().length;
      const next = iterator.next();
      if (next.done) break;
      const stmt = next.value;
      statements += 1;
      const sql = stmt.getSQL();
      const allColumns = stmt.getColumnNames();
      const width = Math.min(allColumns.length, CONSOLE_LIMITS.maxColumns);
      const keepGrid = grids.length < CONSOLE_LIMITS.maxGrids;
      const rows: (string | number | null)[][] = [];
      const text: CellText = { kept: 0, full: 0 };
      let rowCount = 0;
      let atLeast = false;
      const before = totalChanges();
      while (stmt.step()) {
        rowCount += 1;
        const room =
          keepGrid &&
          rows.length < CONSOLE_LIMITS.maxRowsPerGrid &&
          cellsLeft >= width &&
          charsLeft > 0;
        if (room) {
          const keptBefore = text.kept;
          rows.push(
            stmt
              .get()
              .slice(0, width)
              .map((value) => cell(value, text)),
          );
          cellsLeft -= width;
          charsLeft -= text.kept - keptBefore;
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
      const charsShown = { shown: text.kept, total: text.full, atLeast: false };
      grids.push({
        sql,
        columns: allColumns.slice(0, width),
        rows,
        changed,
        rowsShown,
        columnsShown,
        charsShown,
        truncated:
          rows.length < rowCount || atLeast || width < allColumns.length || text.kept < text.full,
      });
    }
    return { grids, statements, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
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
