import {
  CLAIM_PICKED_RUN,
  fencedDesign,
  pickClaimableRun,
  REGISTER_AND_READ_SEEN,
  type RunRow,
} from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import type { LabOps } from './lab';
import { checkpointNotWritten } from './decisions';
import {
  PUBLISHER,
  publishAnswer,
  publisherAdmits,
  RECEIPT_COLUMNS,
  REGISTER,
  toReceipt,
} from './publisher';
import { finishStep, fromJson, nothingClaimable, renewStep } from './run-results';
import type { FinishResult, RemovableFence, Step } from './types';

/**
 * PostgreSQL forms of the queue lab's operations, each in as few round trips as the rules
 * allow. Over a connection every statement is a round trip, and a run used to cost ~60 of them
 * (a clock read and a BEGIN/renew/write/COMMIT per step start and per checkpoint). Here the
 * rulebook's own statements (lib/lease, unchanged) become parts of one statement with
 * data-modifying CTEs: the renewal and the write it guards commit together or not at all, as in
 * the transaction they replace, and `$now` is the server clock read once by that statement.
 * SQLite keeps the plain form (lab.ts, publisher.ts): its statements cost no round trip.
 */

/** The server clock, in seconds (the same clock as `clockStatement('postgres')`). */
const CLOCK = `clock AS MATERIALIZED (SELECT extract(epoch FROM clock_timestamp())::float8 AS now)`;

/** A rulebook statement whose `$now` is this statement's clock (from the `clock` CTE). */
export function onServerClock(sql: string): string {
  return sql
    .trim()
    .replace(/;$/, '')
    .replace(/\$now\b/g, '(SELECT now FROM clock)');
}

/**
 * The lesson's renewal (owner, fence, unexpired lease, running) and `write`, which selects its
 * values `FROM renewed, clock` so it writes nothing when the renewal changed no row.
 * Returns the clock and how many rows were renewed and written (a refusal is then decided by
 * lib/lease's step at that clock: run-results.ts).
 */
export function renewThen(write: string): string {
  return `WITH ${CLOCK},
renewed AS (${onServerClock(fencedDesign.renew)} RETURNING run_id),
written AS (${write} RETURNING 1 AS one)
SELECT (SELECT now FROM clock) AS now, (SELECT count(*) FROM renewed) AS renewed,
  (SELECT count(*) FROM written) AS written`;
}

/** Starting a step: renew, then record the attempt; returns its id. */
export const BEGIN_STEP = `WITH ${CLOCK},
renewed AS (${onServerClock(fencedDesign.renew)} RETURNING run_id),
attempt AS (INSERT INTO step_attempts (run_id, step, fence, owner, started_at)
  SELECT $run, $step, $fence, $owner, now FROM renewed, clock RETURNING attempt_id)
SELECT (SELECT now FROM clock) AS now, (SELECT attempt_id FROM attempt) AS id`;

const CHECKPOINT_INSERT = `INSERT INTO checkpoints (run_id, step, fence, owner, attempt_id, output, saved_at)
  SELECT $run, $step, $fence, $owner, $attempt, $output, now FROM FROM_CLAUSE
  ON CONFLICT (run_id, step) DO NOTHING`;

/** Saving a checkpoint under the lesson's renewal. */
export const FENCED_CHECKPOINT = renewThen(
  CHECKPOINT_INSERT.replace('FROM_CLAUSE', 'renewed, clock'),
);

/** Saving a checkpoint with the checkpoint's fence removed (the `--remove-fence` experiment). */
export const UNFENCED_CHECKPOINT = `WITH ${CLOCK},
written AS (${CHECKPOINT_INSERT.replace('FROM_CLAUSE', 'clock')} RETURNING 1 AS one)
SELECT (SELECT now FROM clock) AS now, 1 AS renewed, (SELECT count(*) FROM written) AS written`;

/** The lesson's finish, on the statement's clock: how many rows it changed, and that clock. */
export const FINISH = `WITH ${CLOCK},
finished AS (${onServerClock(fencedDesign.finish)} RETURNING run_id)
SELECT (SELECT now FROM clock) AS now, (SELECT count(*) FROM finished) AS changed`;

/**
 * The pick of the next claimable run (null when none is), with the clock it was judged by: a
 * refusal is explained at that same instant, never at a later one at which the lease may have
 * run out.
 */
export function pickOnServerClock(pick: string): string {
  return `WITH ${CLOCK}, picked AS (${onServerClock(pick)})
SELECT picked.run, clock.now FROM clock LEFT JOIN picked ON true`;
}

/**
 * The lesson's claim of the picked run (which returns the new generation), its claims row, and
 * what the run's earlier generations left: its publish operation id and its checkpoints.
 */
export function claimAndRead(claim: string): string {
  return `WITH claimed AS (${claim.trim().replace(/;$/, '')}),
recorded AS (INSERT INTO claims (run_id, fence, owner, claimed_at, lease_until)
  SELECT $run, token, $owner, $now, $now + $lease FROM claimed RETURNING fence)
SELECT (SELECT fence FROM recorded) AS token,
  (SELECT operation_id FROM run_operations WHERE run_id = $run) AS op,
  (SELECT json_agg(json_build_object('step', step, 'output', output))::text FROM checkpoints WHERE run_id = $run) AS done`;
}

/** The publisher logs a refused request; returns the clock it logged. */
export const LOG_REFUSED = `WITH ${CLOCK}
INSERT INTO publish_requests (operation_id, run_id, fence, outcome, at)
SELECT $op, $run, $fence, 'refused', now FROM clock RETURNING at AS now`;

/**
 * The publisher's write: the receipt unless its operation id already has one, the request's log
 * line (applied or duplicate), and the receipt that now stands for the operation.
 */
export function acceptReceipt(receiptColumns: string): string {
  return `WITH ${CLOCK},
inserted AS (INSERT INTO receipts (operation_id, run_id, fence, body, accepted_at)
  SELECT $op, $run, $fence, $body, now FROM clock
  ON CONFLICT (operation_id) DO NOTHING RETURNING ${receiptColumns}),
logged AS (INSERT INTO publish_requests (operation_id, run_id, fence, outcome, at)
  SELECT $op, $run, $fence,
    CASE WHEN EXISTS (SELECT 1 FROM inserted) THEN 'applied' ELSE 'duplicate' END, now FROM clock)
SELECT (SELECT count(*) FROM inserted) AS inserted,
  COALESCE((SELECT row_to_json(i)::text FROM inserted i),
    (SELECT row_to_json(r)::text FROM (SELECT ${receiptColumns} FROM receipts WHERE operation_id = $op) r)) AS receipt`;
}

export interface OneTripContext {
  task: AsyncSqlDriver;
  publisher: AsyncSqlDriver;
  lease: number;
  removedFence: () => Promise<RemovableFence | null>;
  /** The run's publish operation id (cached by the lab once a claim has read it). */
  operationOf: (run: string) => Promise<string>;
  rememberOperation: (run: string, op: string) => void;
  /** The run row (for who held the run when the publisher refused, or has no fence). */
  readRun: (run: string) => Promise<RunRow | undefined>;
  /** Who saved a step's checkpoint. */
  checkpointOwner: (run: string, step: Step) => Promise<string>;
}

/**
 * The queue lab's operations on PostgreSQL, in round trips per call: claim 5 (BEGIN, pick,
 * claim with its reads, register at the publisher, COMMIT), step start 1, checkpoint 1,
 * publish 4 (BEGIN, register, receipt with its log line, COMMIT), finish 1.
 */
export function oneTripOps(ctx: OneTripContext): LabOps {
  const { task, publisher, lease } = ctx;
  return {
    async claimNext(owner) {
      const claimed = await task.transaction(async () => {
        const picked = await task.get<{ run: string | null; now: number }>(
          pickOnServerClock(pickClaimableRun(task.dialect)),
        );
        const now = picked ? Number(picked.now) : undefined;
        if (!picked?.run || now === undefined) return nothingClaimable(task, owner, now);
        const { run } = picked;
        const row = await task.get<{ token: number | null; op: string; done: string | null }>(
          claimAndRead(CLAIM_PICKED_RUN),
          { run, owner, now, lease },
        );
        if (row?.token === null || row?.token === undefined)
          return nothingClaimable(task, owner, now);
        const generation = Number(row.token);
        // The publisher learns the new generation before the claim commits, so from the moment
        // this worker holds the run, an older generation's publish is refused.
        await publisher.run(REGISTER, { ...PUBLISHER, run, token: generation });
        const saved = (row.done ? JSON.parse(row.done) : []) as { step: Step; output: string }[];
        return { run, generation, now, op: String(row.op), saved };
      });
      if ('ok' in claimed) return claimed;
      ctx.rememberOperation(claimed.run, claimed.op);
      const done: Partial<Record<Step, string>> = {};
      for (const { step, output } of claimed.saved) done[step] = output;
      return {
        ok: true,
        runId: claimed.run,
        generation: claimed.generation,
        operationId: claimed.op,
        leaseUntil: claimed.now + lease,
        done,
      };
    },
    async beginStep(owner, run, generation, step) {
      const row = await task.get<{ now: number; id: number | null }>(BEGIN_STEP, {
        run,
        owner,
        token: generation,
        fence: generation,
        step,
        lease,
      });
      if (row?.id !== null && row?.id !== undefined) return { ok: true, attemptId: Number(row.id) };
      const refused = { owner, run, token: generation, now: Number(row?.now), lease };
      return { ok: false, decision: await renewStep(task, refused) };
    },
    async publish(owner, run, generation, body) {
      const fenced = (await ctx.removedFence()) !== 'publisher';
      const op = await ctx.operationOf(run);
      let now = 0;
      const answer = await publisher.transaction(async () => {
        const seen = Number(
          (
            await publisher.get<{ fence: number }>(REGISTER_AND_READ_SEEN, {
              ...PUBLISHER,
              run,
              token: generation,
            })
          )?.fence ?? 0,
        );
        if (fenced && !publisherAdmits(generation, seen)) {
          now = Number(
            (await publisher.get<{ now: number }>(LOG_REFUSED, { op, run, fence: generation }))
              ?.now,
          );
          return { outcome: 'refused' as const, seen };
        }
        const row = await publisher.get<{ inserted: number; receipt: string | null }>(
          acceptReceipt(RECEIPT_COLUMNS),
          { op, run, fence: generation, body },
        );
        // A receipt another transaction committed while this statement waited on the conflict
        // is newer than the statement's snapshot: read it again.
        const receipt =
          fromJson(row?.receipt) ??
          (await publisher.get(`SELECT ${RECEIPT_COLUMNS} FROM receipts WHERE operation_id = $op`, {
            op,
          }));
        const stored = toReceipt(receipt!);
        now = stored.acceptedAt;
        const outcome = Number(row?.inserted) === 1 ? ('applied' as const) : ('duplicate' as const);
        return { outcome, seen, receipt: stored };
      });
      const request = { owner, run, op, generation, body, now };
      return publishAnswer(request, fenced, answer, () => ctx.readRun(run));
    },
    async checkpoint(owner, run, generation, step, attemptId, output) {
      const unfenced = (await ctx.removedFence()) === 'checkpoint';
      const values = { run, owner, fence: generation, step, attempt: attemptId, output };
      const row = await task.get<{ now: number; renewed: number; written: number }>(
        unfenced ? UNFENCED_CHECKPOINT : FENCED_CHECKPOINT,
        unfenced ? values : { ...values, token: generation, lease },
      );
      const now = Number(row?.now);
      if (Number(row?.renewed) === 0) {
        const refused = { owner, run, token: generation, now, lease };
        return { ok: false, decision: await renewStep(task, refused) };
      }
      if (Number(row?.written) > 0) return { ok: true };
      const seen = await ctx.readRun(run);
      const storedBy = await ctx.checkpointOwner(run, step);
      const facts = { owner, run, step, row: seen, token: generation, now, storedBy };
      return { ok: false, decision: checkpointNotWritten({ ...facts, fenced: !unfenced }) };
    },
    async finish(owner, run, token): Promise<FinishResult> {
      const result = await task.get<{ now: number; changed: number }>(FINISH, {
        run,
        owner,
        token,
      });
      if (Number(result?.changed ?? 0) > 0) return { ok: true };
      // Refused, or a duplicate of this holder's own finish: the step decides, at the same clock.
      return finishStep(task, { owner, run, token, now: Number(result?.now), lease });
    },
  };
}
