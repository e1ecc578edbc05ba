import { describe, expect, it } from 'vitest';
import { openSqlJs } from './index';
import { CONSOLE_LIMITS, runScript } from './console';

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
    const huge = runScript(db, 'SELECT 1;'.repeat(20_000));
    expect(huge.error?.message).toMatch(/at most/);
  });
});
