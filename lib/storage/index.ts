export { STORAGE_KEYS, IDB_NAME, IDB_STORE, backupKeyFor, type StorageKey } from './keys';
export {
  createLocalDoor,
  browserStore,
  isQuotaError,
  subscribeToKey,
  subscribeToPrefix,
  type KeyValueStore,
  type Schema,
  type LocalDoor,
  type ReadResult,
  type WriteResult,
} from './local';
export { indexedDbBlobStore, memoryBlobStore, type BlobStore } from './idb';
export { memoryKeyValueStore, LOCAL_STORAGE_QUOTA_CHARS } from './memory';
