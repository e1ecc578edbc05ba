import { describe, expect, it } from 'vitest';
import { openSqlJs, SqlError } from './index';

describe('sql.js driver', () => {
  it('runs statements, returns rows changed, and reads rows', async () => {
    const db = await openSqlJs();
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    expect(db.run('INSERT INTO t (name) VALUES (?), (?)', ['a', 'b'])).toBe(2);
    expect(db.run('UPDATE t SET name = $name WHERE id = $id', { name: 'z', id: 1 })).toBe(1);
    expect(db.run('UPDATE t SET name = :name WHERE id = :id', { name: 'y', id: 99 })).toBe(0);
    expect(db.get('SELECT name FROM t WHERE id = 1')).toEqual({ name: 'z' });
    expect(db.get('SELECT name FROM t WHERE id = 42')).toBeUndefined();
    expect(db.all('SELECT id, name FROM t ORDER BY id')).toEqual([
      { id: 1, name: 'z' },
      { id: 2, name: 'b' },
    ]);
  });

  it('rolls a failed transaction back and keeps a committed one', async () => {
    const db = await openSqlJs();
    db.exec('CREATE TABLE t (v INTEGER)');
    db.transaction(() => db.run('INSERT INTO t VALUES (1)'));
    expect(() =>
      db.transaction(() => {
        db.run('INSERT INTO t VALUES (2)');
        db.transaction(() => db.run('INSERT INTO t VALUES (3)'));
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.all('SELECT v FROM t')).toEqual([{ v: 1 }]);
  });

  it('reports SQLite errors with SQLite’s own message and the statement', async () => {
    const db = await openSqlJs();
    let caught: unknown;
    try {
      db.run('SELEC 1');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SqlError);
    expect((caught as SqlError).message).toMatch(/syntax error/);
    expect((caught as SqlError).sql).toBe('SELEC 1');
  });

  it('exports to bytes and opens them again', async () => {
    const db = await openSqlJs();
    db.exec("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('kept')");
    const copy = await openSqlJs(db.export());
    expect(copy.get('SELECT v FROM t')).toEqual({ v: 'kept' });
  });

  it('refuses bytes that are not a SQLite database', async () => {
    await expect(
      openSqlJs(new TextEncoder().encode('not a database at all, just text'.repeat(40))),
    ).rejects.toThrow(/not a readable SQLite database/);
  });
});
