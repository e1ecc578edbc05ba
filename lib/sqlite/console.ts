import type { Database, SqlValue as SqlJsValue } from 'sql.js';

/** One statement's result grid. */
export interface ResultGrid {
  sql: string;
  columns: string[];
  rows: (string | number | null)[][];
  /** Rows changed by a write statement (0 for queries). */
  changed: number;
  /** True when rows were cut at the limit. */
  truncated: boolean;
}

export interface ScriptError {
  message: string;
  /** 1-based line in the script where the failing statement starts. */
  line: number;
}

export interface ScriptResult {
  grids: ResultGrid[];
  error: ScriptError | null;
}

/** Bounds that keep a hostile script from flooding the page. */
export const CONSOLE_LIMITS = {
  maxRowsPerGrid: 500,
  maxGrids: 50,
  maxScriptChars: 100_000,
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

function cell(value: SqlJsValue): string | number | null {
  if (value instanceof Uint8Array) return `<blob ${value.length} bytes>`;
  return value;
}

/**
 * Runs a script of SQL statements one by one and returns a grid per statement. On an error it
 * stops, keeps the grids so far, and reports SQLite's message with the line the failing
 * statement starts on, so an editor can mark it.
 */
export function runScript(db: Database, source: string): ScriptResult {
  const grids: ResultGrid[] = [];
  if (source.length > CONSOLE_LIMITS.maxScriptChars) {
    return {
      grids,
      error: {
        message: `The script is ${source.length} characters; the console runs at most ${CONSOLE_LIMITS.maxScriptChars}.`,
        line: 1,
      },
    };
  }
  const iterator = db.iterateStatements(source);
  let offset = 0;
  try {
    for (;;) {
      offset = source.length - iterator.getRemainingSQL().length;
      const next = iterator.next();
      if (next.done) break;
      const stmt = next.value;
      const sql = stmt.getSQL();
      const columns = stmt.getColumnNames();
      const rows: (string | number | null)[][] = [];
      let truncated = false;
      while (stmt.step()) {
        if (rows.length >= CONSOLE_LIMITS.maxRowsPerGrid) {
          truncated = true;
          break;
        }
        rows.push(stmt.get().map(cell));
      }
      const changed = columns.length === 0 ? db.getRowsModified() : 0;
      if (grids.length < CONSOLE_LIMITS.maxGrids)
        grids.push({ sql, columns, rows, changed, truncated });
    }
    return { grids, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { grids, error: { message, line: lineAt(source, firstNonSpace(source, offset)) } };
  }
}
