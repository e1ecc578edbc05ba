import type { LeaseModel } from '@/lib/lease';
import type { SqlDriver } from '@/lib/sqlite';
import { clockOf } from './apply';
import { DRAFT_OUTPUT, type TimelineState } from './state';
import { readTargets } from './targets';
import type { TimelineSnapshot } from './types';

/** What a snapshot reads from the database. */
type Stored = Pick<TimelineSnapshot, 'run' | 'targets'>;

/**
 * The picture of everything after a step (the run row, each lane's targets, the workers), read
 * from an open database. It remembers the last stored state it read and reads the database again
 * only after a statement changed a row; `forget` drops that memory (a scenario's end).
 */
export function createSnapshotReader(): {
  snapshotOf(state: TimelineState, db: SqlDriver, model: LeaseModel): TimelineSnapshot;
  forget(): void;
} {
  /** The run row and the targets as stored; read again only after a statement changed a row. */
  let memo: { db: SqlDriver; changes: number; stored: Stored } | null = null;
  const storedOf = (db: SqlDriver, model: LeaseModel): Stored => {
    // total_changes() only grows, and counts every row a statement (or its trigger) wrote.
    const changes = Number(db.get<{ n: number }>('SELECT total_changes() AS n')?.n ?? 0);
    if (memo && memo.db === db && memo.changes === changes) return structuredClone(memo.stored);
    const row = model.read();
    const draft = model.readOutput(DRAFT_OUTPUT);
    const stored: Stored = {
      run: {
        owner: row?.owner ?? '',
        leaseUntil: row?.leaseUntil ?? 0,
        fence: row?.fence ?? 0,
        status: row?.status ?? 'missing',
        // The claim columns the design tracks, so the run-row panel shows every value a sentence quotes.
        ...(row?.attempt !== undefined ? { attempt: row.attempt } : {}),
        ...(row?.claimedAt !== undefined ? { claimedAt: row.claimedAt } : {}),
        ...(row?.attemptedAt !== undefined ? { attemptedAt: row.attemptedAt } : {}),
      },
      targets: {
        draft: draft
          ? { owner: draft.owner, fence: draft.fence, opId: draft.opId, body: draft.body }
          : null,
        ...readTargets(db),
        reportRef: model.readReport() ?? null,
      },
    };
    memo = { db, changes, stored: structuredClone(stored) };
    return stored;
  };

  const snapshotOf = (state: TimelineState, db: SqlDriver, model: LeaseModel): TimelineSnapshot => {
    const { run, targets } = storedOf(db, model);
    return {
      now: state.now,
      run,
      workers: state.workers.map((w) => ({
        id: w.id,
        ...(w.restartOf ? { restartOf: w.restartOf } : {}),
        paused: w.paused,
        token: w.token,
        believedLeaseUntil: w.believedLeaseUntil,
        clock: clockOf(state, w),
      })),
      targets,
      windows: state.windows.map((w) => ({ ...w })),
    };
  };

  return {
    snapshotOf,
    forget: () => {
      memo = null;
    },
  };
}
