import {
  createLeaseModel,
  type ClaimResult,
  type CommitResult,
  type LeaseModel,
} from '@/lib/lease';
import type { SqlDriver } from '@/lib/sqlite';
import { createPublisher, type PublishResult } from './publisher';
import { CRASHLAB_SCHEMA_VERSION, TASK_SCHEMA } from './schema';
import type { AttemptRow, CheckpointRow, ClaimRow, LabSnapshot, Step } from './types';
import { labStatus } from './types';

export interface CrashLabOptions {
  /** The task database: the run (lib/lease's runs table), claims, attempts and checkpoints. */
  task: SqlDriver;
  /** The publisher's own database. */
  publisher: SqlDriver;
  /** Seconds, moving forward only: database time in the CLI, an injected clock in tests. */
  clock: () => number;
  /** Lease length in seconds for claims and renewals by this lab handle. */
  leaseSeconds?: number;
}

export interface SubmitOptions {
  runId?: string;
  /** The publish action's idempotency key; it never changes once the run is submitted. */
  operationId: string;
}

/** A successful claim, with what earlier generations already checkpointed. */
export type LabClaim =
  | (ClaimResult & { ok: true; operationId: string; done: Partial<Record<Step, string>> })
  | (ClaimResult & { ok: false });

export type StepStart = { ok: true; attemptId: number } | { ok: false; explanation: string };

export type CheckpointResult = { ok: true } | { ok: false; explanation: string };

/**
 * The crash lab's operations over the two databases. Every write that depends on holding the
 * run goes through lib/lease: starting a step and saving a checkpoint both renew the lease with
 * the lesson's conditional UPDATE (owner, fence, unexpired lease, running) in the same
 * transaction as the write, so a worker that lost the run changes nothing.
 */
export interface CrashLab {
  submit(options: SubmitOptions): void;
  claim(owner: string): LabClaim;
  beginStep(owner: string, generation: number, step: Step): StepStart;
  publish(owner: string, generation: number, body: string): PublishResult;
  checkpoint(
    owner: string,
    generation: number,
    step: Step,
    attemptId: number,
    output: string,
  ): CheckpointResult;
  finish(owner: string, generation: number): CommitResult;
  snapshot(): LabSnapshot;
  now(): number;
}

const DEFAULT_RUN_ID = 'run-1';

function meta(db: SqlDriver, key: string): string {
  const row = db.get<{ value: string }>('SELECT value FROM crashlab_meta WHERE key = ?', [key]);
  if (!row) throw new Error(`The task database has no ${key}: submit a run first.`);
  return row.value;
}

/** Creates the lab over a task database and a publisher database. */
export function createCrashLab(options: CrashLabOptions): CrashLab {
  const { task, clock } = options;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const publisher = createPublisher(options.publisher);
  let model: LeaseModel | null = null;
  const lease = () =>
    (model ??= createLeaseModel(task, { runId: meta(task, 'run_id'), leaseSeconds }));
  const runId = () => lease().runId;

  const checkpoints = (): CheckpointRow[] =>
    task
      .all(
        `SELECT step, generation, owner, attempt_id AS attemptId, output, saved_at AS savedAt
         FROM checkpoints WHERE run_id = ? ORDER BY saved_at, rowid`,
        [runId()],
      )
      .map((row) => ({
        step: String(row.step) as Step,
        generation: Number(row.generation),
        owner: String(row.owner),
        attemptId: Number(row.attemptId),
        output: String(row.output),
        savedAt: Number(row.savedAt),
      }));

  /** Renews the lease (the fenced condition) and, only if that held, runs write, atomically. */
  const underFence = <T>(
    owner: string,
    generation: number,
    write: () => T,
  ): { ok: true; value: T } | { ok: false; explanation: string } =>
    task.transaction(() => {
      const renewed = lease().renew(owner, generation, clock());
      if (!renewed.ok) return { ok: false as const, explanation: renewed.explanation };
      return { ok: true as const, value: write() };
    });

  return {
    now: clock,
    submit({ runId: id = DEFAULT_RUN_ID, operationId }) {
      const now = clock();
      task.transaction(() => {
        task.exec(TASK_SCHEMA);
        task.run(
          "INSERT INTO crashlab_meta (key, value) VALUES ('schema_version', ?), ('run_id', ?), ('operation_id', ?), ('submitted_at', ?)",
          [String(CRASHLAB_SCHEMA_VERSION), id, operationId, String(now)],
        );
        model = createLeaseModel(task, { runId: id, leaseSeconds });
        model.setup();
      });
      publisher.setup(now);
    },
    claim(owner) {
      const now = clock();
      const claimed = task.transaction(() => {
        const result = lease().claim(owner, now);
        if (result.ok) {
          task.run(
            'INSERT INTO claims (generation, run_id, owner, claimed_at, lease_until) VALUES (?, ?, ?, ?, ?)',
            [result.fenceToken, runId(), owner, now, result.leaseUntil],
          );
        }
        return result;
      });
      if (!claimed.ok) return claimed;
      // Register the new generation with the publisher at takeover, so a stale worker's publish
      // is refused even before this generation publishes anything.
      publisher.register(runId(), claimed.fenceToken);
      const done: Partial<Record<Step, string>> = {};
      for (const row of checkpoints()) done[row.step] = row.output;
      return { ...claimed, operationId: meta(task, 'operation_id'), done };
    },
    beginStep(owner, generation, step) {
      const started = underFence(owner, generation, () => {
        task.run(
          'INSERT INTO step_attempts (run_id, step, generation, owner, started_at) VALUES (?, ?, ?, ?, ?)',
          [runId(), step, generation, owner, clock()],
        );
        return Number(task.get<{ id: number }>('SELECT last_insert_rowid() AS id')?.id);
      });
      return started.ok ? { ok: true, attemptId: started.value } : started;
    },
    publish(_owner, generation, body) {
      return publisher.publish(
        { runId: runId(), operationId: meta(task, 'operation_id'), generation, body },
        clock(),
      );
    },
    checkpoint(owner, generation, step, attemptId, output) {
      const saved = underFence(owner, generation, () =>
        task.run(
          `INSERT INTO checkpoints (run_id, step, generation, owner, attempt_id, output, saved_at)
           VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, step) DO NOTHING`,
          [runId(), step, generation, owner, attemptId, output, clock()],
        ),
      );
      if (!saved.ok) return saved;
      if (saved.value === 0)
        return { ok: false, explanation: `${step} was already checkpointed; nothing was written.` };
      return { ok: true };
    },
    finish(owner, generation) {
      return lease().finish(owner, generation, clock());
    },
    snapshot() {
      const run = lease().read();
      if (!run) throw new Error('The task database holds no run.');
      return {
        runId: runId(),
        operationId: meta(task, 'operation_id'),
        status: labStatus(run),
        run,
        checkpoints: checkpoints(),
        attempts: task
          .all(
            `SELECT attempt_id AS attemptId, step, generation, owner, started_at AS startedAt
             FROM step_attempts WHERE run_id = ? ORDER BY attempt_id`,
            [runId()],
          )
          .map((row): AttemptRow => ({
            attemptId: Number(row.attemptId),
            step: String(row.step) as Step,
            generation: Number(row.generation),
            owner: String(row.owner),
            startedAt: Number(row.startedAt),
          })),
        claims: task
          .all(
            `SELECT generation, owner, claimed_at AS claimedAt, lease_until AS leaseUntil
             FROM claims WHERE run_id = ? ORDER BY generation`,
            [runId()],
          )
          .map((row): ClaimRow => ({
            generation: Number(row.generation),
            owner: String(row.owner),
            claimedAt: Number(row.claimedAt),
            leaseUntil: Number(row.leaseUntil),
          })),
        publisher: publisher.snapshot(runId()),
      };
    },
  };
}
