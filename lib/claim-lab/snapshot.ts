import { cutText, TextBudget, type ShownOf, type ShownText } from '@/lib/bounded';
import type { SqlJsDriver, SqlValue } from '@/lib/sqlite';
import { LAB_LIMITS } from './limits';

/** One cell of a snapshot as the page gets it: text cut by the door, blobs by their size. */
export type LabCell = ShownText | number | null;

/** The watched table after one statement, cut to the lab's bounds before it leaves the worker. */
export interface LabTable {
  columns: ShownText[];
  rows: LabCell[][];
  /** Rows past maxSnapshotRows were left out. */
  truncated: boolean;
  /** Columns shown of the table's columns. */
  columnsShown: ShownOf;
  /** Characters shown of the characters in this snapshot's shown cells and column names. */
  charsShown: ShownOf;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The query that reads a snapshot already cut: SQLite hands over the first characters of each
 * text cell with its type and length (a 4 MB cell costs 200 characters, not 4 MB, in every
 * snapshot), and only the first `width` columns. Columns are named as they are when their names
 * are short, and by position through a CTE when they are not (a column with a million
 * characters in its name is then not repeated in the SQL).
 */
function cutQuery(table: string, names: readonly string[], width: number): string {
  // length() counts a text's characters by reading all of it (19 ms for 4 MB); octet_length()
  // reads its size from the record header. Past 100,000 bytes the total is that size.
  const cell = (c: string) =>
    `CASE typeof(${c}) WHEN 'text' THEN substr(${c}, 1, ${LAB_LIMITS.maxCellChars + 1}) WHEN 'blob' THEN NULL ELSE ${c} END, typeof(${c}), CASE WHEN octet_length(${c}) > 100000 THEN octet_length(${c}) ELSE length(${c}) END`;
  const rows = `FROM ${quote(table)} ORDER BY rowid LIMIT ${LAB_LIMITS.maxSnapshotRows + 1}`;
  const shownNames = names.slice(0, width);
  if (shownNames.reduce((n, name) => n + name.length, 0) <= 2_000)
    return `SELECT ${shownNames.map((name) => cell(quote(name))).join(', ') || 'NULL'} ${rows}`;
  const byPosition = names.map((_, i) => `c${i}`);
  const cells = byPosition.slice(0, width).map(cell);
  return `WITH s(${byPosition.join(', ')}) AS (SELECT * ${rows}) SELECT ${cells.join(', ') || 'NULL'} FROM s`;
}

/**
 * Snapshots of one run share one budget of characters, so 200 steps of a table with a 4 MB cell
 * bring at most LAB_LIMITS.maxSnapshotChars characters to the page, not 800 MB.
 */
export function snapshotter(driver: SqlJsDriver, watchTables: readonly string[]) {
  const budget = new TextBudget({
    itemChars: LAB_LIMITS.maxCellChars,
    totalChars: LAB_LIMITS.maxSnapshotChars,
  });
  const cellOf = (value: SqlValue, type: SqlValue, length: SqlValue): LabCell => {
    if (type === 'blob') return cutText(`<${Number(length)} bytes>`, 40).text;
    return typeof value === 'string' ? budget.take(value, Number(length)) : (value as LabCell);
  };
  return (): LabTable | null => {
    const watchTable = watchTables.find((name) =>
      driver.get(`SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = ?`, [name]),
    );
    if (watchTable === undefined) return null;
    const head = driver.raw.prepare(`SELECT * FROM ${quote(watchTable)} LIMIT 0`);
    let names: string[];
    try {
      names = head.getColumnNames();
    } finally {
      head.free();
    }
    const width = Math.min(names.length, LAB_LIMITS.maxSnapshotColumns);
    const stmt = driver.raw.prepare(cutQuery(watchTable, names, width));
    try {
      const before = budget.chars;
      const columns = names.slice(0, width).map((name) => budget.take(name));
      const rows: LabCell[][] = [];
      let more = false;
      while (stmt.step()) {
        if (rows.length === LAB_LIMITS.maxSnapshotRows) {
          more = true;
          break;
        }
        const raw = stmt.get() as SqlValue[];
        const row: LabCell[] = [];
        for (let c = 0; c < width; c += 1)
          row.push(cellOf(raw[3 * c], raw[3 * c + 1], raw[3 * c + 2]));
        rows.push(row);
      }
      const after = budget.chars;
      return {
        columns,
        rows,
        truncated: more,
        columnsShown: { shown: width, total: names.length, atLeast: false },
        charsShown: {
          shown: after.shown - before.shown,
          total: after.total - before.total,
          atLeast: false,
        },
      };
    } finally {
      stmt.free();
    }
  };
}
