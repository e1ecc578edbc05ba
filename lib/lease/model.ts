import type { SqlDriver } from '@/lib/sqlite';
import type { LeaseModel, LeaseModelOptions, WriterMemory } from './model-api';
import { GATEWAY_RESOURCE, REPORT_RESOURCE } from './build';
import { CLAIM_FIELD, type ClaimValues, type RunCondition } from './catalogue';
import { RUNS_TABLE } from './conditions';
import { fencedDesign } from './designs';
import {
  claimBlockedBy,
  finishLanded,
  runCommit,
  writeRunOutput,
  type CommitContext,
} from './commit';
import { observe } from './outcome';
import { resourceWrites, writeThroughFence } from './fence-write';
import type { RunOutput, RunRow } from './types';

function normalizeRow(row: Record<string, unknown> | undefined): RunRow | undefined {
  if (!row) return undefined;
  // The claim columns a design tracks (catalogue.ts), when its read returns them.
  const tracked: ClaimValues = {};
  for (const k of Object.values(CLAIM_FIELD))
    if (row[k] !== undefined && row[k] !== null) tracked[k] = Number(row[k]);
  return {
    runId: String(row.runId),
    owner: String(row.owner ?? ''),
    leaseUntil: Number(row.leaseUntil),
    fence: Number(row.fence),
    status: String(row.status) as RunRow['status'],
    ...tracked,
  };
}

/** Creates the lease model over a driver. */
export function createLeaseModel(db: SqlDriver, options: LeaseModelOptions = {}): LeaseModel {
  const design = options.design ?? fencedDesign;
  const leaseSeconds = options.leaseSeconds ?? 5;
  const runId = options.runId ?? 'r';
  const table = design.rules?.table ?? RUNS_TABLE;
  const targets = design.targets ?? fencedDesign.targets!;
  const read = () => normalizeRow(db.get(design.read, { run: runId }));
  const ctx: CommitContext = { db, design, runId, leaseSeconds, read };

  const commit = (
    sql: string,
    conditions: readonly RunCondition[] | undefined,
    owner: string,
    token: number,
    now: number,
    landed?: (row: RunRow) => boolean,
    kind?: 'renew' | 'finish',
    memory?: WriterMemory,
  ) => runCommit(ctx, sql, conditions, owner, token, now, landed, kind, memory);

  const requireOutputs = (): { schema: string; write: string; read: string } => {
    if (!design.outputSchema || !design.writeOutput) {
      throw new Error(`The design "${design.id}" does not define run outputs.`);
    }
    return {
      schema: design.outputSchema,
      write: design.writeOutput,
      read: design.readOutput ?? fencedDesign.readOutput ?? '',
    };
  };
  const toOutput = (row: Record<string, unknown>): RunOutput => ({
    name: String(row.name),
    opId: String(row.opId),
    owner: String(row.owner),
    fence: Number(row.fence),
    body: String(row.body),
    writtenAt: Number(row.writtenAt),
  });
  const readOutput = (name: string): RunOutput | undefined => {
    const row = db.get(requireOutputs().read, { run: runId, name });
    return row ? toOutput(row) : undefined;
  };
  const register = (fenceToken: number): string[] => {
    if (!targets.register) return [];
    db.run(targets.register, { run: runId, token: fenceToken });
    return [REPORT_RESOURCE, GATEWAY_RESOURCE].filter((r) => {
      const fence = r === REPORT_RESOURCE ? targets.report : targets.gateway;
      return fence.kind === 'highest-seen' && fence.registration === 'event';
    });
  };

  return {
    design,
    runId,
    leaseSeconds,
    setupOutputs() {
      db.exec(requireOutputs().schema);
    },
    readOutput,
    writeOutput(owner, fenceToken, now, output) {
      return writeRunOutput(
        ctx,
        requireOutputs().write,
        readOutput,
        owner,
        fenceToken,
        now,
        output,
      );
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
      if (!design.claimRead) return undefined;
      return db.get(design.claimRead, { run: runId, owner, now, lease: leaseSeconds }) ?? null;
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
          body: `${owner} gen ${fenceToken} batch ${batch}`,
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
    claim(owner, now, seenBefore, clock = now) {
      const claimed = db.transaction(() => {
        // $clock: the claimer's own clock, which a design that tracks claimed_at records.
        const params = { run: runId, owner, now, lease: leaseSeconds, clock };
        if (!design.claimRead) return db.all<{ token: number }>(design.claim, params);
        // A two-statement claim: what the read returned is bound into the write by column name.
        const seen = seenBefore === undefined ? db.get(design.claimRead, params) : seenBefore;
        return seen ? db.all<{ token: number }>(design.claim, { ...params, ...seen }) : [];
      });
      const row = read();
      if (claimed.length === 1 && row) {
        return {
          ok: true,
          changed: 1,
          fenceToken: Number(claimed[0].token),
          leaseUntil: row.leaseUntil,
          row,
        };
      }
      if (!row) {
        return {
          ok: false,
          changed: 0,
          reason: 'missing',
          explanation: `Run ${runId} does not exist.`,
          row,
        };
      }
      if (claimBlockedBy(row) === 'status') {
        return {
          ok: false,
          changed: 0,
          reason: 'final-state',
          explanation:
            row.status === 'canceling'
              ? `Run ${runId} is canceling: nobody may claim it.`
              : `Run ${runId} is ${row.status}: a final state is never claimed again.`,
          row,
        };
      }
      return {
        ok: false,
        changed: 0,
        reason: 'lease-held',
        explanation: `${row.owner} holds the lease until ${row.leaseUntil} (it is now ${now}).`,
        row,
      };
    },
    renew(owner, fenceToken, now, memory) {
      const rules = design.rules?.renew;
      return commit(design.renew, rules, owner, fenceToken, now, undefined, 'renew', memory);
    },
    finish(owner, fenceToken, now, memory) {
      const rules = design.rules?.finish;
      const landed = (row: RunRow) => finishLanded(rules, row, owner, fenceToken);
      return commit(design.finish, rules, owner, fenceToken, now, landed, 'finish', memory);
    },
    cancel(now) {
      const before = read();
      const returned = db.all<{ token: number }>(design.cancel, { run: runId, now });
      const row = read();
      if (returned.length > 0 && row) {
        const bumped = before !== undefined && row.fence > before.fence;
        // A fenced cancel is a new generation no holder owns: every fenced target learns it now.
        const registered = bumped ? register(row.fence) : [];
        const database = {
          kind: 'applied' as const,
          checked: [{ condition: 'status', held: true }],
        };
        return {
          ok: true,
          changed: returned.length,
          row,
          observed: observe(database),
          explanation: bumped
            ? `1 row changed: the run is ${row.status} under a new generation (fence ${row.fence}); every fenced target now refuses fence ${before!.fence}.`
            : `1 row changed: the run is ${row.status}; the fence stays ${row.fence}, so no target beyond the run row hears of the cancel.`,
          ...(bumped ? { generation: row.fence, registered } : {}),
        };
      }
      const database = {
        kind: 'refused' as const,
        failed: ['status'],
        checked: [{ condition: 'status', held: false }],
      };
      return {
        ok: false,
        changed: 0,
        failed: ['status'],
        explanation: row
          ? `Run ${runId} is already ${row.status}.`
          : `Run ${runId} does not exist.`,
        row,
        observed: observe(database),
      };
    },
    completeCancel(now) {
      const sql = design.completeCancel;
      const changed = sql ? db.run(sql, { run: runId, now }) : 0;
      const hasOutputs = db.get(
        "SELECT 1 AS x FROM sqlite_schema WHERE type = 'table' AND name = 'run_outputs'",
      );
      const outputs = hasOutputs
        ? db
            .all(
              'SELECT name, op_id AS opId, owner, fence, body, written_at AS writtenAt FROM run_outputs WHERE run_id = $run ORDER BY name',
              { run: runId },
            )
            .map(toOutput)
        : [];
      return {
        ok: changed > 0,
        row: read(),
        effects: design.targets ? resourceWrites(db, runId) : [],
        outputs,
      };
    },
  };
}
