import {
  CLAIM_PICKED_RUN,
  fencedDesign,
  pickClaimableRun,
  READ_SEEN,
  type CommitResult,
} from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import type { CheckpointResult, StepStart } from '@/lib/crashlab/lab';
import type { Step } from '@/lib/crashlab/types';
import {
  clockStatement,
  publisherSchema,
  QUEUE_SCHEMA_VERSION,
  taskSchema,
  type RemovableFence,
} from './schema';
import { oneTripOps } from './one-trip';
import {
  finishResult,
  nothingClaimable,
  PUBLISHER,
  publisherAdmits,
  RECEIPT_COLUMNS,
  refusal,
  REGISTER,
  staleExplanation,
  toReceipt,
  toRun,
} from './rows';
import { readQueueSnapshot } from './snapshot';
import type { PublishDecision, QueueClaim, QueueSnapshot } from './types';

export interface QueueLabOptions {
  task: AsyncSqlDriver;
  publisher: AsyncSqlDriver;
  /** Lease length in seconds for claims and renewals by this handle. */
  leaseSeconds?: number;
}

/** The queue's operations over its two databases; every fenced write goes through lib/lease. */
export interface QueueLab {
  now(): Promise<number>;
  removedFence(): Promise<RemovableFence | null>;
  claimNext(owner: string): Promise<QueueClaim>;
  beginStep(owner: string, runId: string, generation: number, step: Step): Promise<StepStart>;
  publish(runId: string, generation: number, body: string): Promise<PublishDecision>;
  checkpoint(
    owner: string,
    runId: string,
    generation: number,
    step: Step,
    attemptId: number,
    output: string,
  ): Promise<CheckpointResult>;
  finish(owner: string, runId: string, generation: number): Promise<CommitResult>;
  snapshot(): Promise<QueueSnapshot>;
}

/** The run ids of a queue of `runs` runs, in claim order. */
export function queueRunIds(runs: number): string[] {
  const width = Math.max(4, String(runs).length);
  return Array.from({ length: runs }, (_, i) => `run-${String(i + 1).padStart(width, '0')}`);
}

/**
 * Creates both databases' tables and enqueues `runs` runs, each with its own publish operation
 * id (chosen here, the same for every generation that retries it).
 */
export async function submitQueue(
  task: AsyncSqlDriver,
  publisher: AsyncSqlDriver,
  options: { runs: number; experiment: string; removedFence?: RemovableFence | null },
): Promise<string[]> {
  const removed = options.removedFence ?? null;
  const now = Number((await task.get<{ now: number }>(clockStatement(task.dialect)))?.now);
  const ids = queueRunIds(options.runs);
  await publisher.transaction(async () => {
    await publisher.exec(publisherSchema(publisher.dialect, removed));
    await publisher.run(
      "INSERT INTO publisher_meta (key, value) VALUES ('schema_version', $v), ('experiment', $e)",
      {
        v: String(QUEUE_SCHEMA_VERSION),
        e: options.experiment,
      },
    );
  });
  await task.transaction(async () => {
    await task.exec(taskSchema(task.dialect));
    const meta: [string, string][] = [
      ['schema_version', String(QUEUE_SCHEMA_VERSION)],
      ['experiment', options.experiment],
      ['submitted_at', String(now)],
      ['removed_fence', removed ?? ''],
    ];
    for (const [key, value] of meta)
      await task.run('INSERT INTO queue_meta (key, value) VALUES ($key, $value)', { key, value });
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

/** Creates the queue lab over a task database and a publisher database (either dialect). */
export function createQueueLab(options: QueueLabOptions): QueueLab {
  const { task, publisher } = options;
  const lease = options.leaseSeconds ?? 30;
  const clock = async (db: AsyncSqlDriver) =>
    Number((await db.get<{ now: number }>(clockStatement(db.dialect)))?.now);
  let removed: RemovableFence | null | undefined;
  const removedFence = async () => {
    if (removed === undefined) {
      const row = await task.get<{ value: string }>(
        "SELECT value FROM queue_meta WHERE key = 'removed_fence'",
      );
      removed = (row?.value || null) as RemovableFence | null;
    }
    return removed;
  };
  const readRun = async (run: string) => {
    const row = await task.get(fencedDesign.read, { run });
    return row ? toRun(row) : undefined;
  };
  /** The lesson's renewal (owner, fence, unexpired lease, running), then write, atomically. */
  const underFence = async <T>(
    owner: string,
    run: string,
    token: number,
    write: (now: number) => Promise<T>,
  ) => {
    const now = await clock(task);
    return task.transaction(
      async (): Promise<{ ok: true; value: T } | { ok: false; explanation: string }> => {
        const changed = await task.run(fencedDesign.renew, { run, owner, token, now, lease });
        if (changed === 0)
          return { ok: false, explanation: refusal(await readRun(run), run, owner, token, now) };
        return { ok: true, value: await write(now) };
      },
    );
  };
  /** The publisher learns a generation; it keeps the highest it has seen per run. */
  const register = (run: string, generation: number) =>
    publisher.run(REGISTER, { ...PUBLISHER, run, token: generation });
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
  const highest = async (run: string) =>
    Number(
      (await publisher.get<{ generation: number }>(READ_SEEN, { ...PUBLISHER, run }))?.generation ??
        0,
    );

  const lab: QueueLab = {
    now: () => clock(task),
    removedFence,
    async claimNext(owner) {
      const now = await clock(task);
      const claimed = await task.transaction(async () => {
        const picked = await task.get<{ run: string }>(pickClaimableRun(task.dialect), { now });
        if (!picked) return null;
        const run = picked.run;
        const rows = await task.all<{ token: number }>(CLAIM_PICKED_RUN, {
          run,
          owner,
          now,
          lease,
        });
        if (rows.length !== 1) return null;
        const generation = Number(rows[0].token);
        await task.run(
          'INSERT INTO claims (run_id, generation, owner, claimed_at, lease_until) VALUES ($run, $generation, $owner, $now, $until)',
          { run, generation, owner, now, until: now + lease },
        );
        // The publisher learns the new generation before the claim commits, so from the moment
        // this worker holds the run, an older generation's publish is refused.
        await publisher.transaction(() => register(run, generation));
        return { run, generation };
      });
      if (!claimed) return nothingClaimable(task);
      const done: Partial<Record<Step, string>> = {};
      const saved = await task.all<{ step: Step; output: string }>(
        'SELECT step, output FROM checkpoints WHERE run_id = $run',
        {
          run: claimed.run,
        },
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
          `INSERT INTO step_attempts (run_id, step, generation, owner, started_at)
           VALUES ($run, $step, $generation, $owner, $now) RETURNING attempt_id AS id`,
          { run, step, generation, owner, now },
        );
        return Number(row?.id);
      });
      return started.ok ? { ok: true, attemptId: started.value } : started;
    },
    async publish(run, generation, body) {
      const fenced = (await removedFence()) !== 'publisher';
      const op = await operationOf(run);
      const now = await clock(publisher);
      const log = (outcome: string) =>
        publisher.run(
          'INSERT INTO publish_requests (operation_id, run_id, generation, outcome, at) VALUES ($op, $run, $generation, $outcome, $now)',
          { op, run, generation, outcome, now },
        );
      return publisher.transaction(async (): Promise<PublishDecision> => {
        await register(run, generation);
        const seen = await highest(run);
        if (fenced && !publisherAdmits(generation, seen)) {
          await log('refused');
          return {
            outcome: 'refused',
            highestGeneration: seen,
            explanation: staleExplanation(generation, seen),
          };
        }
        const inserted = await publisher.run(
          `INSERT INTO receipts (operation_id, run_id, generation, body, accepted_at)
           VALUES ($op, $run, $generation, $body, $now) ON CONFLICT (operation_id) DO NOTHING`,
          { op, run, generation, body, now },
        );
        const outcome = inserted === 1 ? 'applied' : 'duplicate';
        await log(outcome);
        const receipt = await publisher.get(
          `SELECT ${RECEIPT_COLUMNS} FROM receipts WHERE operation_id = $op`,
          { op },
        );
        return { outcome, receipt: toReceipt(receipt!), highestGeneration: seen };
      });
    },
    async checkpoint(owner, run, generation, step, attemptId, output) {
      const insert = (now: number) =>
        task.run(
          `INSERT INTO checkpoints (run_id, step, generation, owner, attempt_id, output, saved_at)
           VALUES ($run, $step, $generation, $owner, $attempt, $output, $now) ON CONFLICT (run_id, step) DO NOTHING`,
          { run, step, generation, owner, attempt: attemptId, output, now },
        );
      let changed: number;
      if ((await removedFence()) === 'checkpoint') {
        changed = await insert(await clock(task));
      } else {
        const saved = await underFence(owner, run, generation, insert);
        if (!saved.ok) return saved;
        changed = saved.value;
      }
      if (changed === 0)
        return { ok: false, explanation: `${step} was already checkpointed; nothing was written.` };
      return { ok: true };
    },
    async finish(owner, run, token) {
      const now = await clock(task);
      const changed = await task.run(fencedDesign.finish, { run, owner, token, now, lease });
      return finishResult(changed, await readRun(run), run, owner, token, now);
    },
    snapshot: () => readQueueSnapshot(task, publisher, removedFence),
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
        }),
      }
    : lab;
}
