import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { LAB_LIMITS } from './index';
import { runProgram } from './run-program';

async function run(source: string) {
  return runProgram(await openSqlJs(), source);
}

describe('runProgram', () => {
  it('runs TypeScript with db and print, printing values like Python', async () => {
    const result = await run(`const n: number = db.get<{ n: number }>('SELECT 40 + 2 AS n')!.n;
print('answer:', n, null, [1, 2], { a: 1 });`);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(['answer: 42 null [1,2] {"a":1}']);
  });

  it('reports activity after each database call and each print, so the page can tell working from stuck', async () => {
    let activity = 0;
    const result = await runProgram(
      await openSqlJs(),
      `db.run('CREATE TABLE t(x)');
for (let i = 0; i < 5; i++) db.run('INSERT INTO t VALUES (?)', [i]);
print(db.get('SELECT count(*) AS n FROM t'));
let spin = 0;
for (let i = 0; i < 100000; i++) spin += i;`,
      { onActivity: () => (activity += 1) },
    );
    expect(result.error).toBeNull();
    // 1 CREATE + 5 INSERTs + 1 get + 1 print; the plain loop reports nothing.
    expect(activity).toBe(8);
  });

  it('returns rows changed from db.run and binds named parameters without their prefix', async () => {
    const result = await run(`db.run('CREATE TABLE t(x)');
print(db.run('INSERT INTO t VALUES ($x), ($x)', { x: 7 }));
print(db.all('SELECT x FROM t').length);`);
    expect(result.output).toEqual(['2', '2']);
  });

  it('snapshots the jobs table after every db.run and after writes through get', async () => {
    const result = await run(`db.run('CREATE TABLE jobs(id TEXT, owner TEXT)');
db.run("INSERT INTO jobs VALUES ('r', '')");
db.get("SELECT * FROM jobs");
db.get("UPDATE jobs SET owner = 'A' RETURNING owner");
db.get("/* a refused claim */ UPDATE jobs SET owner = 'B' WHERE owner = 'C' RETURNING owner");`);
    expect(result.steps.map((s) => [s.line, s.call, s.changed])).toEqual([
      [1, 'run', 0],
      [2, 'run', 1],
      [4, 'get', 1],
      [5, 'get', 0],
    ]);
    expect(result.steps[0].table).toMatchObject({
      columns: ['id', 'owner'],
      rows: [],
      truncated: false,
    });
    expect(result.steps[2].table?.rows).toEqual([['r', 'A']]);
  });

  it('reports a SQL error with SQLite’s message on the line of the db call', async () => {
    const result = await run(`print('before');
function go(): number {
  return db.run(
    'UPDAT jobs SET x = 1',
  );
}
go();
print('after');`);
    expect(result.output).toEqual(['before']);
    expect(result.error).toMatchObject({ kind: 'sql', line: 3 });
    expect(result.error?.message).toContain('syntax error');
  });

  it('reports a runtime exception with its message and line, after type-only lines', async () => {
    const result = await run(`interface Job {
  owner: string;
}
type Token = number;
const job: Job = { owner: 'A' };
const t: Token = 1;
(job as unknown as { boom(): void }).boom();`);
    expect(result.error).toMatchObject({ kind: 'runtime', line: 7 });
    expect(result.error?.message).toContain('TypeError');
  });

  it('reports a syntax error at its position without running anything', async () => {
    const result = await run(`print('never');\nconst x = ;`);
    expect(result.output).toEqual([]);
    expect(result.error).toMatchObject({ kind: 'compile', line: 2 });
  });

  it('refuses modules and dynamic import: a program cannot load other code', async () => {
    expect((await run(`print(1);\n  import x from 'y';`)).error).toMatchObject({
      kind: 'compile',
      line: 2,
    });
    expect((await run(`const m = import('https://example.com/x.js');`)).error).toMatchObject({
      kind: 'compile',
      line: 1,
    });
  });

  it('finds import among the tokens, whatever comments or spacing hide it (issue 17, point 1)', async () => {
    expect(
      (await run(`print(1);\nconst m = import/**/('http://127.0.0.1:1/x');`)).error,
    ).toMatchObject({ kind: 'compile', line: 2 });
    expect((await run(`const m = import\n  ('http://127.0.0.1:1/x');`)).error).toMatchObject({
      kind: 'compile',
      line: 1,
    });
    // The word in a string or a comment is not a use.
    expect((await run(`// import x\nprint('import("x")');`)).output).toEqual(['import("x")']);
  });

  it('closes db when the run ends: a promise the program left writes before the result, never after (issue 17, point 9)', async () => {
    const driver = await openSqlJs();
    const result = await runProgram(
      driver,
      `db.run('CREATE TABLE t(x)');\nPromise.resolve().then(() => db.run('INSERT INTO t VALUES (1)')).catch(() => undefined);`,
    );
    expect(result.error).toBeNull();
    // The engine has no timers: the callback ran while its job queue drained, inside the run.
    expect(result.steps.map((s) => s.line)).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(driver.get('SELECT count(*) AS n FROM t')).toEqual({ n: 1 });
  });

  it('reports a stack overflow on the line that recurses (issue 17, point 11)', async () => {
    const result = await run(
      `print('a');\nfunction f(n: number): number {\n  return f(n + 1) + 1;\n}\nf(0);`,
    );
    expect(result.error).toMatchObject({ kind: 'runtime', line: 3 });
  });

  it('refuses a program past the size limit with a clear message', async () => {
    const result = await run('// x\n'.repeat(LAB_LIMITS.maxSourceChars));
    expect(result.error?.kind).toBe('compile');
    expect(result.error?.message).toContain('the lab runs at most');
  });

  it('stops a flood of output at the limit, keeping what was printed', async () => {
    const result = await run(`for (let i = 0; ; i++) print('line', i);`);
    expect(result.output).toHaveLength(LAB_LIMITS.maxOutputLines);
    expect(result.error).toMatchObject({ kind: 'output-limit', line: 1 });
  });

  it('cuts one huge line instead of keeping it whole', async () => {
    const result = await run(`print('x'.repeat(1e6));`);
    expect(result.output[0].length).toBeLessThan(LAB_LIMITS.maxLineChars + 100);
    expect(result.error).toBeNull();
  });

  it('explains values SQLite cannot take, on the line of the call', async () => {
    const result = await run(
      `db.run('CREATE TABLE t(x)');\ndb.run('INSERT INTO t VALUES ($x)', { x: true } as never);`,
    );
    expect(result.error).toMatchObject({ kind: 'runtime', line: 2 });
    expect(result.error?.message).toContain('Parameter x is a boolean');
    const bad = await run(`db.run(42 as never);`);
    expect(bad.error?.message).toContain('takes the SQL text');
  });

  it('rolls back a failed transaction as a whole', async () => {
    const result = await run(`db.run('CREATE TABLE t(x)');
try {
  db.transaction(() => {
    db.run('INSERT INTO t VALUES (1)');
    throw new Error('stop');
  });
} catch (e) {
  print((e as Error).message);
}
print(db.get<{ n: number }>('SELECT count(*) AS n FROM t')!.n);`);
    expect(result.output).toEqual(['stop', '0']);
  });

  it('reports a thrown non-error value', async () => {
    const result = await run(`throw 'nope';`);
    // No "line ?": a thrown string has no line, and the message says how to get one (issue 17, point 11).
    expect(result.error).toMatchObject({ kind: 'runtime', line: null });
    expect(result.error?.message).toContain(
      'Uncaught "nope": the program threw a string, which carries no line number',
    );
  });

  it('ends a program that runs out of its engine’s memory with one line, on its line (issue 42, point 1)', async () => {
    const result = await run(
      `print('before');\nconst a: number[][] = [];\nfor (;;) a.push(new Array(1e6).fill(Math.random()));`,
    );
    expect(result.output).toEqual(['before']);
    expect(result.error).toEqual({
      kind: 'memory',
      message: expect.stringMatching(
        /^Your program used more than 64 MB, all the memory the lab gives one run/,
      ),
      line: 3,
      column: null,
    });
  });

  it('stops a loop that makes no call at the quiet limit, keeping what it printed', async () => {
    const result = await runProgram(
      await openSqlJs(),
      `print('a');\nlet n = 0;\nwhile (true) n++;`,
      {
        limits: { silentMs: 300, timeoutMs: 20_000 },
      },
    );
    expect(result.output).toEqual(['a']);
    expect(result.error).toMatchObject({ kind: 'time', line: null });
    expect(result.error?.message).toMatch(
      /^Stopped after \d+ seconds: for that long the program made no database call/,
    );
  });

  it('stops a loop that calls db every round at the total limit', async () => {
    const result = await runProgram(await openSqlJs(), `for (;;) db.get('SELECT 1');`, {
      limits: { silentMs: 300, timeoutMs: 1_000 },
    });
    expect(result.error).toMatchObject({ kind: 'time', line: null });
    expect(result.error?.message).toMatch(
      /^Stopped after \d+ seconds: the program was still making database calls/,
    );
  });

  it('runs the promise callbacks a program left after it returns, under the same limits', async () => {
    const done = await run(`Promise.resolve(2).then((n) => print('later', n));\nprint('now');`);
    // They run once the program has returned, before the run ends: print and db are still open.
    expect(done.output).toEqual(['now', 'later 2']);
    expect(done.error).toBeNull();
    const spinning = await runProgram(
      await openSqlJs(),
      `Promise.resolve().then(() => { for (;;) {} });`,
      { limits: { silentMs: 300, timeoutMs: 20_000 } },
    );
    expect(spinning.error).toMatchObject({ kind: 'time', line: null });
  });

  it('keeps the harness out of the program’s reach: patched built-ins change nothing it records', async () => {
    const result = await run(`// @ts-nocheck
Array.prototype.push = () => { throw new Error('patched'); };
JSON.stringify = () => 'x'.repeat(1e6);
String.prototype.slice = () => 'sliced';
db.run('CREATE TABLE t(v)');
db.run('INSERT INTO t VALUES (?)', [1]);
print({ a: 1 }, db.get('SELECT v FROM t'));`);
    expect(result.error).toBeNull();
    expect(result.steps).toHaveLength(2);
    expect(result.output[0].length).toBeLessThan(1_100);
  });

  it('sends console.log to the browser’s console, not to the output the lab checks', async () => {
    const logged: unknown[] = [];
    const original = console.log;
    console.log = (...values: unknown[]) => void logged.push(...values);
    try {
      const result = await run(`console.log('debug', { a: 1 });\nprint('out');`);
      expect(result.output).toEqual(['out']);
      expect(logged).toEqual(['debug {"a":1}']);
    } finally {
      console.log = original;
    }
  });
});
