import type { SqlDriver } from '@/lib/sqlite';
import type { LeaseModel, LeaseModelOptions } from './model-api';
import { GATEWAY_RESOURCE, REPORT_RESOURCE } from './build';
import { RUNS_TABLE } from './conditions';
import { fencedDesign } from './designs';
import { resourceWrites, writeThroughFence } from './fence-write';
import { readBeforeClaim, step } from './step';
import { drive } from './sql-plan';
import { readOutputRow, readRow, readStoredOutput, registerGeneration } from './step-sql';
import {
  START_STATE,
  type LeaseRun,
  type LeaseState,
  type LeaseStepResult,
  type Write,
} from './write';
import type { ClaimResult, CommitResult, OutputResult } from './types';

/** A step's result in the model's terms: applied or not, the rows changed, the row after. */
function commitOf(done: LeaseStepResult): CommitResult {
  const { decision, row } = done;
  if (decision.outcome.database === 'applied' && row)
    return { ok: true, changed: decision.outcome.rowsChanged, row, decision };
  return { ok: false, changed: 0, failed: [...decision.failed], row, decision };
}

/**
 * Creates the lease model over a driver: one run of one design, with who holds what folded over
 * its writes. Its claim, renew, finish, output and cancel are lib/lease's one step (step.ts).
 */
export function createLeaseModel(db: SqlDriver, options: LeaseModelOptions = {}): LeaseModel {
  const design = options.design ?? fencedDesign;
  const leaseSeconds = options.leaseSeconds ?? 5;
  const runId = options.runId ?? 'r';
  const table = design.rules?.table ?? RUNS_TABLE;
  const targets = design.targets ?? fencedDesign.targets!;
  const bound: LeaseRun = { design, runId, leaseSeconds };
  let state: LeaseState = START_STATE;
  const read = () => drive(readRow(bound), db);
  const fold = (write: Write): LeaseStepResult => {
    const done = step(bound, state, write, db);
    state = done.state;
    return done;
  };

  /** The design's outputs table (it throws for a design without run outputs). */
  const requireOutputs = (): string => {
    if (!design.outputSchema || !design.writeOutput)
      throw new Error(`The design "${design.id}" does not define run outputs.`);
    return design.outputSchema;
  };
  const readOutput = (name: string) => {
    requireOutputs();
    return drive(readStoredOutput(bound, name), db);
  };
  const register = (fenceToken: number) => drive(registerGeneration(bound, fenceToken), db);

  return {
    design,
    runId,
    leaseSeconds,
    setupOutputs() {
      db.exec(requireOutputs());
    },
    readOutput,
    writeOutput(owner, token, now, output): OutputResult {
      requireOutputs();
      const done = fold({ kind: 'output', writer: owner, token, now, output });
      if (done.stored && done.decision.outcome.database === 'duplicate')
        return {
          ok: false,
          changed: 0,
          failed: [],
          duplicate: true,
          row: done.row,
          output: done.stored,
          decision: done.decision,
        };
      return commitOf(done);
    },
    setup() {
      db.exec(design.schema);
      if (design.targets) db.exec(design.targets.schema);
      if (!read()) {
        db.run(design.submit, { run: runId });
        if (design.targets) db.run(design.targets.submit, { run: runId });
      }
    },
    read,
    claimRead(owner, now) {
      return readBeforeClaim(bound, { writer: owner, now }, db);
    },
    workerCheck(owner, fenceToken, now) {
      const check = design.targets?.workerCheck;
      if (!check) return undefined;
      return (
        db.get(check, { run: runId, owner, token: fenceToken, now, lease: leaseSeconds }) !==
        undefined
      );
    },
    register,
    writeReport(owner, fenceToken, now, batch) {
      return writeThroughFence(
        db,
        targets.report,
        {
          runId,
          resource: REPORT_RESOURCE,
          holder: owner,
          token: fenceToken,
          batch,
          body: `${owner} token ${fenceToken} batch ${batch}`,
          now,
        },
        table,
      );
    },
    sendGateway(owner, fenceToken, now) {
      return writeThroughFence(
        db,
        targets.gateway,
        { runId, resource: GATEWAY_RESOURCE, holder: owner, token: fenceToken, body: 'call', now },
        table,
      );
    },
    readReport() {
      const sql = design.targets?.readReport;
      const row = sql ? db.get(sql, { run: runId }) : undefined;
      return row ? { ref: String(row.ref), fence: Number(row.fence) } : undefined;
    },
    claim(owner, now, seen, clock = now): ClaimResult {
      const done = fold({
        kind: 'claim',
        writer: owner,
        now,
        ownClock: clock,
        ...(seen !== undefined ? { seen } : {}),
      });
      const { decision, row } = done;
      if (decision.outcome.database === 'applied' && row)
        return {
          ok: true,
          changed: 1,
          fenceToken: done.token ?? row.fence,
          leaseUntil: row.leaseUntil,
          row,
          decision,
        };
      return { ok: false, changed: 0, row, decision };
    },
    renew(owner, token, now, memory) {
      return commitOf(fold({ kind: 'renew', writer: owner, token, now, memory }));
    },
    finish(owner, token, now, memory) {
      return commitOf(fold({ kind: 'finish', writer: owner, token, now, memory }));
    },
    cancel(now) {
      const done = fold({ kind: 'cancel', writer: 'the user', now });
      const result = commitOf(done);
      return done.registered && done.row
        ? { ...result, generation: done.row.fence, registered: done.registered }
        : result;
    },
    completeCancel(now) {
      const done = fold({ kind: 'complete-cancel', writer: 'the user', now });
      const hasOutputs = db.get(
        "SELECT 1 AS x FROM sqlite_schema WHERE type = 'table' AND name = 'run_outputs'",
      );
      const outputs = hasOutputs
        ? db
            .all(
              'SELECT name, op_id AS opId, owner, fence, body, written_at AS writtenAt FROM run_outputs WHERE run_id = $run ORDER BY name',
              { run: runId },
            )
            .map(readOutputRow)
        : [];
      return {
        ok: done.decision.outcome.database === 'applied',
        row: done.row,
        effects: design.targets ? resourceWrites(db, runId) : [],
        outputs,
      };
    },
  };
}
