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

  it('sets aside a database whose schema objects are not the ones the app created (issue 17, point 11)', async () => {
    const blobs = memoryBlobStore();
    const first = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    await first.write((db) => logActivity(db, 1, 'question.revealed', 'q1'));
    // A hand-edited database: the activity table replaced by a view of the same name.
    const edited = await openSqlJs((await blobs.get('k')) as Uint8Array);
    edited.exec(
      'DROP TABLE activity; CREATE VIEW activity AS SELECT 1 AS id, 0 AS at, 0 AS kind, 0 AS subject, 0 AS detail;',
    );
    const tampered = edited.export();
    await blobs.set('k', tampered);
    const records = createRecordsDb({ blobs, key: 'k', schemas: [notes], now: () => 7 });
    expect(
      await records.read((db) => db.get("SELECT type FROM sqlite_schema WHERE name = 'activity'")),
    ).toEqual({ type: 'table' });
    const problems = records.takeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/activity/);
    expect(await blobs.get('k.corrupt.7')).toEqual(tampered);
    // Writes work again on the fresh database.
    await records.write((db) => logActivity(db, 2, 'question.revealed', 'q2'));
  });

  it('sets aside a trigger added by hand, but keeps tables a newer feature added', async () => {
    const blobs = memoryBlobStore();
    await createRecordsDb({ blobs, key: 'k', schemas: [notes] }).write((db) =>
      logActivity(db, 1, 'question.revealed', 'q1'),
    );
    const newer = await openSqlJs((await blobs.get('k')) as Uint8Array);
    newer.exec(
      'CREATE TABLE later_feature (id INTEGER PRIMARY KEY); CREATE INDEX later_feature_id ON later_feature (id);',
    );
    await blobs.set('k', newer.export());
    const tolerant = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    expect(await tolerant.read((db) => db.all('SELECT subject FROM activity'))).toEqual([
      { subject: 'q1' },
    ]);
    expect(tolerant.takeProblems()).toEqual([]);
    newer.exec(
      "CREATE TRIGGER no_log BEFORE INSERT ON activity BEGIN SELECT RAISE(ABORT, 'no'); END;",
    );
    await blobs.set('k', newer.export());
    const strict = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    await strict.write((db) => logActivity(db, 2, 'question.revealed', 'q2'));
    expect(strict.takeProblems()[0]?.message).toMatch(/trigger no_log/);
  });

  it('keeps a database whose schema is what the app created, across reloads', async () => {
    const blobs = memoryBlobStore();
    await createRecordsDb({ blobs, key: 'k', schemas: [notes] }).write((db) =>
      logActivity(db, 1, 'question.revealed', 'q1'),
    );
    const again = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    expect(await again.read((db) => db.all('SELECT subject FROM activity'))).toEqual([
      { subject: 'q1' },
    ]);
    expect(again.takeProblems()).toEqual([]);
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
