import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { LAB_LIMITS } from './index';
import { runProgram } from './run-program';

// Issue 27, cases 1 and 2: what a run sends to the page is cut in the worker, whatever the
// program throws or stores.
async function run(source: string) {
  return runProgram(await openSqlJs(), `// @ts-nocheck\n${source}`);
}

/** Every character of the run that reaches the page, as the worker would post it. */
const pageChars = (value: unknown) => JSON.stringify(value).length;

describe('a run is bounded before it reaches the page (issue 27)', () => {
  it('cuts a 20 MB exception message and says how much it shows (case 1)', async () => {
    const result = await run(`throw new Error('E'.repeat(20 * 1024 * 1024));`);
    expect(result.error).toMatchObject({ kind: 'runtime', line: 2 });
    expect(result.error!.message.length).toBeLessThan(LAB_LIMITS.maxMessageChars + 100);
    expect(result.error!.message).toMatch(/^Error: EEE/);
    expect(result.error!.message).toContain('(Shown 2,000 of 20,971,520 characters.)');
  });

  it('cuts a 20 MB thrown string, a huge error name and a huge SQL error', async () => {
    const thrown = await run(`throw 'x'.repeat(20 * 1024 * 1024);`);
    expect(thrown.error!.message.length).toBeLessThan(LAB_LIMITS.maxMessageChars + 300);
    expect(thrown.error!.message).toContain('Shown 250 of 20,971,520 characters');
    const named = await run(`const e = new Error('m'); e.name = 'N'.repeat(5e6); throw e;`);
    expect(named.error!.message.length).toBeLessThan(200);
    const sql = await run(`db.run("SELECT * FROM \\"" + 'q'.repeat(5e6) + "\\"");`);
    expect(sql.error).toMatchObject({ kind: 'sql', line: 2 });
    expect(sql.error!.message.length).toBeLessThan(LAB_LIMITS.maxMessageChars + 100);
    expect(sql.error!.message).toMatch(/Shown 2,000 of [\d,]+ characters/);
  });

  it('cuts cell text, column names and columns in snapshots: a 4 MB cell and 18 no-op UPDATEs (case 2)', async () => {
    const result = await run(`db.run('CREATE TABLE jobs(id TEXT, body TEXT)');
db.run('INSERT INTO jobs VALUES (?, ?)', ['r', 'x'.repeat(4 * 1024 * 1024)]);
for (let i = 0; i < 18; i++) db.run('UPDATE jobs SET id = id');`);
    expect(result.error).toBeNull();
    expect(result.steps).toHaveLength(20);
    const first = result.steps[1].table!;
    expect(first.rows[0][1]).toBe(`${'x'.repeat(LAB_LIMITS.maxCellChars)}…`);
    expect(first.charsShown.total).toBeGreaterThan(4_000_000);
    // 20 snapshots of a 4 MB cell: what reaches the page stays under the run's budget.
    expect(pageChars(result)).toBeLessThan(LAB_LIMITS.maxSnapshotChars + 50_000);
  });

  it('keeps the first columns of a 2,000-column table, with short names', async () => {
    const result =
      await run(`const names = Array.from({ length: 2000 }, (_, i) => 'c' + i + '_' + 'n'.repeat(1000));
db.run('CREATE TABLE jobs(' + names.join(', ') + ')');
db.run('INSERT INTO jobs DEFAULT VALUES');`);
    expect(result.error).toBeNull();
    const table = result.steps[1].table!;
    expect(table.columns).toHaveLength(LAB_LIMITS.maxSnapshotColumns);
    expect(table.columnsShown).toEqual({ shown: 20, total: 2_000, atLeast: false });
    expect(table.columns[0].length).toBe(LAB_LIMITS.maxCellChars + 1);
    expect(pageChars(result)).toBeLessThan(100_000);
  });

  it('cuts huge SQL, bound values and statement counts', async () => {
    const result = await run(`db.run('CREATE TABLE jobs(id TEXT)');
const big = 'v'.repeat(1e6);
for (let i = 0; i < 30; i++) db.run("INSERT INTO jobs VALUES ($v) -- " + big, { v: big });
db.run('DELETE FROM jobs');`);
    expect(result.error).toBeNull();
    expect(result.statements.reduce((n, s) => n + s.length, 0)).toBeLessThanOrEqual(
      LAB_LIMITS.maxStatementChars + 100,
    );
    expect(String(result.steps[1].params!.v).length).toBe(LAB_LIMITS.maxCellChars + 1);
    expect(result.steps[30].index).toBe(31);
    expect(pageChars(result)).toBeLessThan(
      LAB_LIMITS.maxSnapshotChars + LAB_LIMITS.maxStatementChars + 31 * LAB_LIMITS.maxSqlChars,
    );
  });

  it('keeps the first maxSteps steps and counts every step the program took (500 inserts)', async () => {
    const result = await run(`db.run('CREATE TABLE jobs(id TEXT, owner TEXT)');
for (let i = 0; i < 500; i++) db.run('INSERT INTO jobs VALUES (?, ?)', ['j' + i, 'o'.repeat(300)]);
db.get('SELECT count(*) FROM jobs');`);
    expect(result.error).toBeNull();
    expect(result.steps).toHaveLength(LAB_LIMITS.maxSteps);
    // The CREATE and the 500 INSERTs are steps; the SELECT through get is not.
    expect(result.stepsRan).toBe(501);
  });
});
