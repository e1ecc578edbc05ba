import { describe, expect, it } from 'vitest';
import { databaseBoundLine, wrapSqlJs } from '@/lib/sqlite';
import { freshSqlJs } from '@/lib/sqlite/fresh-sql.test-helper';
import { runProgram } from './run-program';

// An isolated file (vitest.config.mts, project 'unit-isolated'): these programs grow sql.js
// instances to hundreds of megabytes, and in the unit project's shared fork (isolate: false) the
// whole unit run lost two test files to "Worker exited unexpectedly", 4 runs of 4.
// Issue 42 review, F6: db.all and db.get read every row into the worker's heap. In the built lab
// these ended in the page's watchdog line ("Stopped after 4 seconds without a word") or in
// "RangeError: offset is out of bounds" (a copy into the program's engine that failed).
// Each on a sql.js instance of its own: its memory, grown to hold these rows, goes with it
// (unit files share one fork and its sql.js instance).
const ownDatabase = async () => wrapSqlJs(new (await freshSqlJs()).Database());

describe('what one db call may bring back (result-rows-unbounded)', () => {
  it('stops rows that do not end at the budget, with one line on the call’s line', async () => {
    const result = await runProgram(
      await ownDatabase(),
      `print(1);\nconst rows = db.all("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c LIMIT 1000000) SELECT printf('%.20000c','x') || i AS s FROM c");\nprint(rows.length);`,
    );
    expect(result.error).toEqual({
      kind: 'memory',
      message: databaseBoundLine('result', 'program'),
      line: 2,
      column: null,
    });
    expect(result.error?.message).toMatch(/^This query returned more than 32 MB/);
    expect(result.output).toEqual(['1']);
  }, 60_000);

  it('stops one value too big to bring back, even in a loop that catches', async () => {
    const result = await runProgram(
      await ownDatabase(),
      `for (let k = 0; k < 50; k++) {\n  try { db.get("SELECT randomblob(40000000) AS b"); } catch (e) { print(k); }\n}`,
    );
    expect(result.error).toMatchObject({
      kind: 'memory',
      message: databaseBoundLine('result', 'program'),
      line: 2,
    });
    expect(result.output).toEqual([]);
  }, 60_000);

  it('says the memory line when values within the budget fill the program’s engine', async () => {
    const result = await runProgram(
      await ownDatabase(),
      `const keep = [];\nfor (let k = 0; k < 10; k++) keep.push(db.get("SELECT randomblob(20000000) AS b").b);`,
    );
    expect(result.error).toMatchObject({ kind: 'memory', line: 2 });
    expect(result.error?.message).toMatch(/^Your program used more than 64 MB/);
  }, 60_000);

  it('brings back the lab’s largest value whole', async () => {
    const result = await runProgram(
      await ownDatabase(),
      `db.run("CREATE TABLE v(t)");\ndb.run("INSERT INTO v VALUES (?)", ["x".repeat(10000000)]);\nprint(db.get("SELECT t FROM v").t.length, db.all("SELECT t FROM v").length);`,
    );
    expect(result.error).toBeNull();
    expect(result.output).toEqual(['10000000 1']);
  }, 60_000);
});
