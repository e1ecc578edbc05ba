import { cutText } from '@/lib/bounded';
import { describe, expect, it } from 'vitest';
import { DATABASE_LIMITS, databaseBoundLine, openSqlJs } from './index';
import { CONSOLE_LIMITS, rowsWithinCells, runScript, type ResultGrid } from './console';

describe('runScript', () => {
  it('returns a grid per statement with rows changed for writes', async () => {
    const db = (await openSqlJs()).raw;
    const result = runScript(
      db,
      'CREATE TABLE t (v);\nINSERT INTO t VALUES (1), (2);\nSELECT v FROM t ORDER BY v;',
    );
    expect(result.error).toBeNull();
    expect(result.grids.map((g) => g.changed)).toEqual([0, 2, 0]);
    expect(result.grids[2]).toMatchObject({ columns: ['v'], rows: [[1], [2]] });
  });

  it('reports SQLite’s message and the line of the failing statement', async () => {
    const db = (await openSqlJs()).raw;
    const result = runScript(db, 'SELECT 1;\n\n  SELEC 2;\nSELECT 3;');
    expect(result.grids).toHaveLength(1);
    expect(result.error?.message).toMatch(/syntax error/);
    expect(result.error?.line).toBe(3);
  });

  it('reports a runtime error (missing table) on its line', async () => {
    const db = (await openSqlJs()).raw;
    const result = runScript(db, 'SELECT 1;\nSELECT * FROM nowhere;');
    expect(result.error).toEqual({ message: 'no such table: nowhere', line: 2 });
  });

  it('cuts huge results and refuses huge scripts', async () => {
    const db = (await openSqlJs()).raw;
    const big = runScript(
      db,
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 5000) SELECT i FROM n',
    );
    expect(big.grids[0].rows).toHaveLength(CONSOLE_LIMITS.maxRowsPerGrid);
    expect(big.grids[0].truncated).toBe(true);
    expect(big.grids[0].rowsShown).toEqual({
      shown: CONSOLE_LIMITS.maxRowsPerGrid,
      total: 5000,
      atLeast: false,
    });
    const huge = runScript(db, 'SELECT 1;'.repeat(20_000));
    expect(huge.error?.message).toMatch(/at most/);
  });

  it('counts every statement that ran, past the grids it keeps (issue 17, point 11)', async () => {
    const db = (await openSqlJs()).raw;
    const result = runScript(db, 'SELECT 1;\n'.repeat(101));
    expect(result.grids).toHaveLength(CONSOLE_LIMITS.maxGrids);
    expect(result.statements).toBe(101);
  });

  it('does not count CREATE TABLE as a changed row (issue 17, point 11)', async () => {
    const db = (await openSqlJs()).raw;
    const result = runScript(
      db,
      'CREATE TABLE a (v);\nINSERT INTO a VALUES (1);\nCREATE TABLE b (v);\nDROP TABLE b;',
    );
    expect(result.grids.map((g) => g.changed)).toEqual([0, 1, 0, 0]);
  });

  it('cuts a 50,000,000-character cell before it leaves the worker (issue 17, point 4)', async () => {
    const db = (await openSqlJs()).raw;
    const result = runScript(db, "SELECT printf('%.*c', 50000000, 'x') AS big");
    const [grid] = result.grids;
    expect(String(grid.rows[0][0]).length).toBe(CONSOLE_LIMITS.maxCellChars + 1);
    expect(grid.charsShown).toEqual({
      shown: CONSOLE_LIMITS.maxCellChars,
      total: 50_000_000,
      atLeast: false,
    });
    expect(grid.truncated).toBe(true);
  });

  it('cuts a 2,000-column by 500-row result to the cell budget, saying how much it shows (issue 17, point 4)', async () => {
    const db = (await openSqlJs()).raw;
    const columns = Array.from({ length: 2000 }, (_, i) => `i * ${i} AS c${i}`).join(', ');
    const result = runScript(
      db,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 500) SELECT ${columns} FROM n`,
    );
    const [grid] = result.grids;
    expect(grid.columnsShown).toEqual({
      shown: CONSOLE_LIMITS.maxColumns,
      total: 2000,
      atLeast: false,
    });
    expect(grid.rowsShown.total).toBe(500);
    expect(grid.rows.length * grid.columns.length).toBeLessThanOrEqual(
      CONSOLE_LIMITS.maxTotalCells,
    );
    const cells = result.grids.reduce((n, g) => n + g.rows.length * g.columns.length, 0);
    expect(cells).toBeLessThanOrEqual(CONSOLE_LIMITS.maxTotalCells);
  });
});

describe('runScript column names (issue 27, case 3)', () => {
  it('cuts a million-character column name in a 20-way self join, and counts it', async () => {
    const db = (await openSqlJs()).raw;
    const name = 'n'.repeat(1_000_000);
    db.run('CREATE TABLE w(a)');
    db.run('INSERT INTO w VALUES (1)');
    db.run('PRAGMA writable_schema = ON');
    db.run("UPDATE sqlite_schema SET sql = 'CREATE TABLE w(' || ? || ')' WHERE name = 'w'", [name]);
    db.run('PRAGMA writable_schema = OFF');
    // The new schema is read by a fresh connection: reopen from the bytes, as a page reload would.
    const SQL = db.constructor as unknown as new (bytes: Uint8Array) => typeof db;
    const reopened = new SQL(db.export());
    const join = Array.from({ length: 20 }, (_, i) => `w a${i}`).join(', ');
    const result = runScript(reopened, `SELECT * FROM ${join};`);
    expect(result.error).toBeNull();
    const [grid] = result.grids;
    expect(grid.columns).toHaveLength(20);
    expect(grid.columns[0]).toBe(`${'n'.repeat(CONSOLE_LIMITS.maxColumnNameChars)}…`);
    expect(grid.namesShown.total).toBe(20_000_000);
    expect(grid.namesShown.shown).toBeLessThanOrEqual(20 * (CONSOLE_LIMITS.maxColumnNameChars + 1));
    expect(grid.truncated).toBe(true);
    expect(JSON.stringify(result).length).toBeLessThan(10_000);
  });

  it('cuts a huge SQLite message and a huge statement caption', async () => {
    const db = (await openSqlJs()).raw;
    const result = runScript(db, `SELECT "${'q'.repeat(90_000)}" FROM nowhere;`);
    expect(result.error!.message.length).toBeLessThanOrEqual(2_100);
    const shown = runScript(db, `SELECT 1 -- ${'c'.repeat(90_000)}\n;`);
    expect(shown.grids[0].sql.length).toBe(CONSOLE_LIMITS.maxSqlChars + 1);
  });
});

describe('rowsWithinCells', () => {
  const grid = (columns: number, rows: number): ResultGrid => ({
    sql: cutText('SELECT', 10).text,
    columns: Array.from({ length: columns }, (_, i) => cutText(`c${i}`, 10).text),
    rows: Array.from({ length: rows }, () => Array.from({ length: columns }, () => 1)),
    changed: 0,
    truncated: false,
    rowsShown: { shown: rows, total: rows, atLeast: false },
    columnsShown: { shown: columns, total: columns, atLeast: false },
    charsShown: { shown: 0, total: 0, atLeast: false },
    namesShown: { shown: 0, total: 0, atLeast: false },
  });

  it('fills the budget grid by grid, in whole rows', () => {
    const grids = [grid(1, 3), grid(50, 100), grid(2, 10)];
    expect(rowsWithinCells(grids, 0)).toEqual([0, 0, 0]);
    expect(rowsWithinCells(grids, 103)).toEqual([3, 2, 0]);
    expect(rowsWithinCells(grids, 5_003)).toEqual([3, 100, 0]);
    expect(rowsWithinCells(grids, 10_000)).toEqual([3, 100, 10]);
  });

  it('never shows more cells than the budget, and shows everything once the budget covers it', () => {
    const grids = [grid(7, 40), grid(0, 0), grid(3, 9)];
    for (let budget = 0; budget <= 400; budget += 1) {
      const rows = rowsWithinCells(grids, budget);
      const cells = rows.reduce((sum, n, i) => sum + n * Math.max(1, grids[i].columns.length), 0);
      expect(cells).toBeLessThanOrEqual(budget);
      rows.forEach((n, i) => expect(n).toBeLessThanOrEqual(grids[i].rows.length));
    }
    expect(rowsWithinCells(grids, 307)).toEqual([40, 0, 9]);
  });
});

// Issue 42 after the review: the sandbox's database had no bound of its own (db-bounds.ts).
describe('runScript within the database’s bounds (zeroblob-loop-unbounded)', () => {
  const bounded = async (heap = false) => {
    const { loadSqlJs, boundDatabase, limitSqliteHeap } = await import('./index');
    // SQLite's heap limit holds for its whole sql.js instance: a fresh one (fresh-sql.test-helper).
    const SQL = heap
      ? await (await import('./fresh-sql.test-helper')).freshSqlJs()
      : await loadSqlJs();
    const db = new SQL.Database();
    if (heap) limitSqliteHeap(db);
    return { db, bounds: boundDatabase(SQL, db) };
  };

  it('stops a script of zeroblob inserts at the bound with one line on its line, and the next script runs', async () => {
    const { db, bounds } = await bounded();
    const inserts = Array.from({ length: 20 }, () => 'INSERT INTO z VALUES (zeroblob(5000000));');
    const result = runScript(db, ['CREATE TABLE z(b);', ...inserts].join('\n'), bounds);
    expect(result.error).toEqual({ message: databaseBoundLine('size', 'script'), line: 8 });
    expect(runScript(db, 'SELECT count(*) AS n FROM z;', bounds)).toMatchObject({
      error: null,
      grids: [{ rows: [[6]] }],
    });
  }, 30_000);

  it('stops a recursive query that builds a huge value at the memory bound', async () => {
    const { db, bounds } = await bounded(true);
    const result = runScript(
      db,
      "SELECT 1;\nWITH RECURSIVE c(x) AS (SELECT 'a' UNION ALL SELECT x || x FROM c) SELECT length(x) FROM c;",
      bounds,
    );
    expect(result.error).toEqual({ message: databaseBoundLine('memory', 'script'), line: 2 });
    expect(runScript(db, 'SELECT 2;', bounds).error).toBeNull();
  }, 30_000);

  // Issue 42 review, F5: the script's pragma lowered SQLite's heap limit for the worker, and every
  // later memory line still named 128 MB; VACUUM INTO wrote copies no bound counts.
  it('refuses statements that change the bounds or escape them, in one line before they run (bound-changing-statements)', async () => {
    const { db, bounds } = await bounded(true);
    const heapLimit = () => Number(db.exec('PRAGMA hard_heap_limit')[0].values[0][0]);
    const refused = [
      'PRAGMA hard_heap_limit=1000000;',
      '/* x */ pragma "HARD_HEAP_LIMIT" = 1000000;',
      'EXPLAIN PRAGMA main.hard_heap_limit(1000000);',
      'PRAGMA soft_heap_limit = 1000;',
      'PRAGMA max_page_count = 4294967294;',
      "VACUUM INTO 'copy.db';",
      "-- a copy\nvacuum main into 'copy.db';",
    ];
    for (const sql of refused) {
      const result = runScript(db, `SELECT 1;\n${sql}\nSELECT 2;`, bounds);
      expect(result.statements, sql).toBe(1);
      expect(result.error?.line, sql).toBe(2);
      expect(result.error?.message, sql).toMatch(
        /^(PRAGMA \w+ sets one of the lab's own bounds|VACUUM INTO writes a copy)/,
      );
    }
    expect(heapLimit()).toBe(DATABASE_LIMITS.heapBytes);
    // Reading them, and VACUUM alone, still run; a comment or a string that names them is no match.
    const fine = runScript(
      db,
      "PRAGMA hard_heap_limit;\nPRAGMA max_page_count;\nVACUUM;\nSELECT 'PRAGMA hard_heap_limit=1' AS s; -- VACUUM INTO 'x'\nSELECT 1 /* PRAGMA soft_heap_limit=1 */;",
      bounds,
    );
    expect(fine.error).toBeNull();
    expect(fine.statements).toBe(5);
    expect(heapLimit()).toBe(DATABASE_LIMITS.heapBytes);
  }, 30_000);
});
