import { describe, expect, it } from 'vitest';
import { openSqlJs } from './sqljs-driver';
import { ResultTooLarge, rowBytes } from './result-budget';

// Issue 42 review, F6: the claim lab's db.all read every row into the worker's heap, with no
// bound (a million rows of 20,000 characters until the page's watchdog ended the worker).
describe('what one call may bring back (result-budget)', () => {
  const MANY = `WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c LIMIT 100000)
    SELECT printf('%.2000c', 'x') || i AS s FROM c`;

  it('counts a row as JavaScript holds it', () => {
    expect(rowBytes({ ab: 'xyz', n: 1, b: new Uint8Array(10), z: null })).toBe(
      4 * 16 + (2 + 1 + 1 + 1) * 2 + 3 * 2 + 8 + 10 + 8,
    );
  });

  it('stops all at the budget, having read little more than it', async () => {
    const db = await openSqlJs();
    expect(() => db.within('all', MANY, undefined, 1_000_000)).toThrow(ResultTooLarge);
    // The same rows within a budget that holds them.
    expect(db.within('all', MANY.replace('100000', '100'), undefined, 1_000_000)).toHaveLength(100);
  });

  it('reads only the first row for get and none for run, and still runs a write whole', async () => {
    const db = await openSqlJs();
    expect(db.within('get', MANY, undefined, 10_000)).toEqual({ s: `${'x'.repeat(2000)}1` });
    expect(db.within('run', MANY, undefined, 0)).toBe(0);
    db.exec('CREATE TABLE t(n); INSERT INTO t VALUES (1), (2), (3)');
    expect(db.within('get', 'UPDATE t SET n = n * 10 RETURNING n', undefined, 1_000)).toEqual({
      n: 10,
    });
    expect(db.all('SELECT n FROM t')).toEqual([{ n: 10 }, { n: 20 }, { n: 30 }]);
    expect(db.within('run', 'DELETE FROM t WHERE n > ?', [15], 0)).toBe(2);
  });

  it('reports SQLite’s errors as the driver does', async () => {
    const db = await openSqlJs();
    expect(() => db.within('all', 'SELECT * FROM nowhere', undefined, 1_000)).toThrow(
      /no such table/,
    );
  });
});
