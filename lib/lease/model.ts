import type { SqlDriver, SqlRow } from '@/lib/sqlite';
import { GATEWAY_RESOURCE, REPORT_RESOURCE } from './build';
import { checkConditions, COMMIT_CONDITIONS, RUNS_TABLE, type CommitCondition } from './conditions';
import { fencedDesign } from './designs';
import { explainCommit } from './explain';
import {
  resourceWrites,
  writeThroughFence,
  type FenceWriteResult,
  type ResourceWrite,
} from './fence';
import type { ObservedWrite } from './outcome';
import type {
  ClaimResult,
  CommitResult,
  LeaseDesign,
  OutputResult,
  RunOutput,
  RunRow,
} from './types';
import { FINAL_STATUSES } from './types';

export interface LeaseModelOptions {
  /** The design whose SQL runs; the lesson's fenced design by default. */
  design?: LeaseDesign;
  /** Lease length in database-time seconds (the lesson's demo uses 5). */
  leaseSeconds?: number;
  /** The run this model acts on. */
  runId?: string;
}

/** What a cancel left to reconcile: the effects already done, listed once the run is canceled. */
export interface CancelReconciliation {
  ok: boolean;
  row: RunRow | undefined;
  /** Writes the run's resources took (report store, gateway), oldest first. */
  effects: ResourceWrite[];
  /** Outputs the run stored (draft, report reference). */
  outputs: RunOutput[];
}

/** The lease model bound to one run in one database. Time is always passed in, never read. */
export interface LeaseModel {
  readonly design: LeaseDesign;
  readonly runId: string;
  readonly leaseSeconds: number;
  /** Creates the runs table (if missing) and enqueues this run (if missing). */
  setup(): void;
  /** Reads the run row, or undefined if it does not exist. */
  read(): RunRow | undefined;
  /**
   * Claims the run. For a design whose claim is two statements (`claimRead`, then `claim`), the
   * two run back to back in one transaction, unless `seen` is given: then only the write runs,
   * with the row an earlier `claimRead` returned (null: that read saw nothing, so nothing is
   * sent and the claim is refused).
   */
  claim(owner: string, now: number, seen?: SqlRow | null): ClaimResult;
  /** The first statement of a two-statement claim on its own (undefined: one-statement claim). */
  claimRead(owner: string, now: number): SqlRow | null | undefined;
  /** The worker's own check before its report write; undefined when the design has none. */
  workerCheck(owner: string, fenceToken: number, now: number): boolean | undefined;
  /**
   * The registration event: tells the run's highest-seen resources about generation
   * `fenceToken`. Returns the resources told (none: the design registers nowhere).
   */
  register(fenceToken: number): string[];
  /** Writes the report reference through the report store's fence, as batch `batch`. */
  writeReport(owner: string, fenceToken: number, now: number, batch: number): FenceWriteResult;
  /** Calls the design's gateway, through its fence. */
  sendGateway(owner: string, fenceToken: number, now: number): FenceWriteResult;
  /** The design's report reference for this run, if one was written. */
  readReport(): { ref: string; fence: number } | undefined;
  renew(owner: string, fenceToken: number, now: number): CommitResult;
  finish(owner: string, fenceToken: number, now: number): CommitResult;
  /**
   * Cancels the run. Under a fenced cancel it becomes `canceling` with a new generation, which
   * the fenced targets learn at once; `generation` is that new fence.
   */
  cancel(now: number): CommitResult & { generation?: number; registered?: string[] };
  /** Ends a cancel: canceling becomes canceled, and the effects already done are listed. */
  completeCancel(now: number): CancelReconciliation;
  /** Creates the outputs table of the design (if it has one and it is missing). */
  setupOutputs(): void;
  /** Reads a named output of the run (the draft, the report reference), if stored. */
  readOutput(name: string): RunOutput | undefined;
  /**
   * Writes a named output under the design's output conditions; `opId` is the business
   * operation id, so a retry of the same operation changes nothing and reports a duplicate.
   */
  writeOutput(
    owner: string,
    fenceToken: number,
    now: number,
    output: { name: string; opId: string; body: string },
  ): OutputResult;
}

function normalizeRow(row: Record<string, unknown> | undefined): RunRow | undefined {
  if (!row) return undefined;
  return {
    runId: String(row.runId),
    owner: String(row.owner ?? ''),
    leaseUntil: Number(row.leaseUntil),
    fence: Number(row.fence),
    status: String(row.status) as RunRow['status'],
  };
}

/**
 * Names the commit conditions that do not hold for `owner` with `fenceToken` at `now`, among
 * `conditions` (all four by default). Used to explain a refusal; the UPDATE decides.
 */
export function failedConditions(
  row: RunRow,
  owner: string,
  fenceToken: number,
  now: number,
  conditions: readonly CommitCondition[] = COMMIT_CONDITIONS,
): CommitCondition[] {
  return checkConditions(conditions, row, owner, fenceToken, now)
    .filter((c) => !c.held)
    .map((c) => c.condition);
}

/** A sentence for a refused commit, in the lesson's terms. */
export function explainRefusal(
  row: RunRow,
  failed: readonly CommitCondition[],
  owner: string,
  token: number,
  now: number,
): string {
  return explainCommit({
    applied: false,
    changed: 0,
    conditions: failed,
    judged: row,
    after: row,
    owner,
    token,
    now,
  });
}

const same = (database: ObservedWrite['database']): ObservedWrite => ({
  database,
  caller: database,
});

/** Creates the lease model over a driver. */
export function createLeaseModel(db: SqlDriver, options: LeaseModelOptions = {}): LeaseModel {
  const design = options.design ?? fencedDesign;
  const leaseSeconds = options.leaseSeconds ?? 5;
  const runId = options.runId ?? 'r';
  const table = design.rules?.table ?? RUNS_TABLE;
  const targets = design.targets ?? fencedDesign.targets!;
  const read = () => normalizeRow(db.get(design.read, { run: runId }));

  /**
   * Runs a commit and says what it did in the four outcomes. The decision is the statement's;
   * on 0 rows the row is read again: a finish whose own earlier attempt landed is a duplicate.
   */
  const commit = (
    sql: string,
    conditions: readonly CommitCondition[] | undefined,
    owner: string,
    token: number,
    now: number,
    landed?: (row: RunRow) => boolean,
  ): CommitResult => {
    const judged = read();
    const changed = db.run(sql, { run: runId, owner, token, now, lease: leaseSeconds });
    const row = read();
    // A learner's own statement: its conditions are unknown, so it is judged on all four.
    const checkedConditions = conditions ?? COMMIT_CONDITIONS;
    if (!row || !judged) {
      const database = {
        kind: 'refused' as const,
        failed: ['run'],
        checked: [{ condition: 'run', held: false }],
      };
      return {
        ok: false,
        changed: 0,
        failed: [],
        explanation: `Run ${runId} does not exist.`,
        row,
        observed: same(database),
      };
    }
    const checked = checkConditions(checkedConditions, judged, owner, token, now);
    if (changed > 0) {
      return {
        ok: true,
        changed,
        row,
        observed: same({ kind: 'applied', checked }),
        explanation: explainCommit({
          applied: true,
          changed,
          conditions: checkedConditions,
          judged,
          after: row,
          owner,
          token,
          now,
        }),
      };
    }
    if (landed?.(row)) {
      return {
        ok: false,
        changed: 0,
        failed: [],
        row,
        observed: same({
          kind: 'duplicate',
          opId: `${owner}@${token}`,
          original: { status: row.status },
        }),
        explanation: `0 rows changed, and that is not a refusal: ${owner}'s own earlier attempt with token ${token} already landed (the run is ${row.status}, still under fence ${token}). The retry is a duplicate.`,
      };
    }
    const failed = checked.filter((c) => !c.held).map((c) => c.condition);
    return {
      ok: false,
      changed: 0,
      failed,
      row,
      observed: same({ kind: 'refused', failed, checked }),
      explanation: explainCommit({
        applied: false,
        changed: 0,
        conditions: checkedConditions,
        judged,
        after: row,
        owner,
        token,
        now,
      }),
    };
  };

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
      const { write } = requireOutputs();
      const judged = read();
      const changed = db.run(write, {
        run: runId,
        owner,
        token: fenceToken,
        now,
        name: output.name,
        op: output.opId,
        body: output.body,
      });
      const row = read();
      if (!row || !judged) {
        const database = {
          kind: 'refused' as const,
          failed: ['run'],
          checked: [{ condition: 'run', held: false }],
        };
        return {
          ok: false,
          changed: 0,
          failed: [],
          explanation: `Run ${runId} does not exist.`,
          row,
          observed: same(database),
        };
      }
      const conditions = design.rules?.output ?? COMMIT_CONDITIONS;
      const checked = checkConditions(conditions, judged, owner, fenceToken, now);
      if (changed > 0) {
        return {
          ok: true,
          changed,
          row,
          observed: same({ kind: 'applied', checked }),
          explanation: explainCommit({
            applied: true,
            changed,
            conditions,
            judged,
            after: row,
            owner,
            token: fenceToken,
            now,
          }),
        };
      }
      const stored = readOutput(output.name);
      const failed = checked.filter((c) => !c.held).map((c) => c.condition);
      // A retry whose first attempt landed is a duplicate, unless the writer has also lost the run.
      if (stored && stored.opId === output.opId && failed.length === 0) {
        return {
          ok: false,
          changed: 0,
          failed: [],
          duplicate: true,
          explanation: `0 rows changed: operation ${output.opId} already landed (by ${stored.owner} with token ${stored.fence}); the retry adds nothing.`,
          output: stored,
          row,
          observed: same({ kind: 'duplicate', opId: output.opId, original: stored }),
        };
      }
      return {
        ok: false,
        changed: 0,
        failed,
        explanation: explainCommit({
          applied: false,
          changed: 0,
          conditions,
          judged,
          after: row,
          owner,
          token: fenceToken,
          now,
        }),
        row,
        observed: same({ kind: 'refused', failed, checked }),
      };
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
    claim(owner, now, seenBefore) {
      const claimed = db.transaction(() => {
        const params = { run: runId, owner, now, lease: leaseSeconds };
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
      if (FINAL_STATUSES.includes(row.status) || row.status === 'canceling') {
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
    renew(owner, fenceToken, now) {
      return commit(design.renew, design.rules?.renew, owner, fenceToken, now);
    },
    finish(owner, fenceToken, now) {
      // The same holder's finish already landed: done, and the fence is still its token. Only a
      // finish that checks owner and fence leaves a row that says who finished it.
      const identifies = ['owner', 'fence'].every((c) =>
        (design.rules?.finish ?? []).includes(c as CommitCondition),
      );
      const landed = (row: RunRow) =>
        identifies && row.status === 'done' && row.owner === owner && row.fence === fenceToken;
      return commit(design.finish, design.rules?.finish, owner, fenceToken, now, landed);
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
          observed: same(database),
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
        observed: same(database),
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
