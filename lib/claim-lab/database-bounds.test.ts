import { describe, expect, it } from 'vitest';
import {
  boundDatabase,
  databaseBoundLine,
  limitSqliteHeap,
  openSqlJs,
  wrapSqlJs,
} from '@/lib/sqlite';
import { freshSqlJs } from '@/lib/sqlite/fresh-sql.test-helper';
import { LESSON_DEMO_OUTPUT } from '@/lib/lease';
import { runProgram } from './run-program';

// Issue 42 after the review: `for(;;) db.run("INSERT INTO z VALUES (zeroblob(5000000))")` ran
// 18-20 s in the built lab and ended with the page's 4-second silence line, the database (sql.js's
// in-memory file) grown past a gigabyte. On the code before, the first program here ran until
// its 30 s limit ("Stopped after 30 seconds") with no bound of the database's.
describe('the lab’s database bounds (zeroblob-loop-unbounded)', () => {
  it('stop a loop that fills the database within seconds, in one line on the call’s line', async () => {
    const started = performance.now();
    const result = await runProgram(
      await openSqlJs(),
      `db.run("CREATE TABLE z(b)");\nfor (;;) db.run("INSERT INTO z VALUES (zeroblob(5000000))");`,
    );
    expect(result.error).toEqual({
      kind: 'memory',
      message: databaseBoundLine('size', 'program'),
      line: 2,
      column: null,
    });
    expect(result.error?.message).toMatch(/^The lab's database holds at most 32 MB/);
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 60_000);

  it('end the run even when the program catches the error and goes on', async () => {
    const result = await runProgram(
      await openSqlJs(),
      `db.run("CREATE TABLE z(b)");
for (;;) { try { db.run("INSERT INTO z VALUES (zeroblob(5000000))"); } catch (e) { print(e.message.slice(0, 30)); } }`,
    );
    expect(result.error).toMatchObject({ kind: 'memory', line: 2 });
    // The catch clause's print is not run either: the run was over.
    expect(result.output).toEqual([]);
  }, 60_000);

  it('stop a value built bigger and bigger at the memory bound', async () => {
    // As in the lab's worker, SQLite's heap is limited for the realm's sql.js: here an instance
    // of the test's own (the limit cannot be raised again, and test files share one instance).
    const SQL = await freshSqlJs();
    const db = new SQL.Database();
    limitSqliteHeap(db);
    const result = await runProgram(
      wrapSqlJs(db),
      `print(1);\nconst row = db.get("WITH RECURSIVE c(x) AS (SELECT 'a' UNION ALL SELECT x || x FROM c) SELECT length(x) AS n FROM c");`,
      { bounds: boundDatabase(SQL, db) },
    );
    expect(result.error).toEqual({
      kind: 'memory',
      message: databaseBoundLine('memory', 'program'),
      line: 2,
      column: null,
    });
  }, 60_000);

  it('leave the lesson’s demo as it was', async () => {
    const { DEMO_PROGRAM } = await import('@/content/claim-lab/programs');
    const result = await runProgram(await openSqlJs(), DEMO_PROGRAM);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(LESSON_DEMO_OUTPUT);
  }, 60_000);
});

// Issue 42 review, F5: SQL that sets the lab's bounds, or copies the database out of their reach.
describe('statements that change the bounds (bound-changing-statements)', () => {
  it('are refused in one line on the call’s line, and the program may go on', async () => {
    const result = await runProgram(
      await openSqlJs(),
      `try { db.run("PRAGMA hard_heap_limit = 1000000"); } catch (e) { print(e.message.slice(0, 40)); }\nprint(db.get("PRAGMA max_page_count") !== undefined);\ndb.run("VACUUM INTO 'copy.db'");`,
    );
    expect(result.output).toEqual(['PRAGMA hard_heap_limit sets one of the l', 'true']);
    expect(result.error).toMatchObject({ kind: 'sql', line: 3 });
    expect(result.error?.message).toMatch(/^SQLite error: VACUUM INTO writes a copy/);
  }, 60_000);
});
