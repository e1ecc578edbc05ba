import { z } from 'zod';
import type { SqlDriver } from '@/lib/sqlite';
import { STORAGE_KEYS, type LocalDoor } from '@/lib/storage';
import type { RecordsDb, RecordsProblem } from './records';

/**
 * The records database's write-ahead outbox. A learner's action is appended to browser storage
 * (localStorage, synchronous) before anything awaits, then applied to the records database in
 * the background. A tab that goes away before that write lands (a typed address, a reload, a
 * closed tab) leaves the batch behind, and the next load applies it. Each batch carries an id
 * that the same write records in `outbox_applied`, so applying and marking commit together and a
 * batch is applied exactly once, whoever applies it (docs/architecture.md, "The outbox").
 */

/** At most this many entries in one batch. */
export const MAX_BATCH_ENTRIES = 100;
/** A stored batch longer than this (characters of JSON) is set aside unread. */
export const MAX_BATCH_CHARS = 100_000;
/** At most this many batches are applied by one load; the rest wait for the next. */
export const MAX_REPLAY_BATCHES = 200;
/** The ids of at most this many applied batches are kept (newest first). */
export const MAX_APPLIED_IDS = 500;

const ID = /^[a-z0-9]{1,16}-[0-9]{1,9}-[a-z0-9]{6,16}$/;

/** One learner action (one or more entries) held in the outbox under its own key. */
export interface OutboxBatch<E> {
  id: string;
  /** When it was appended (wall-clock ms); with seq, the order batches are applied in. */
  at: number;
  /** The tab's count of batches when it was appended: orders batches of one millisecond. */
  seq: number;
  entries: readonly E[];
}

/** A batch, and whether the outbox holds it (false: storage refused it, see problem). */
export type Appended<E> =
  { batch: OutboxBatch<E>; held: true } | { batch: OutboxBatch<E>; held: false; problem: string };

/** What one delivery or replay did, batch by batch. */
export interface OutboxReport {
  applied: string[];
  /** Already in the database (applied before, by this tab or another): only removed. */
  skipped: string[];
  /** Batches whose entries the database refused (why): kept aside and reported. */
  failed: { id: string; reason: string }[];
}

export interface OutboxOptions<E> {
  door: LocalDoor;
  /** Validates one stored entry: what the outbox replays must fit it. */
  entry: z.ZodType<E>;
  /** Applies one entry to the records database, inside the write. */
  apply: (db: SqlDriver, entry: E) => void;
  now?: () => number;
  /** Random characters for batch ids (tests pass a seeded one). */
  random?: () => string;
}

export interface Outbox<E> {
  /** Holds a batch in browser storage, synchronously; never throws. */
  append(entries: readonly E[]): Appended<E>;
  /**
   * Applies one appended batch to the records: apply and mark in one write, then removes it from
   * the outbox. Rejects when the write fails (the batch stays held, and a later load applies it).
   */
  deliver(records: RecordsDb, appended: Appended<E>): Promise<OutboxReport>;
  /** Applies every batch left in the outbox, oldest first, each exactly once, and removes them. */
  replay(records: RecordsDb): Promise<OutboxReport>;
  /** How many batches the outbox holds (any tab's). */
  size(): number;
  /** Damaged batches set aside, and batches the database refused, once. */
  takeProblems(): RecordsProblem[];
}

const PREFIX = `${STORAGE_KEYS.outbox}.`;

/** The storage key of a batch. */
export const outboxKey = (id: string): string => `${PREFIX}${id}`;

/** The batch id of an outbox key, or null for any other key (a backup, a foreign key). */
function idOfKey(key: string): string | null {
  if (!key.startsWith(PREFIX)) return null;
  const id = key.slice(PREFIX.length);
  return ID.test(id) ? id : null;
}

function randomChars(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** Creates the outbox over a storage door; one per tab. */
export function createOutbox<E>(options: OutboxOptions<E>): Outbox<E> {
  const { door, apply } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? randomChars;
  const problems: RecordsProblem[] = [];
  let seq = 0;
  const schema = z.object({
    id: z.string().regex(ID),
    at: z.number().int().min(0),
    seq: z.number().int().min(0),
    entries: z.array(options.entry).min(1).max(MAX_BATCH_ENTRIES),
  });

  const heldIds = (): string[] =>
    door.keys(PREFIX).flatMap((key) => {
      const id = idOfKey(key);
      return id ? [id] : [];
    });

  /** Reads one held batch; a damaged or oversized one is set aside and reported. */
  function readBatch(id: string): OutboxBatch<E> | null {
    const key = outboxKey(id);
    const raw = door.peek(key);
    if (raw === null) return null;
    if (raw.length > MAX_BATCH_CHARS) {
      const kept = door.setAside(key);
      problems.push({
        message: `A saved action waiting for your records was too large to be one of this app's (${raw.length.toLocaleString('en-US')} characters). ${kept ? `It was kept aside as "${kept}"` : 'It could not be kept aside'}, and nothing of it was applied.`,
        backupKey: kept,
      });
      return null;
    }
    const read = door.read<OutboxBatch<E> | null>(key, schema, null);
    if (!read.ok) {
      problems.push({ message: read.message, backupKey: read.backupKey });
      return null;
    }
    if (read.value && read.value.id !== id) {
      const kept = door.setAside(key);
      problems.push({
        message: `A saved action waiting for your records was stored under another action's name ("${id}"). ${kept ? `It was kept aside as "${kept}"` : 'It could not be kept aside'}, and nothing of it was applied.`,
        backupKey: kept,
      });
      return null;
    }
    return read.value;
  }

  /**
   * Inside one records write: applies each batch not yet applied and marks it applied. A batch
   * held in the outbox whose key is gone was applied (or set aside) by another tab: it is not
   * applied again. Ids already marked are only reported, for removal.
   */
  function applyAll(
    db: SqlDriver,
    batches: readonly { batch: OutboxBatch<E>; held: boolean }[],
  ): OutboxReport & { sweep: string[] } {
    const report: OutboxReport & { sweep: string[] } = {
      applied: [],
      skipped: [],
      failed: [],
      sweep: [],
    };
    const marked = (id: string) =>
      db.get('SELECT 1 AS found FROM outbox_applied WHERE id = ?', [id]) !== undefined;
    for (const { batch, held } of batches) {
      if ((held && door.peek(outboxKey(batch.id)) === null) || marked(batch.id)) {
        report.skipped.push(batch.id);
        continue;
      }
      try {
        // A savepoint per batch: one the database refuses is rolled back alone.
        db.transaction(() => {
          for (const entry of batch.entries) apply(db, entry);
          db.run('INSERT INTO outbox_applied (id, applied_at) VALUES (?, ?)', [batch.id, now()]);
        });
        report.applied.push(batch.id);
      } catch (error) {
        report.failed.push({
          id: batch.id,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
    // Held batches already applied (a tab closed between its write and removing its batch) are
    // removed after this write. An id is forgotten only once it is past the newest
    // MAX_APPLIED_IDS and its batch is no longer held, so a held batch's mark is never pruned.
    const stillHeld = new Set(heldIds());
    report.sweep = [...stillHeld].filter((id) => marked(id));
    const old = db.all<{ id: string }>(
      'SELECT id FROM outbox_applied ORDER BY rowid DESC LIMIT -1 OFFSET ?',
      [MAX_APPLIED_IDS],
    );
    for (const { id } of old) {
      if (!stillHeld.has(id)) db.run('DELETE FROM outbox_applied WHERE id = ?', [id]);
    }
    return report;
  }

  async function write(
    records: RecordsDb,
    batches: readonly { batch: OutboxBatch<E>; held: boolean }[],
  ): Promise<OutboxReport> {
    const done = await records.write((db) => applyAll(db, batches));
    for (const id of [...done.applied, ...done.skipped, ...done.sweep]) door.remove(outboxKey(id));
    for (const { id, reason } of done.failed) {
      const held = batches.find((b) => b.batch.id === id)?.held;
      const kept = held ? door.setAside(outboxKey(id)) : null;
      problems.push({
        message: `An action could not be saved to your records (${reason}). ${kept ? `It was kept aside as "${kept}".` : 'It was not kept.'}`,
        backupKey: kept,
      });
    }
    return { applied: done.applied, skipped: done.skipped, failed: done.failed };
  }

  return {
    append(entries) {
      const at = now();
      seq += 1;
      const batch: OutboxBatch<E> = {
        id: `${at.toString(36)}-${seq}-${random()}`,
        at,
        seq,
        entries,
      };
      const written = door.write(outboxKey(batch.id), schema, batch);
      if (written.ok) return { batch, held: true };
      return {
        batch,
        held: false,
        problem:
          written.error === 'quota'
            ? 'Browser storage is full, so this action goes straight to your records database: it shows now and is saved in a moment, but leaving the page before then would lose it.'
            : `This action could not be held in browser storage (${written.message}); it shows now and is saved in a moment, but leaving the page before then would lose it.`,
      };
    },

    deliver(records, appended) {
      return write(records, [appended]);
    },

    async replay(records) {
      const batches = heldIds()
        .map(readBatch)
        .filter((b): b is OutboxBatch<E> => b !== null)
        .sort((a, b) => a.at - b.at || a.seq - b.seq || (a.id < b.id ? -1 : 1))
        .slice(0, MAX_REPLAY_BATCHES);
      if (batches.length === 0) return { applied: [], skipped: [], failed: [] };
      return write(
        records,
        batches.map((batch) => ({ batch, held: true })),
      );
    },

    size() {
      return heldIds().length;
    },

    takeProblems() {
      return problems.splice(0, problems.length);
    },
  };
}
