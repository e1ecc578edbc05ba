export { coreSchema, migrate, SchemaTooNewError, type FeatureSchema } from './schema';
export {
  createRecordsDb,
  logActivity,
  type RecordsDb,
  type RecordsOptions,
  type RecordsProblem,
} from './records';
export { ACTIVITY_KINDS, isActivityKind, type ActivityKind } from './activity';
