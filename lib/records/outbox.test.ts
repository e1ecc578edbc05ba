import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createLocalDoor,
  memoryBlobStore,
  memoryKeyValueStore,
  STORAGE_KEYS,
  type BlobStore,
  type KeyValueStore,
} from '@/lib/storage';
import { createRecordsDb, type RecordsDb } from './records';
import {
  createOutbox,
  MAX_APPLIED_IDS,
  MAX_BATCH_CHARS,
  outboxKey,
  type Outbox,
  type OutboxBatch,
  type OutboxReport,
} from './outbox';

/** A probe feature: every applied entry is one row, so applying twice shows as two rows. */
const probe = {
  feature: 'probe',
  migrations: ['CREATE TABLE probe (entry TEXT NOT NULL)'],
};
const entry = z.string().min(1).max(40);

/**
 * Browser storage shared by every tab of the test, and a switch that makes removals fail
 * silently: the tab "closes" after its write landed and before it removed its batch.
 */
function sharedStorage(quota?: number) {
  const store = memoryKeyValueStore(quota);
  let removals = true;
  const view: KeyValueStore = {
    get length() {
      return store.length;
    },
    key: (i) => store.key(i),
    getItem: (k) => store.getItem(k),
    setItem: (k, v) => store.setItem(k, v),
    removeItem: (k) => {
      if (removals) store.removeItem(k);
    },
  };
  return {
    store,
    view,
    crashBeforeRemove: (crash: boolean) => {
      removals = !crash;
    },
  };
}

interface Tab {
  records: RecordsDb;
  outbox: Outbox<string>;
}

/** One lock for every tab of a test, as navigator.locks serialises the browser's tabs' writes. */
const locks = new WeakMap<BlobStore, Promise<unknown>>();
function sharedLock(blobs: BlobStore) {
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const next = (locks.get(blobs) ?? Promise.resolve()).then(fn, fn);
    locks.set(
      blobs,
      next.catch(() => undefined),
    );
    return next;
  };
}

/** A tab: its own records instance and outbox over the shared database and browser storage. */
function openTab(blobs: BlobStore, store: KeyValueStore, now = () => 1_000): Tab {
  return {
    records: createRecordsDb({ blobs, key: 'records', schemas: [probe], lock: sharedLock(blobs) }),
    outbox: createOutbox({
      door: createLocalDoor(store, now),
      entry,
      apply: (db, e) => db.run('INSERT INTO probe (entry) VALUES (?)', [e]),
      now,
    }),
  };
}

const rows = (tab: Tab) =>
  tab.records.read((db) =>
    db.all<{ entry: string }>('SELECT entry FROM probe').map((r) => r.entry),
  );
const held = (store: KeyValueStore) =>
  Array.from({ length: store.length }, (_, i) => store.key(i) ?? '').filter((k) =>
    k.startsWith(`${STORAGE_KEYS.outbox}.`),
  );

describe('records outbox', () => {
  it('holds a batch under its own key at once, and delivering applies it and removes it', async () => {
    const { store, view } = sharedStorage();
    const tab = openTab(memoryBlobStore(), view);
    const appended = tab.outbox.append(['a', 'b']);
    expect(appended.held).toBe(true);
    const stored = JSON.parse(
      store.getItem(outboxKey(appended.batch.id)) ?? 'null',
    ) as OutboxBatch<string>;
    expect(stored.entries).toEqual(['a', 'b']);
    expect(tab.outbox.size()).toBe(1);

    const report = await tab.outbox.deliver(tab.records, appended);
    expect(report).toEqual({ applied: [appended.batch.id], skipped: [], failed: [] });
    expect(await rows(tab)).toEqual(['a', 'b']);
    expect(held(store)).toEqual([]);
    expect(
      await tab.records.read((db) => db.all('SELECT id FROM outbox_applied').map((r) => r.id)),
    ).toEqual([appended.batch.id]);
  });

  it('a batch left by a tab that went away before its write is applied once by the next load', async () => {
    const blobs = memoryBlobStore();
    const { store, view } = sharedStorage();
    openTab(blobs, view).outbox.append(['left behind']);
    const next = openTab(blobs, view);
    expect((await next.outbox.replay(next.records)).applied).toHaveLength(1);
    expect(await rows(next)).toEqual(['left behind']);
    expect(held(store)).toEqual([]);
    const again = openTab(blobs, view);
    expect(await again.outbox.replay(again.records)).toEqual({
      applied: [],
      skipped: [],
      failed: [],
    });
    expect(await rows(again)).toEqual(['left behind']);
  });

  it('a batch whose id is already in the database is only removed (a crash between apply and remove)', async () => {
    const blobs = memoryBlobStore();
    const storage = sharedStorage();
    const tab = openTab(blobs, storage.view);
    const appended = tab.outbox.append(['once']);
    storage.crashBeforeRemove(true);
    await tab.outbox.deliver(tab.records, appended);
    storage.crashBeforeRemove(false);
    expect(held(storage.store)).toEqual([outboxKey(appended.batch.id)]);

    const reloaded = openTab(blobs, storage.view);
    expect(await reloaded.outbox.replay(reloaded.records)).toEqual({
      applied: [],
      skipped: [appended.batch.id],
      failed: [],
    });
    expect(await rows(reloaded)).toEqual(['once']);
    expect(held(storage.store)).toEqual([]);
  });

  it('two tabs never apply one batch twice: a replay in another tab before the write lands', async () => {
    const blobs = memoryBlobStore();
    const { store, view } = sharedStorage();
    const a = openTab(blobs, view);
    const appended = a.outbox.append(['from A']);
    // Tab B opens while A's write has not started: it applies A's batch from the outbox.
    const b = openTab(blobs, view);
    expect((await b.outbox.replay(b.records)).applied).toEqual([appended.batch.id]);
    // A's own write then finds its batch applied and does not apply it again.
    expect(await a.outbox.deliver(a.records, appended)).toEqual({
      applied: [],
      skipped: [appended.batch.id],
      failed: [],
    });
    expect(await rows(b)).toEqual(['from A']);
    a.records.invalidate();
    expect(await rows(a)).toEqual(['from A']);
    expect(held(store)).toEqual([]);
  });

  it('two tabs replaying the same outbox at once apply each batch once', async () => {
    const blobs = memoryBlobStore();
    const { view } = sharedStorage();
    const gone = openTab(blobs, view);
    gone.outbox.append(['x']);
    gone.outbox.append(['y']);
    const [a, b] = [openTab(blobs, view), openTab(blobs, view)];
    // One lock, as navigator.locks gives the browser's tabs: the writes run in turn.
    await Promise.all([a.outbox.replay(a.records), b.outbox.replay(b.records)]);
    const c = openTab(blobs, view);
    expect((await rows(c)).sort()).toEqual(['x', 'y']);
  });

  it('sets aside a damaged, a foreign and an oversized batch and reports each, never throwing', async () => {
    const blobs = memoryBlobStore();
    const { store, view } = sharedStorage();
    store.setItem(`${STORAGE_KEYS.outbox}.lx0-1-abcdef`, '{not json');
    store.setItem(`${STORAGE_KEYS.outbox}.lx0-2-abcdef`, JSON.stringify({ hello: 'world' }));
    store.setItem(
      `${STORAGE_KEYS.outbox}.lx0-3-abcdef`,
      JSON.stringify({ id: 'lx0-3-abcdef', at: 1, seq: 3, entries: ['x'.repeat(MAX_BATCH_CHARS)] }),
    );
    // Another batch's content under this batch's key is not applied either.
    store.setItem(
      `${STORAGE_KEYS.outbox}.lx0-4-abcdef`,
      JSON.stringify({ id: 'lx0-5-abcdef', at: 1, seq: 5, entries: ['moved'] }),
    );
    // Keys under the prefix that are not batch keys (a backup, anything else) are left alone.
    store.setItem(`${STORAGE_KEYS.outbox}.lx0-6-abcdef.corrupt.5`, 'kept aside earlier');
    store.setItem(`${STORAGE_KEYS.outbox}.something-else`, '42');
    const tab = openTab(blobs, view, () => 77);
    const good = tab.outbox.append(['good']);
    const report = await tab.outbox.replay(tab.records);
    expect(report.applied).toEqual([good.batch.id]);
    expect(await rows(tab)).toEqual(['good']);
    const problems = tab.outbox.takeProblems();
    expect(problems).toHaveLength(4);
    expect(problems.map((p) => p.backupKey)).toEqual([
      `${STORAGE_KEYS.outbox}.lx0-1-abcdef.corrupt.77`,
      `${STORAGE_KEYS.outbox}.lx0-2-abcdef.corrupt.77`,
      `${STORAGE_KEYS.outbox}.lx0-3-abcdef.corrupt.77`,
      `${STORAGE_KEYS.outbox}.lx0-4-abcdef.corrupt.77`,
    ]);
    expect(store.getItem(`${STORAGE_KEYS.outbox}.lx0-1-abcdef.corrupt.77`)).toBe('{not json');
    expect(store.getItem(`${STORAGE_KEYS.outbox}.something-else`)).toBe('42');
    expect(tab.outbox.size()).toBe(0);
  });

  it('a batch the database refuses is rolled back alone, kept aside and reported', async () => {
    const blobs = memoryBlobStore();
    const { store, view } = sharedStorage();
    const records = createRecordsDb({ blobs, key: 'records', schemas: [probe] });
    const outbox = createOutbox({
      door: createLocalDoor(view, () => 9),
      entry,
      apply: (db, e: string) => {
        db.run('INSERT INTO probe (entry) VALUES (?)', [e]);
        if (e === 'refused') throw new Error('the database refused it');
      },
    });
    const refused = outbox.append(['fine part', 'refused']);
    const fine = outbox.append(['fine']);
    const report = await outbox.replay(records);
    expect(report.applied).toEqual([fine.batch.id]);
    expect(report.failed).toEqual([{ id: refused.batch.id, reason: 'the database refused it' }]);
    expect(
      await records.read((db) => db.all('SELECT entry FROM probe').map((r) => r.entry)),
    ).toEqual(['fine']);
    expect(outbox.takeProblems()[0].message).toMatch(/could not be saved.*refused it.*kept aside/);
    expect(store.getItem(`${outboxKey(refused.batch.id)}.corrupt.9`)).not.toBeNull();
  });

  it('when storage is full, the batch is not held, says so, and is still delivered', async () => {
    const { store, view } = sharedStorage(200);
    store.setItem('filler', 'x'.repeat(190));
    const tab = openTab(memoryBlobStore(), view);
    const appended = tab.outbox.append(['too big for the space left']);
    expect(appended.held).toBe(false);
    if (!appended.held) expect(appended.problem).toMatch(/storage is full/);
    expect((await tab.outbox.deliver(tab.records, appended)).applied).toEqual([appended.batch.id]);
    expect(await rows(tab)).toEqual(['too big for the space left']);
  });

  it(`keeps the ids of at most ${MAX_APPLIED_IDS} applied batches, but never the id of a batch still held`, async () => {
    const blobs = memoryBlobStore();
    const storage = sharedStorage();
    const tab = openTab(blobs, storage.view);
    // The first batch's tab "crashed" after its write: its batch stays held.
    const first = tab.outbox.append(['first']);
    storage.crashBeforeRemove(true);
    await tab.outbox.deliver(tab.records, first);
    storage.crashBeforeRemove(false);
    // Every later write removes it (its id is marked applied), so it is never pruned while held.
    expect(held(storage.store)).toHaveLength(1);
    for (let i = 0; i < MAX_APPLIED_IDS + 60; i += 1) {
      const next = tab.outbox.append([`n${i}`]);
      if (i === 0) expect(held(storage.store)).toHaveLength(2);
      await tab.outbox.deliver(tab.records, next);
      if (i === 0) expect(held(storage.store)).toEqual([]);
    }
    const ids = await tab.records.read((db) =>
      db.all<{ id: string }>('SELECT id FROM outbox_applied').map((r) => r.id),
    );
    expect(ids.length).toBe(MAX_APPLIED_IDS);
    expect(ids).not.toContain(first.batch.id);
    expect(await tab.records.read((db) => db.get('SELECT count(*) AS n FROM probe'))).toEqual({
      n: MAX_APPLIED_IDS + 61,
    });
  });

  it('for any sequence of batches and any crash point per batch, every batch is applied exactly once', async () => {
    type Crash = 'none' | 'before-write' | 'after-apply' | 'other-tab-first';
    const crashes: Crash[] = ['none', 'before-write', 'after-apply', 'other-tab-first'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            size: fc.integer({ min: 1, max: 3 }),
            crash: fc.constantFrom(...crashes),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (plan) => {
          const blobs = memoryBlobStore();
          const storage = sharedStorage();
          let clock = 1;
          const now = () => clock;
          // The page of the moment; a crash ends it, and the next load replays first.
          let tab = openTab(blobs, storage.view, now);
          const failed: unknown[] = [];
          const note = (report: OutboxReport) => failed.push(...report.failed);
          const reload = async () => {
            tab = openTab(blobs, storage.view, now);
            note(await tab.outbox.replay(tab.records));
          };
          const expected: string[] = [];
          for (const [i, { size, crash }] of plan.entries()) {
            clock += 1;
            const entries = Array.from({ length: size }, (_, j) => `b${i}e${j}`);
            expected.push(...entries);
            const appended = tab.outbox.append(entries);
            if (crash === 'before-write') {
              await reload();
            } else if (crash === 'after-apply') {
              storage.crashBeforeRemove(true);
              note(await tab.outbox.deliver(tab.records, appended));
              storage.crashBeforeRemove(false);
              await reload();
            } else if (crash === 'other-tab-first') {
              const other = openTab(blobs, storage.view, now);
              note(await other.outbox.replay(other.records));
              note(await tab.outbox.deliver(tab.records, appended));
            } else {
              note(await tab.outbox.deliver(tab.records, appended));
            }
          }
          await reload();
          const stored = await rows(tab);
          // Exactly once, and in the order the learner acted.
          expect(stored).toEqual(expected);
          expect(held(storage.store)).toEqual([]);
          // Nothing was refused or set aside on the way (a second apply refused by the id's key
          // would be a lost action, not an exactly-once one).
          expect(failed).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
