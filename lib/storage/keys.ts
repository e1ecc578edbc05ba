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
  /** Claim/finish lab: the learner's program per exercise ({ [exerciseId]: source }). */
  claimLabPrograms: 'lease-lab.claim-lab.programs.v1',
  /** Claim/finish lab: solved challenges and what each deleted condition did. */
  claimLabProgress: 'lease-lab.claim-lab.progress.v1',
  /** SQL sandbox: the learner's script, when it differs from the lesson's (a string). */
  sqlSandboxScript: 'lease-lab.sql-sandbox.script.v1',
  /**
   * Predictions made but not yet checked or run, by exercise ({ [exerciseKey]: { [writeId]:
   * outcome } }): kept across navigation and reload until the learner checks or runs them.
   */
  predictionDrafts: 'lease-lab.prediction-drafts.v1',
  /**
   * In this tab's sessionStorage: crash lab predictions that went with a worker and are not
   * graded yet, each with how the databases stood for it, so a reload (which ends the
   * experiment) cannot drop them (lib/crashlab/kept-predictions.ts).
   */
  crashLabPredictions: 'lease-lab.crash-lab.predictions.v1',
  /** Scenarios the learner built in the timeline exercise (a validated list). */
  timelineScenarios: 'lease-lab.timeline.scenarios.v1',
  /**
   * Prefix of the answer journal: one key per (prompt, tab, segment), as
   * `lease-lab.journal.v1.<prompt>.<writer>.<seq>`, so a tab only ever writes its own keys.
   */
  journal: 'lease-lab.journal.v1',
  /**
   * Prefix of the records outbox: one key per batch of a learner's actions not yet confirmed in
   * the records database, as `lease-lab.outbox.v1.<batchId>` (lib/records/outbox.ts).
   */
  outbox: 'lease-lab.outbox.v1',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The IndexedDB database and object store that hold binary blobs (SQLite files). */
export const IDB_NAME = 'lease-lab';
export const IDB_STORE = 'blobs';

/** Where a damaged value is kept aside so the learner can recover it. */
export function backupKeyFor(key: string, at: number): string {
  return `${key}.corrupt.${at}`;
}

/** The key a backup key keeps a value of, and when it was set aside; null for any other key. */
export function parseBackupKey(backupKey: string): { key: string; at: number } | null {
  const match = /^(.+)\.corrupt\.(\d{1,15})$/.exec(backupKey);
  return match ? { key: match[1], at: Number(match[2]) } : null;
}
