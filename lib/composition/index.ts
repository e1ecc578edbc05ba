/*
 * lib/composition: the composition root, where features meet the core modules that must not
 * know them (the records database and every feature's schema).
 */

/** The records database of this tab with every feature's tables, its change feed, and the list. */
export { browserRecords, subscribeToRecords, FEATURE_SCHEMAS } from './records';
