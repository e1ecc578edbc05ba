/*
 * lib/composition: the composition root, where features meet the core modules that must not
 * know them (the records database and every feature's schema).
 */

/** The records database of this tab with every feature's tables, its change feed, and the list. */
export { browserRecords, subscribeToRecords, FEATURE_SCHEMAS } from './records';
/** The records outbox: a learner's action held in browser storage until the database has it. */
export { appendToOutbox, browserOutbox, deliverFromOutbox } from './records';
/** What the outbox holds, and how each entry is applied. */
export { applyOutboxEntry, outboxEntrySchema, type OutboxEntry } from './outbox';
