export {
  STORAGE_KEYS,
  IDB_NAME,
  IDB_STORE,
  backupKeyFor,
  parseBackupKey,
  type StorageKey,
} from './keys';
export {
  createLocalDoor,
  browserStore,
  browserSessionStore,
  STORAGE_UNAVAILABLE,
  isQuotaError,
  subscribeToKey,
  subscribeToPrefix,
  type KeyValueStore,
  type Schema,
  type LocalDoor,
  type ReadResult,
  type WriteResult,
} from './local';
export {
  claimSetAsideNotices,
  dismissSetAsideNotices,
  setAsideNotices,
  setAsideVersion,
  unclaimedSetAsideNotices,
  subscribeToSetAside,
  type SetAsideNotice,
} from './set-aside-log';
export {
  browserBlobStore,
  unavailableBlobStore,
  describeForeignValue,
  indexedDbBlobStore,
  memoryBlobStore,
  type BlobRead,
  type BlobStore,
} from './idb';
export { foreignShape, IDB_VERSION, type DatabaseSetAside } from './idb-open';
export { memoryKeyValueStore, LOCAL_STORAGE_QUOTA_CHARS } from './memory';
