import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { dumpTable } from './table-dump';

describe('dumpTable', () => {
  it('names the columns of an empty table', async () => {
    const db = await openSqlJs();
    db.run('CREATE TABLE runs(id TEXT, lease_until REAL)');
    expect(dumpTable(db, 'runs')).toEqual({
      name: 'runs',
      columns: ['id', 'lease_until'],
      rows: [],
    });
    db.close();
  });

  it('keeps two decimals of a fraction and leaves whole numbers, text and null alone', async () => {
    const db = await openSqlJs();
    db.run('CREATE TABLE runs(id TEXT, lease_until REAL, generation INTEGER)');
    db.run("INSERT INTO runs VALUES ('r', 12.34567, 3), (NULL, 2.0, NULL)");
    expect(dumpTable(db, 'runs').rows).toEqual([
      ['r', 12.35, 3],
      [null, 2, null],
    ]);
    db.close();
  });
});
