import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileDb } from './better-sqlite3-driver';
import type { SqlDriver } from './driver';
import { SqlError } from './driver';
import { openSqlJs } from './sqljs-driver';

const dir = mkdtempSync(join(tmpdir(), 'driver-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileCount = 0;

const drivers: [string, () => Promise<SqlDriver>][] = [
  ['sql.js', () => openSqlJs()],
  [
    'better-sqlite3',
    async () => openFileDb(join(dir, `t${++fileCount}.sqlite`), { mustExist: false }),
  ],
];

// The same cases for both drivers: an engine written against SqlDriver must not notice which
// one it runs on.
describe.each(drivers)('driver contract: %s', (_name, open) => {
  it('binds named keys without prefix to $, : and @ parameters alike', async () => {
    const db = await open();
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, owner TEXT, n INTEGER)');
    expect(db.run('INSERT INTO t (owner, n) VALUES ($owner, $n)', { owner: 'A', n: 1 })).toBe(1);
    expect(db.run('INSERT INTO t (owner, n) VALUES (:owner, :n)', { owner: 'B', n: 2 })).toBe(1);
    expect(db.run('INSERT INTO t (owner, n) VALUES (@owner, @n)', { owner: 'C', n: 3 })).toBe(1);
    expect(db.all('SELECT owner, n FROM t ORDER BY id')).toEqual([
      { owner: 'A', n: 1 },
      { owner: 'B', n: 2 },
      { owner: 'C', n: 3 },
    ]);
    db.close();
  });

  it('accepts prefixed keys too, and ignores keys the statement does not use', async () => {
    const db = await open();
    db.exec("CREATE TABLE t (owner TEXT); INSERT INTO t VALUES ('A')");
    expect(db.get('SELECT owner FROM t WHERE owner = $owner', { $owner: 'A' })).toEqual({
      owner: 'A',
    });
    expect(db.run('UPDATE t SET owner = $owner', { owner: 'B', unused: 7 })).toBe(1);
    expect(db.get('SELECT owner FROM t')).toEqual({ owner: 'B' });
    db.close();
  });

  it('binds positional parameters and returns rows changed, 0 when nothing matched', async () => {
    const db = await open();
    db.exec('CREATE TABLE t (v INTEGER)');
    expect(db.run('INSERT INTO t VALUES (?), (?), (?)', [1, 2, 3])).toBe(3);
    expect(db.run('UPDATE t SET v = v + 10 WHERE v > ?', [1])).toBe(2);
    expect(db.run('UPDATE t SET v = 0 WHERE v = ?', [99])).toBe(0);
    expect(db.get('SELECT v FROM t WHERE v = 42')).toBeUndefined();
    db.close();
  });

  it('returns UPDATE ... RETURNING rows from all(), and counts them from run()', async () => {
    const db = await open();
    db.exec("CREATE TABLE t (id TEXT, fence INTEGER); INSERT INTO t VALUES ('r', 0)");
    expect(
      db.all('UPDATE t SET fence = fence + 1 WHERE id = $run RETURNING fence AS token', {
        run: 'r',
      }),
    ).toEqual([{ token: 1 }]);
    expect(
      db.run('UPDATE t SET fence = fence + 1 WHERE id = $run RETURNING fence', { run: 'r' }),
    ).toBe(1);
    expect(db.all('UPDATE t SET fence = 0 WHERE id = $run', { run: 'nope' })).toEqual([]);
    db.close();
  });

  it('round-trips null, real numbers and blobs as plain values', async () => {
    const db = await open();
    db.exec('CREATE TABLE t (a, b, c)');
    db.run('INSERT INTO t VALUES (?, ?, ?)', [null, 2.5, new Uint8Array([1, 2, 3])]);
    const row = db.get<{ a: null; b: number; c: Uint8Array }>('SELECT a, b, c FROM t');
    expect(row?.a).toBeNull();
    expect(row?.b).toBe(2.5);
    expect(Array.from(row?.c ?? [])).toEqual([1, 2, 3]);
    db.close();
  });

  it('rolls a failed transaction back, nested ones included, and keeps a committed one', async () => {
    const db = await open();
    db.exec('CREATE TABLE t (v INTEGER)');
    db.transaction(() => db.run('INSERT INTO t VALUES (1)'));
    expect(() =>
      db.transaction(() => {
        db.run('INSERT INTO t VALUES (2)');
        db.transaction(() => db.run('INSERT INTO t VALUES (3)'));
        throw new Error('boom');
      }),
    ).toThrow('boom');
    const kept = db.transaction(() => {
      db.run('INSERT INTO t VALUES (4)');
      try {
        db.transaction(() => {
          db.run('INSERT INTO t VALUES (5)');
          throw new Error('inner');
        });
      } catch {
        // the inner savepoint alone is rolled back
      }
      return 'ok';
    });
    expect(kept).toBe('ok');
    expect(db.all('SELECT v FROM t ORDER BY v')).toEqual([{ v: 1 }, { v: 4 }]);
    db.close();
  });

  it('raises SqlError with SQLite’s message and the statement', async () => {
    const db = await open();
    let caught: unknown;
    try {
      db.run('SELEC 1');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SqlError);
    expect((caught as SqlError).message).toMatch(/syntax error/);
    expect((caught as SqlError).sql).toBe('SELEC 1');
    db.close();
  });
});

describe('better-sqlite3 file driver', () => {
  it('refuses a missing file instead of creating it', () => {
    expect(() => openFileDb(join(dir, 'missing.sqlite'))).toThrow(SqlError);
  });

  it('sees another connection’s committed writes (two handles on one file)', () => {
    const path = join(dir, 'shared.sqlite');
    const a = openFileDb(path, { mustExist: false });
    a.exec('CREATE TABLE t (v INTEGER)');
    const b = openFileDb(path);
    a.run('INSERT INTO t VALUES (1)');
    expect(b.get('SELECT count(*) AS n FROM t')).toEqual({ n: 1 });
    a.close();
    b.close();
  });
});
