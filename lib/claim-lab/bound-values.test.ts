import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { LAB_LIMITS } from './index';
import { runProgram } from './run-program';

async function run(source: string) {
  return runProgram(await openSqlJs(), source);
}

const ROWS = `print(JSON.stringify(db.all('SELECT length(x) AS n, typeof(x) AS t FROM z')));`;

// Issue 42: once the engine's memory had grown past the 16 MiB it starts with, every array and
// object a db call passed read as empty, so every value bound as NULL, with no error.
describe('values a db call binds', () => {
  it('bind as given after the engine’s memory has grown', async () => {
    const result = await run(`db.run('CREATE TABLE z (x TEXT)');
const pad = 'p'.repeat(2e7);
db.run('INSERT INTO z VALUES (?)', ['hello']);
db.run('INSERT INTO z VALUES ($x)', { x: 'named' });
print(pad.length);
${ROWS}`);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(['20000000', '[{"n":5,"t":"text"},{"n":5,"t":"text"}]']);
  }, 30_000);

  it('refuse a value past the lab’s bound in one line on its program line, and later calls bind', async () => {
    const result = await run(`db.run('CREATE TABLE z (x TEXT)');
try { db.run('INSERT INTO z VALUES (?)', ['y'.repeat(2e7)]); } catch (e) { print(e.name, e.message); }
db.run('INSERT INTO z VALUES (?)', ['hello']);
${ROWS}
db.run('INSERT INTO z VALUES (?)', [new Uint8Array(${LAB_LIMITS.maxValueChars + 1})]);`);
    expect(result.output).toEqual([
      'RangeError Parameter #1 is 20,000,000 characters long; the lab takes at most 10,000,000 characters in one value.',
      '[{"n":5,"t":"text"}]',
    ]);
    expect(result.error).toMatchObject({
      kind: 'runtime',
      message:
        'RangeError: Parameter #1 is 10,000,001 bytes long; the lab takes at most 10,000,000 bytes in one value.',
      line: 5,
    });
  }, 30_000);

  it('refuse SQL text past the bound the same way', async () => {
    const result = await run(`db.run('SELECT 1' + ' '.repeat(3e7));`);
    expect(result.error).toMatchObject({
      kind: 'runtime',
      message:
        'RangeError: The SQL is 30,000,008 characters long; the lab takes at most 10,000,000 characters in one value.',
      line: 1,
    });
  }, 30_000);
});
