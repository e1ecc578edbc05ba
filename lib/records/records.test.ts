import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { memoryBlobStore } from '@/lib/storage';
import { createRecordsDb, logActivity, migrate, SchemaTooNewError } from './index';

const notes = {
  feature: 'notes',
  migrations: ['CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT)'],
};

describe('records database', () => {
  it('persists writes across instances (a reload)', async () => {
    const blobs = memoryBlobStore();
    const first = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    await first.write((db) => db.run("INSERT INTO notes VALUES ('a', 'hello')"));
    await first.write((db) => logActivity(db, 1, 'question.revealed', 'q1'));
    const second = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    expect(await second.read((db) => db.all('SELECT * FROM notes'))).toEqual([
      { id: 'a', body: 'hello' },
    ]);
    expect(await second.read((db) => db.get('SELECT kind, subject FROM activity'))).toEqual({
      kind: 'question.revealed',
      subject: 'q1',
    });
  });

  it('two instances writing in turn keep both writes (each write starts from stored bytes)', async () => {
    const blobs = memoryBlobStore();
    const tabA = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    const tabB = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    await tabA.read((db) => db.all('SELECT * FROM notes'));
    await tabB.read((db) => db.all('SELECT * FROM notes'));
    await tabA.write((db) => db.run("INSERT INTO notes VALUES ('a', 'from A')"));
    await tabB.write((db) => db.run("INSERT INTO notes VALUES ('b', 'from B')"));
    tabA.invalidate();
    expect(await tabA.read((db) => db.all('SELECT id FROM notes ORDER BY id'))).toEqual([
      { id: 'a' },
      { id: 'b' },
    ]);
  });

  it('a read issued while a write is in flight sees a live database and the written row (records-read-during-write)', async () => {
    const blobs = memoryBlobStore();
    const records = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    await records.read((db) => db.all('SELECT * FROM notes'));
    const writing = records.write((db) => db.run("INSERT INTO notes VALUES ('w', 'written')"));
    const reading = records.read((db) => db.all('SELECT id FROM notes'));
    await writing;
    expect(await reading).toEqual([{ id: 'w' }]);
  });

  it('keeps a damaged database aside, reports it, and starts fresh', async () => {
    const blobs = memoryBlobStore();
    const garbage = new TextEncoder().encode('this is not sqlite'.repeat(100));
    await blobs.set('k', garbage);
    const records = createRecordsDb({ blobs, key: 'k', schemas: [notes], now: () => 42 });
    expect(await records.read((db) => db.all('SELECT * FROM notes'))).toEqual([]);
    const problems = records.takeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0].backupKey).toBe('k.corrupt.42');
    expect(await blobs.get('k.corrupt.42')).toEqual(garbage);
    expect(records.takeProblems()).toEqual([]);
  });

  it('rolls back a failed write and stores nothing of it', async () => {
    const blobs = memoryBlobStore();
    const records = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    await expect(
      records.write((db) => {
        db.run("INSERT INTO notes VALUES ('x', 'half')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const again = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    expect(await again.read((db) => db.all('SELECT * FROM notes'))).toEqual([]);
  });

  it('migrates features step by step and refuses a schema newer than the code', async () => {
    const db = await openSqlJs();
    migrate(db, [notes]);
    migrate(db, [
      {
        feature: 'notes',
        migrations: [...notes.migrations, 'ALTER TABLE notes ADD COLUMN at INTEGER'],
      },
    ]);
    expect(db.get("SELECT version FROM schema_versions WHERE feature = 'notes'")).toEqual({
      version: 2,
    });
    expect(() => migrate(db, [notes])).toThrow(SchemaTooNewError);
  });
});
