import type { Database } from 'sql.js';
import { describe, expect, it } from 'vitest';
import type { SqlJsStatic } from 'sql.js';
import { boundDatabase, DATABASE_LIMITS, limitSqliteHeap, type DatabaseBound } from './db-bounds';
import { freshSqlJs } from './fresh-sql.test-helper';
import { loadSqlJs } from './load';

/**
 * Runs statements one by one under the bounds, as the lab and the sandbox do; on `SQL`, an
 * instance of its own when the test limits SQLite's heap (it would hold for every later file).
 */
async function bounded(SQL: SqlJsStatic | null = null) {
  SQL ??= await loadSqlJs();
  const db = new SQL.Database();
  const bounds = boundDatabase(SQL, db);
  const run = (sql: string): DatabaseBound | 'ok' | 'error' => {
    const over = bounds.before();
    if (over) return over;
    try {
      db.exec(sql);
      return 'ok';
    } catch {
      return bounds.failedOn() ?? 'error';
    }
  };
  /** Runs `sql` until it does not answer 'ok' (at most `max` times): what it answered, and when. */
  const loop = (sql: string, max = 200) => {
    for (let i = 1; i <= max; i += 1) {
      const answer = run(sql);
      if (answer !== 'ok') return { answer, after: i };
    }
    return { answer: 'ok' as const, after: max };
  };
  return { db, run, loop };
}

const bytes = (db: Database, schema = 'main') =>
  Number(db.exec(`PRAGMA ${schema}.page_count`)[0].values[0][0]) *
  Number(db.exec(`PRAGMA ${schema}.page_size`)[0].values[0][0]);

const LIMIT = DATABASE_LIMITS.databaseBytes;

// Issue 42 after the review: `for(;;) db.run("INSERT INTO z VALUES (zeroblob(5000000))")` grew
// sql.js's in-memory file (one typed array, copied at every growth) until a call blocked past
// the page's watchdog. On the code before, every loop here answered 'ok' 200 times (1 GB).
describe('a database a learner’s SQL runs on (zeroblob-loop-unbounded)', () => {
  it('stops a loop of zeroblob inserts at the bound, keeps the rows before it, and runs the next statement', async () => {
    const { db, run, loop } = await bounded();
    run('CREATE TABLE z(b)');
    const started = performance.now();
    const { answer, after } = loop('INSERT INTO z VALUES (zeroblob(5000000))');
    expect(answer).toBe('size');
    expect(after).toBe(7); // six 5 MB rows fit in 32 MiB
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(bytes(db)).toBeLessThanOrEqual(LIMIT);
    expect(db.exec('SELECT count(*) FROM z')[0].values[0][0]).toBe(6);
    expect(run('INSERT INTO z VALUES (1)')).toBe('ok');
  }, 30_000);

  it('holds when the SQL raises max_page_count or the page size itself', async () => {
    const { db, run, loop } = await bounded();
    expect(run('PRAGMA page_size = 65536')).toBe('ok');
    run('CREATE TABLE z(b)');
    expect(run('PRAGMA max_page_count = 4294967294')).toBe('ok');
    expect(loop('INSERT INTO z VALUES (zeroblob(5000000))').answer).toBe('size');
    expect(bytes(db)).toBeLessThanOrEqual(LIMIT);
  }, 30_000);

  it('counts temp tables and attached files, detached ones too, against one bound', async () => {
    const { db, run, loop } = await bounded();
    run('CREATE TEMP TABLE t(b)');
    expect(loop('INSERT INTO t VALUES (zeroblob(4000000))').answer).toBe('size');
    expect(bytes(db, 'temp')).toBeLessThanOrEqual(LIMIT);
    run('DELETE FROM t');
    run('VACUUM temp');
    // Files attached and filled one after another: the files stay in sql.js's file system.
    let answer: string = 'ok';
    for (let i = 0; i < 20 && answer === 'ok'; i += 1) {
      run(`ATTACH 'f${i}.db' AS a`);
      run('CREATE TABLE a.z(b)');
      answer = run('INSERT INTO a.z VALUES (zeroblob(3000000))');
      run('DETACH a');
    }
    expect(answer).toBe('size');
  }, 30_000);

  it('stops a value built bigger and bigger at the memory bound', async () => {
    const { db, run } = await bounded(await freshSqlJs());
    limitSqliteHeap(db);
    expect(
      run(
        "WITH RECURSIVE c(x) AS (SELECT 'a' UNION ALL SELECT x || x FROM c) SELECT length(x) FROM c",
      ),
    ).toBe('memory');
    expect(run('SELECT length(hex(zeroblob(70000000)))')).toBe('memory');
    expect(run('SELECT length(randomblob(200000000))')).toBe('memory');
    expect(run('SELECT 1')).toBe('ok');
  }, 30_000);

  it('leaves other errors alone', async () => {
    const { run } = await bounded();
    expect(run('SELECT * FROM missing')).toBe('error');
    expect(run('SELECT length(hex(zeroblob(1000000)))')).toBe('ok');
  });
});
