import { browserBlobStore, memoryBlobStore, STORAGE_KEYS } from '@/lib/storage';
import { createRecordsDb, type RecordsDb } from './records';
import type { FeatureSchema } from './schema';

const CHANNEL = 'lease-lab.records';
let instance: RecordsDb | null = null;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function emit() {
  for (const listener of listeners) listener();
}

/**
 * The records database of this browser tab (one per tab, shared by every component), with the
 * feature schemas the composition root passes in (lib/composition/records.ts).
 */
export function browserRecords(schemas: readonly FeatureSchema[]): RecordsDb {
  if (instance) return instance;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => {
      instance?.invalidate();
      emit();
    };
  }
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  instance = createRecordsDb({
    // Where reading window.indexedDB throws, a store that fails like blocked storage (reported).
    blobs: browserBlobStore() ?? memoryBlobStore(),
    key: STORAGE_KEYS.recordsDb,
    schemas,
    lock: locks ? <T>(fn: () => Promise<T>) => locks.request(CHANNEL, fn) as Promise<T> : undefined,
    notify: () => {
      channel?.postMessage('changed');
      emit();
    },
  });
  return instance;
}

/** Calls listener whenever the records change, in this tab or another. */
export function subscribeToRecords(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
