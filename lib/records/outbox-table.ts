/**
 * The outbox's table in the records database (core schema, version 2): the ids of applied
 * batches, each written in the same transaction as its batch (lib/records/outbox.ts).
 */
export const OUTBOX_APPLIED_TABLE = `CREATE TABLE outbox_applied (
       id         TEXT    PRIMARY KEY,
       applied_at INTEGER NOT NULL
     );`;
