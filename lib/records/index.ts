export { coreSchema, migrate, SchemaTooNewError, type FeatureSchema } from './schema';
export {
  createRecordsDb,
  logActivity,
  type RecordsDb,
  type RecordsOptions,
  type RecordsProblem,
} from './records';
export {
  createOutbox,
  MAX_APPLIED_IDS,
  MAX_BATCH_CHARS,
  MAX_BATCH_ENTRIES,
  MAX_REPLAY_BATCHES,
  outboxKey,
  type Appended,
  type Outbox,
  type OutboxBatch,
  type OutboxReport,
} from './outbox';
export { ACTIVITY_KINDS, isActivityKind, type ActivityKind } from './activity';
