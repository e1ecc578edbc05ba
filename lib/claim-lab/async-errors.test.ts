import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { runProgram } from './run-program';

async function run(source: string) {
  return runProgram(await openSqlJs(), source);
}

// Issue 42 (review, async-errors-unreported): an error thrown in a program's async code ended in
// a rejected promise nobody saw, and the lab said "Ran". It is reported in one line, like a
// synchronous error, once the program's job queue is empty.
describe('errors in async code', () => {
  it('reports an async function that throws, called and left', async () => {
    const result = await run(`async function main() {\n  throw new Error('boom');\n}\nmain();`);
    expect(result.error).toMatchObject({ kind: 'runtime', message: 'Error: boom', line: 2 });
  });

  it('reports a failed db call in async code on the line of the call, awaited or not', async () => {
    const awaited = await run(
      `(async () => {\n  await db.run('INSERT INTO missing VALUES (1)');\n})();`,
    );
    expect(awaited.error).toMatchObject({ kind: 'sql', line: 2 });
    expect(awaited.error?.message).toMatch(/^SQLite error: no such table: missing/);
    const later = await run(
      `async function claim() {\n  await null;\n  return db.get('SELEC 1');\n}\nclaim().then((row) => print(row));`,
    );
    expect(later.error).toMatchObject({ kind: 'sql', line: 3 });
  });

  it('reports Promise.reject, a rejecting executor and a throwing then-callback left unhandled', async () => {
    for (const [source, message] of [
      [`Promise.reject(new Error('rejected'));`, 'Error: rejected'],
      [`new Promise((_, reject) => reject(new TypeError('executor')));`, 'TypeError: executor'],
      [`new Promise(() => { throw new RangeError('thrown'); });`, 'RangeError: thrown'],
      [`Promise.resolve(1).then(() => { throw new Error('in then'); });`, 'Error: in then'],
      [`async function f() { throw new Error('via all'); }\nPromise.all([f()]);`, 'Error: via all'],
    ] as const) {
      const result = await run(source);
      expect(result.error?.message, source).toBe(message);
    }
  });

  it('says nothing of a rejection the program handled', async () => {
    for (const source of [
      `async function main() { throw new Error('boom'); }\nmain().catch((e) => print('caught', e.message));`,
      `async function main() { throw new Error('boom'); }\nasync function g() {\n  try { await main(); } catch (e) { print('caught'); }\n}\ng();`,
      `async function main() { throw new Error('boom'); }\nPromise.allSettled([main()]).then(() => print('settled'));`,
      `Promise.reject(new Error('x')).then(null, () => print('handled'));`,
      `(async () => { try { db.run('SELEC 1'); } catch ({ message }) { print('sql said no'); } })();`,
      `async function main() { try { throw 1; } catch { print('bare catch'); } }\nmain();`,
    ]) {
      const result = await run(source);
      expect(result.error, source).toBeNull();
      expect(result.output, source).toHaveLength(1);
    }
  });

  it('runs db and print in async code after an await: db closes when the job queue is empty', async () => {
    const result = await run(
      `async function main() {\n  await null;\n  db.run('CREATE TABLE t(x)');\n  db.run('INSERT INTO t VALUES (1)');\n  print(db.get<{ n: number }>('SELECT count(*) AS n FROM t')!.n);\n}\nmain();`,
    );
    expect(result.error).toBeNull();
    expect(result.output).toEqual(['1']);
    expect(result.steps.map((s) => s.line)).toEqual([3, 4]);
  });
});
