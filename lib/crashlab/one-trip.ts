import {
  claimPicked,
  fencedDesign,
  pickClaimableRun,
  REGISTER_AND_READ_SEEN,
  START_STATE,
  stepOneTrip,
  type RunRow,
} from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import type { LabOps } from './lab';
import {
  PUBLISHER,
  publishAnswer,
  publisherAdmits,
  RECEIPT_COLUMNS,
  REGISTER,
  toReceipt,
} from './publisher';
import {
  checkpointNotWritten,
  fromJson,
  labRun,
  nothingClaimable,
  storedCheckpoint,
} from './run-results';
import type { FinishResult, RemovableFence, Step } from './types';

/**
 * PostgreSQL forms of the queue lab's operations, each in as few round trips as the rules
 * allow. Over a connection every statement is a round trip, and a run used to cost ~60 of them
 * (a clock read and a BEGIN/renew/write/COMMIT per step start and per checkpoint). A renewal or
 * finish is lib/lease's step in one round trip (`stepOneTrip`: the row before, the rulebook's
 * statement and the row after in one statement, on the clock that statement reads), and the
 * write a renewal guards rides in it: they commit together or not at all, as in the transaction
 * they replace. A claim is the step too (`claimPicked`: the pick, the row before, the
 * rulebook's claim and its claims row in one statement, the row after in a second).
 * The lab's own statements here read the clock the same way.
 * SQLite keeps the plain form (lab.ts, publisher.ts): its statements cost no round trip.
 */

/** The server clock, in seconds (the same clock as `clockStatement('postgres')`). */
const CLOCK = `clock AS MATERIALIZED (SELECT extract(epoch FROM clock_timestamp())::float8 AS now)`;

/** Starting a step: recorded only when the step's renewal landed; returns its id. */
export const STEP_ATTEMPT = `INSERT INTO step_attempts (run_id, step, fence, owner, started_at)
  SELECT $run, $step, $fence, $owner, now FROM stepped, clock RETURNING attempt_id AS id`;

const CHECKPOINT_INSERT = `INSERT INTO checkpoints (run_id, step, fence, owner, attempt_id, output, saved_at)
  SELECT $run, $step, $fence, $owner, $attempt, $output, now FROM FROM_CLAUSE
  ON CONFLICT (run_id, step) DO NOTHING RETURNING 1 AS one`;

/** Saving a checkpoint, written only when the step's renewal landed. */
export const FENCED_CHECKPOINT = CHECKPOINT_INSERT.replace('FROM_CLAUSE', 'stepped, clock');

/** Saving a checkpoint with the checkpoint's fence removed (the `--remove-fence` experiment). */
export const UNFENCED_CHECKPOINT = `WITH ${CLOCK},
written AS (${CHECKPOINT_INSERT.replace('FROM_CLAUSE', 'clock')})
SELECT (SELECT now FROM clock) AS now, (SELECT count(*) FROM written) AS written`;

/**
 * What a claim that landed records (lib/lease's claimPicked writes it from the rows its claim
 * returned, on its clock): the claims row, and what the run's earlier generations left, its
 * publish operation id and its checkpoints.
 */
export const CLAIM_RECORD = `INSERT INTO claims (run_id, fence, owner, claimed_at, lease_until)
  SELECT picked.run, stepped.token, $owner, clock.now, clock.now + $lease FROM stepped, picked, clock
  RETURNING fence AS token,
    (SELECT operation_id FROM run_operations WHERE run_id = claims.run_id) AS op,
    (SELECT json_agg(json_build_object('step', step, 'output', output))::text
       FROM checkpoints WHERE run_id = claims.run_id) AS done`;

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
}

/** The lab's renewal by a holder of a generation, on the statement's clock. */
const renewal = (owner: string, generation: number) => ({
  kind: 'renew' as const,
  writer: owner,
  token: generation,
});

/**
 * The queue lab's operations on PostgreSQL, in round trips per call: claim 5 (BEGIN, pick,
 * claim with its reads, register at the publisher, COMMIT), step start 1, checkpoint 1,
 * publish 4 (BEGIN, register, receipt with its log line, COMMIT), finish 1. A refused renewal
 * or finish is decided from that same one round trip.
 */
export function oneTripOps(ctx: OneTripContext): LabOps {
  const { task, publisher, lease } = ctx;
  return {
    async claimNext(owner) {
      const claimed = await task.transaction(async () => {
        const pick = pickClaimableRun(task.dialect);
        const record = { sql: CLAIM_RECORD, params: { owner, lease } };
        const picked = await claimPicked(
          fencedDesign,
          lease,
          START_STATE,
          owner,
          pick,
          task,
          record,
        );
        const { run, now, stepped } = picked;
        if (!run || stepped?.decision.outcome.database !== 'applied' || stepped.token === undefined)
          return nothingClaimable(task, owner, now);
        const generation = stepped.token;
        // The publisher learns the new generation before the claim commits, so from the moment
        // this worker holds the run, an older generation's publish is refused.
        await publisher.run(REGISTER, { ...PUBLISHER, run, token: generation });
        const recorded = picked.guarded[0];
        const saved = (recorded?.done ? JSON.parse(String(recorded.done)) : []) as {
          step: Step;
          output: string;
        }[];
        return { run, generation, now, op: String(recorded?.op), saved };
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
      const stepped = await stepOneTrip(
        labRun(run, lease),
        START_STATE,
        renewal(owner, generation),
        task,
        {
          sql: STEP_ATTEMPT,
          params: { run, step, fence: generation, owner },
        },
      );
      if (stepped.decision.outcome.database !== 'applied')
        return { ok: false, decision: stepped.decision };
      return { ok: true, attemptId: Number(stepped.guarded[0]?.id) };
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
      let now: number;
      let written: number;
      if (unfenced) {
        const row = await task.get<{ now: number; written: number }>(UNFENCED_CHECKPOINT, values);
        now = Number(row?.now);
        written = Number(row?.written);
      } else {
        const stepped = await stepOneTrip(
          labRun(run, lease),
          START_STATE,
          renewal(owner, generation),
          task,
          {
            sql: FENCED_CHECKPOINT,
            params: values,
          },
        );
        if (stepped.decision.outcome.database !== 'applied')
          return { ok: false, decision: stepped.decision };
        now = stepped.now;
        written = stepped.guarded.length;
      }
      if (written > 0) return { ok: true };
      const seen = await ctx.readRun(run);
      const stored = await storedCheckpoint(task, run, step);
      const facts = { owner, run, step, row: seen, token: generation, now, stored };
      return { ok: false, decision: checkpointNotWritten({ ...facts, fenced: !unfenced }) };
    },
    async finish(owner, run, token): Promise<FinishResult> {
      // Landed, refused, or a duplicate of this holder's own finish: the step decides.
      const write = { kind: 'finish' as const, writer: owner, token };
      const { decision } = await stepOneTrip(labRun(run, lease), START_STATE, write, task);
      return decision.outcome.database === 'applied' ? { ok: true } : { ok: false, decision };
    },
  };
}
