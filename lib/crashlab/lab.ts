import { fencedDesign, pickClaimableRun, type WriteDecision } from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import { oneTripOps } from './one-trip';
import { PUBLISHER, publishThroughFence, REGISTER } from './publisher';
import {
  checkpointNotWritten,
  claimStep,
  finishStep,
  nothingClaimable,
  renewStep,
  storedCheckpoint,
  toRun,
} from './run-results';
import { clockStatement, CRASHLAB_SCHEMA_VERSION, publisherSchema, taskSchema } from './schema';
import { readLabSnapshot } from './snapshot';
import type {
  CheckpointResult,
  FinishResult,
  LabClaim,
  LabSnapshot,
  PublishDecision,
  RemovableFence,
  Step,
  StepStart,
} from './types';

export interface CrashLabOptions {
  /** The task database: the rulebook's runs table, claims, attempts and checkpoints. */
  task: AsyncSqlDriver;
  /** The publisher's own database. */
  publisher: AsyncSqlDriver;
  /** Lease length in seconds for claims and renewals by this handle. */
  leaseSeconds?: number;
  /**
   * Seconds, moving forward only: an injected clock for tests. Without it every process reads
   * the database's clock (on PostgreSQL inside each statement, so this option is SQLite's only).
   */
  clock?: () => number;
}

/**
 * The crash lab's operations over its two databases, for one run or a queue of many; every
 * fenced write goes through lib/lease. The browser, the CLI and the tests all drive this one.
 */
export interface CrashLab {
  now(): Promise<number>;
  removedFence(): Promise<RemovableFence | null>;
  claimNext(owner: string): Promise<LabClaim>;
  beginStep(owner: string, runId: string, generation: number, step: Step): Promise<StepStart>;
  publish(owner: string, runId: string, generation: number, body: string): Promise<PublishDecision>;
  checkpoint(
    owner: string,
    runId: string,
    generation: number,
    step: Step,
    attemptId: number,
    output: string,
  ): Promise<CheckpointResult>;
  finish(owner: string, runId: string, generation: number): Promise<FinishResult>;
  snapshot(): Promise<LabSnapshot>;
}

/** What a worker may ask of the lab: in a Web Worker, each call is a message to the page. */
export type LabOps = Pick<
  CrashLab,
  'claimNext' | 'beginStep' | 'publish' | 'checkpoint' | 'finish'
>;

/** The run ids of a lab of `runs` runs, in claim order. */
export function labRunIds(runs: number): string[] {
  const width = Math.max(4, String(runs).length);
  return Array.from({ length: runs }, (_, i) => `run-${String(i + 1).padStart(width, '0')}`);
}

const readClock = async (db: AsyncSqlDriver) =>
  Number((await db.get<{ now: number }>(clockStatement(db.dialect)))?.now);

/**
 * Creates both databases' tables and enqueues `runs` runs (one for the single-run experiment),
 * each with its own publish operation id, chosen here and the same for every generation.
 */
export async function submitLab(
  task: AsyncSqlDriver,
  publisher: AsyncSqlDriver,
  options: { runs: number; experiment: string; removedFence?: RemovableFence | null; now?: number },
): Promise<string[]> {
  const removed = options.removedFence ?? null;
  const now = options.now ?? (await readClock(task));
  const ids = labRunIds(options.runs);
  await publisher.transaction(async () => {
    await publisher.exec(publisherSchema(publisher.dialect, removed));
    await publisher.run(
      "INSERT INTO publisher_meta (key, value) VALUES ('schema_version', $v), ('experiment', $e)",
      { v: String(CRASHLAB_SCHEMA_VERSION), e: options.experiment },
    );
  });
  await task.transaction(async () => {
    await task.exec(taskSchema(task.dialect));
    const meta: [string, string][] = [
      ['schema_version', String(CRASHLAB_SCHEMA_VERSION)],
      ['experiment', options.experiment],
      ['submitted_at', String(now)],
      ['removed_fence', removed ?? ''],
    ];
    for (const [key, value] of meta)
      await task.run('INSERT INTO crashlab_meta (key, value) VALUES ($key, $value)', {
        key,
        value,
      });
    for (const run of ids) {
      await task.run(fencedDesign.submit, { run });
      await task.run('INSERT INTO run_operations (run_id, operation_id) VALUES ($run, $op)', {
        run,
        op: `publish-${options.experiment}-${run}`,
      });
    }
  });
  return ids;
}

/** Creates the lab over a task database and a publisher database (either dialect). */
export function createCrashLab(options: CrashLabOptions): CrashLab {
  const { task, publisher } = options;
  const lease = options.leaseSeconds ?? 30;
  const injected = options.clock;
  const clock = async (db: AsyncSqlDriver) => (injected ? injected() : readClock(db));
  let removed: RemovableFence | null | undefined;
  const removedFence = async () => {
    if (removed === undefined) {
      const row = await task.get<{ value: string }>(
        "SELECT value FROM crashlab_meta WHERE key = 'removed_fence'",
      );
      removed = (row?.value || null) as RemovableFence | null;
    }
    return removed;
  };
  const readRun = async (run: string) => {
    const row = await task.get(fencedDesign.read, { run });
    return row ? toRun(row) : undefined;
  };
  /**
   * The lesson's renewal (owner, fence, unexpired lease, running) through lib/lease's step, then
   * write, atomically: a refused renewal is the step's decision, and nothing is written.
   */
  const underFence = async <T>(
    owner: string,
    run: string,
    token: number,
    write: (now: number) => Promise<T>,
  ) => {
    const now = await clock(task);
    return task.transaction(
      async (): Promise<
        { ok: true; value: T; now: number } | { ok: false; decision: WriteDecision }
      > => {
        const decision = await renewStep(task, { owner, run, token, now, lease });
        if (decision.outcome.database !== 'applied') return { ok: false, decision };
        return { ok: true, value: await write(now), now };
      },
    );
  };
  const operations = new Map<string, string>();
  const operationOf = async (run: string) => {
    let op = operations.get(run);
    if (op === undefined) {
      const row = await task.get<{ op: string }>(
        'SELECT operation_id AS op FROM run_operations WHERE run_id = $run',
        { run },
      );
      op = String(row?.op);
      operations.set(run, op);
    }
    return op;
  };

  const lab: CrashLab = {
    now: () => clock(task),
    removedFence,
    async claimNext(owner) {
      const now = await clock(task);
      const claimed = await task.transaction(async () => {
        const picked = await task.get<{ run: string }>(pickClaimableRun(task.dialect), { now });
        if (!picked) return nothingClaimable(task, owner, now);
        const run = picked.run;
        const generation = await claimStep(task, { owner, run, now, lease });
        if (generation === undefined) return nothingClaimable(task, owner, now);
        await task.run(
          'INSERT INTO claims (run_id, fence, owner, claimed_at, lease_until) VALUES ($run, $fence, $owner, $now, $until)',
          { run, fence: generation, owner, now, until: now + lease },
        );
        // The publisher learns the new generation before the claim commits, so from the moment
        // this worker holds the run, an older generation's publish is refused.
        await publisher.transaction(() =>
          publisher.run(REGISTER, { ...PUBLISHER, run, token: generation }),
        );
        return { run, generation };
      });
      if ('ok' in claimed) return claimed;
      const done: Partial<Record<Step, string>> = {};
      const saved = await task.all<{ step: Step; output: string }>(
        'SELECT step, output FROM checkpoints WHERE run_id = $run',
        { run: claimed.run },
      );
      for (const row of saved) done[row.step] = row.output;
      return {
        ok: true,
        runId: claimed.run,
        generation: claimed.generation,
        operationId: await operationOf(claimed.run),
        leaseUntil: now + lease,
        done,
      };
    },
    async beginStep(owner, run, generation, step) {
      const started = await underFence(owner, run, generation, async (now) => {
        const row = await task.get<{ id: number }>(
          `INSERT INTO step_attempts (run_id, step, fence, owner, started_at)
           VALUES ($run, $step, $fence, $owner, $now) RETURNING attempt_id AS id`,
          { run, step, fence: generation, owner, now },
        );
        return Number(row?.id);
      });
      return started.ok ? { ok: true, attemptId: started.value } : started;
    },
    async publish(owner, run, generation, body) {
      const fenced = (await removedFence()) !== 'publisher';
      const request = { owner, run, op: await operationOf(run), generation, body };
      const now = await clock(publisher);
      return publishThroughFence(publisher, { ...request, now }, fenced, () => readRun(run));
    },
    async checkpoint(owner, run, generation, step, attemptId, output) {
      const insert = (now: number) =>
        task.run(
          `INSERT INTO checkpoints (run_id, step, fence, owner, attempt_id, output, saved_at)
           VALUES ($run, $step, $fence, $owner, $attempt, $output, $now) ON CONFLICT (run_id, step) DO NOTHING`,
          { run, step, fence: generation, owner, attempt: attemptId, output, now },
        );
      const fenced = (await removedFence()) !== 'checkpoint';
      let changed: number;
      let now: number;
      if (!fenced) {
        now = await clock(task);
        changed = await insert(now);
      } else {
        const saved = await underFence(owner, run, generation, insert);
        if (!saved.ok) return saved;
        ({ value: changed, now } = saved);
      }
      if (changed > 0) return { ok: true };
      const row = await readRun(run);
      const stored = await storedCheckpoint(task, run, step);
      const facts = { owner, run, step, row, token: generation, now, stored, fenced };
      return { ok: false, decision: checkpointNotWritten(facts) };
    },
    async finish(owner, run, token) {
      return finishStep(task, { owner, run, token, now: await clock(task), lease });
    },
    snapshot: () => readLabSnapshot(task, publisher, removedFence),
  };
  // Over a connection every statement is a round trip: PostgreSQL runs the one-trip forms.
  return task.dialect === 'postgres'
    ? {
        ...lab,
        ...oneTripOps({
          task,
          publisher,
          lease,
          removedFence,
          operationOf,
          rememberOperation: (run, op) => operations.set(run, op),
          readRun,
        }),
      }
    : lab;
}
