import { describe, expect, it } from 'vitest';
import {
  foreignShape,
  memoryBlobStore,
  type BlobStore,
  type DatabaseSetAside,
} from '@/lib/storage';
import { createRecordsDb, logActivity } from './index';

// Issue 27, cases 7 and 8: what is stored where the records live but was not written by this
// app is set aside, reported with where it went, and a fresh database starts.

const notes = { feature: 'notes', migrations: ['CREATE TABLE notes (id TEXT PRIMARY KEY)'] };

describe('a foreign value under the records key (case 8)', () => {
  it('is copied aside before it is replaced, and reported (records-foreign-value-overwritten)', async () => {
    const foreign = { owner: 'another app', rows: [1, 2, 3] };
    const blobs = memoryBlobStore([['k', foreign]]);
    const records = createRecordsDb({ blobs, key: 'k', schemas: [notes], now: () => 5 });
    await records.write((db) => logActivity(db, 1, 'question.revealed', 'q1'));
    const problems = records.takeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/an object with the fields "owner", "rows"/);
    expect(problems[0].message).toMatch(/copied aside as "k\.corrupt\.5"/);
    expect(problems[0].backupKey).toBe('k.corrupt.5');
    expect(await blobs.read('k.corrupt.5')).toEqual({
      kind: 'foreign',
      description: 'an object with the fields "owner", "rows"',
    });
    // The fresh database holds the write, and a reload finds nothing more to report.
    const again = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    expect(await again.read((db) => db.all('SELECT subject FROM activity'))).toEqual([
      { subject: 'q1' },
    ]);
    expect(again.takeProblems()).toEqual([]);
  });

  it('is left in place, and the read fails with the reason, when it cannot be copied aside', async () => {
    const inner = memoryBlobStore([['k', 'a foreign text']]);
    const blobs: BlobStore = {
      ...inner,
      copy: async () => {
        throw new Error('no room');
      },
    };
    const records = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    await expect(records.read((db) => db.all('SELECT * FROM notes'))).rejects.toThrow(
      /a text of 14 characters.*could not be copied aside \(no room\)/,
    );
    expect(await blobs.read('k')).toEqual({
      kind: 'foreign',
      description: 'a text of 14 characters',
    });
  });
});

describe('a records database this app did not make (case 7)', () => {
  it('is told apart by its version and its stores', () => {
    expect(foreignShape({ version: 1, stores: ['blobs'] })).toBeNull();
    expect(foreignShape({ version: 5, stores: ['blobs', 'foreign'] })).toMatch(/version 5/);
    expect(foreignShape({ version: 1, stores: ['blobs', 'foreign'] })).toMatch(/stores/);
    expect(foreignShape({ version: 1, stores: [] })).toMatch(/no "blobs" store/);
  });

  it('reports where the set-aside database went, once, and the records work (records-wrong-idb-version)', async () => {
    const setAside: DatabaseSetAside = {
      kind: 'database-set-aside',
      database: 'lease-lab',
      version: 5,
      stores: ['foreign', 'x'.repeat(100)],
      backup: 'lease-lab.corrupt.9',
    };
    const inner = memoryBlobStore();
    let pending = [setAside];
    const blobs: BlobStore = {
      ...inner,
      takeRepairs: () => pending.splice(0, pending.length),
    };
    const records = createRecordsDb({ blobs, key: 'k', schemas: [notes] });
    await records.write((db) => logActivity(db, 1, 'question.revealed', 'q1'));
    const [problem, ...rest] = records.takeProblems();
    expect(rest).toEqual([]);
    expect(problem.backupKey).toBe('lease-lab.corrupt.9');
    expect(problem.message).toMatch(/"lease-lab".*version 5.*"foreign"/);
    expect(problem.message).toMatch(
      /set aside, whole, as the browser database "lease-lab\.corrupt\.9"/,
    );
    expect(problem.message).toContain(`"${'x'.repeat(40)}…"`);
    pending = [];
    expect(await records.read((db) => db.all('SELECT subject FROM activity'))).toEqual([
      { subject: 'q1' },
    ]);
    expect(records.takeProblems()).toEqual([]);
  });
});
