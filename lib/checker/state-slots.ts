import type { Database } from 'sql.js';
import {
  emptyHolder,
  FINAL_STATUSES,
  fencedDesign,
  type LeaseDesign,
  type StepHolder,
} from '@/lib/lease';

// The slots of the search state: a few globals, then one block per holder. Everything the future
// of a schedule depends on, besides the database, lives here, so saving and restoring it is one
// typed-array copy.
export const G_CLOCK = 0;
export const G_CLAIMS = 1; // claims so far (successful claims and cancels): the newest generation
export const G_FINISHES = 2;
export const G_FENCE = 3; // the run row's fence after the last change
export const G_STATUS = 4; // the run row's status code after the last change
export const GLOBALS = 5;
export const W_POS = 0;
export const W_TOKEN = 1;
export const W_CLAIM_NO = 2; // which claim this holder's was (G_CLAIMS when it claimed), 0 before
export const W_STOPPED = 3;
export const W_BATCH = 4;
export const W_CHECK = 5;
export const W_SEEN = 6;

export const STATUS_CODE: Record<string, number> = {
  queued: 0,
  running: 1,
  done: 2,
  canceled: 3,
  failed: 4,
  canceling: 5,
};
/** The rulebook's final statuses (FINAL_STATUSES) as status codes. */
const FINAL_CODES: ReadonlySet<number> = new Set(FINAL_STATUSES.map((s) => STATUS_CODE[s]));
export const isFinalCode = (code: number) => FINAL_CODES.has(code);

/** Creates a design's tables and enqueues the run, on a fresh database. */
export function setupDatabase(db: Database, design: LeaseDesign, runId = 'r'): void {
  const targets = design.targets ?? fencedDesign.targets!;
  // sql.js keeps its database in Emscripten's in-memory file system, and every journal page would
  // cross into JavaScript to be read or written there. The search opens and rolls back a
  // savepoint per step, so the journals stay inside SQLite's own memory instead (bench:checker).
  db.exec('PRAGMA journal_mode = MEMORY; PRAGMA temp_store = MEMORY');
  db.exec(design.schema);
  db.exec(targets.schema);
  db.run(design.submit, { $run: runId, ':run': runId, '@run': runId });
  db.run(targets.submit, { $run: runId, ':run': runId, '@run': runId });
}

/**
 * Holder `worker`'s values as lib/lease's prepared step binds them, read from its block of the
 * search state at each bind (one object, refilled: the search binds millions of times).
 */
export function holderView(
  state: () => Float64Array,
  owners: readonly string[],
  perHolder: () => number,
): (worker: number) => StepHolder {
  const holder = emptyHolder();
  return (worker) => {
    const s = state();
    const base = GLOBALS + worker * perHolder();
    holder.owner = owners[worker];
    holder.now = s[G_CLOCK];
    holder.token = s[base + W_TOKEN];
    holder.batch = s[base + W_BATCH];
    holder.claimed = s[base + W_CLAIM_NO] > 0;
    holder.kept = s;
    holder.keptAt = base + W_SEEN;
    return holder;
  };
}
