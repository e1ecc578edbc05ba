/**
 * Every key this app stores in the browser, in one place. A key's suffix is its format version:
 * when a format changes, the key changes and a migration reads the old one.
 */
export const STORAGE_KEYS = {
  /** 'light' | 'dark' | 'system' */
  theme: 'lease-lab.theme.v1',
  /** The chosen learning path. */
  learningPath: 'lease-lab.path.v1',
  /** The records database (SQLite bytes) lives in IndexedDB under this name. */
  recordsDb: 'lease-lab.records.v1',
  /** Scenarios the learner built in the timeline exercise (a validated list). */
  timelineScenarios: 'lease-lab.timeline.scenarios.v1',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The IndexedDB database and object store that hold binary blobs (SQLite files). */
export const IDB_NAME = 'lease-lab';
export const IDB_STORE = 'blobs';

/** Where a damaged value is kept aside so the learner can recover it. */
export function backupKeyFor(key: string, at: number): string {
  return `${key}.corrupt.${at}`;
}
