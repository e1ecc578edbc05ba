import type { SqlDriver, SqlRow } from '@/lib/sqlite';
import { fencedDesign } from './designs';
import type {
  ClaimResult,
  CommitCondition,
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
  /**
   * The first statement of a two-statement claim on its own, so other workers can act between
   * it and the claim: the row it returned, or null when it saw nothing to claim. Undefined for
   * a design that claims in one statement.
   */
  claimRead(owner: string, now: number): SqlRow | null | undefined;
  /**
   * The worker's own check before its report write (designs whose targets have `workerCheck`):
   * true when it sees it may go ahead. Undefined when the design has no such check.
   */
  workerCheck(owner: string, fenceToken: number, now: number): boolean | undefined;
  /**
   * Writes the report reference at the design's downstream report store (`targets.writeReport`)
   * as the worker's batch number `batch`; returns the rows it changed (0: the store refused).
   */
  writeReport(owner: string, fenceToken: number, now: number, batch: number): number;
  /** The design's report reference for this run, if its targets keep one. */
  readReport(): { ref: string; fence: number } | undefined;
  renew(owner: string, fenceToken: number, now: number): CommitResult;
  finish(owner: string, fenceToken: number, now: number): CommitResult;
  cancel(now: number): CommitResult;
  /** Creates the outputs table of the design (if it has one and it is missing). */
  setupOutputs(): void;
  /** Reads a named output of the run (the draft, the report reference), if stored. */
  readOutput(name: string): RunOutput | undefined;
  /**
   * Writes a named output under the same commit conditions as finish; `opId` is the business
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
    cancelEpoch: Number(row.cancelEpoch ?? 0),
  };
}

/**
 * Names the commit conditions that do not hold for `owner` with `fenceToken` at `now`.
 * Used to explain a refusal after the fact; the decision itself is made by the UPDATE.
 */
export function failedConditions(
  row: RunRow,
  owner: string,
  fenceToken: number,
  now: number,
): CommitCondition[] {
  const failed: CommitCondition[] = [];
  if (row.owner !== owner) failed.push('owner');
  if (row.fence !== fenceToken) failed.push('fence');
  if (!(row.leaseUntil > now)) failed.push('lease');
  if (row.status !== 'running') failed.push('status');
  return failed;
}

const CONDITION_TEXT: Record<
  CommitCondition,
  (row: RunRow, owner: string, token: number, now: number) => string
> = {
  owner: (row, owner) => `owner is ${row.owner || '(nobody)'}, not ${owner}`,
  fence: (row, _owner, token) => `fence is ${row.fence}, the writer holds token ${token}`,
  lease: (row, _owner, _token, now) => `lease ended at ${row.leaseUntil}, it is now ${now}`,
  status: (row) => `status is ${row.status}, not running`,
};

/** A sentence for a refused commit, in the lesson's terms. */
export function explainRefusal(
  row: RunRow,
  failed: readonly CommitCondition[],
  owner: string,
  token: number,
  now: number,
): string {
  const reasons = failed.map((c) => CONDITION_TEXT[c](row, owner, token, now));
  return `0 rows changed: ${owner} lost the right to commit (${reasons.join('; ')}).`;
}

/** Creates the lease model over a driver. */
export function createLeaseModel(db: SqlDriver, options: LeaseModelOptions = {}): LeaseModel {
  const design = options.design ?? fencedDesign;
  const leaseSeconds = options.leaseSeconds ?? 5;
  const runId = options.runId ?? 'r';
  const read = () => normalizeRow(db.get(design.read, { run: runId }));

  const commit = (sql: string, owner: string, token: number, now: number): CommitResult => {
    const changed = db.run(sql, { run: runId, owner, token, now, lease: leaseSeconds });
    const row = read();
    if (changed > 0 && row) return { ok: true, changed, row };
    if (!row) {
      return {
        ok: false,
        changed: 0,
        failed: [],
        explanation: `Run ${runId} does not exist.`,
        row,
      };
    }
    const failed = failedConditions(row, owner, token, now);
    return {
      ok: false,
      changed: 0,
      failed,
      explanation: explainRefusal(row, failed, owner, token, now),
      row,
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
  const readOutput = (name: string): RunOutput | undefined => {
    const row = db.get(requireOutputs().read, { run: runId, name });
    if (!row) return undefined;
    return {
      name: String(row.name),
      opId: String(row.opId),
      owner: String(row.owner),
      fence: Number(row.fence),
      body: String(row.body),
      writtenAt: Number(row.writtenAt),
    };
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
      if (changed > 0 && row) return { ok: true, changed, row };
      if (!row) {
        return {
          ok: false,
          changed: 0,
          failed: [],
          explanation: `Run ${runId} does not exist.`,
          row,
        };
      }
      const stored = readOutput(output.name);
      const failed = failedConditions(row, owner, fenceToken, now);
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
        };
      }
      return {
        ok: false,
        changed: 0,
        failed,
        explanation: explainRefusal(row, failed, owner, fenceToken, now),
        row,
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
    writeReport(owner, fenceToken, now, batch) {
      if (!design.targets) throw new Error(`The design "${design.id}" has no report store.`);
      return db.run(design.targets.writeReport, {
        run: runId,
        owner,
        token: fenceToken,
        now,
        lease: leaseSeconds,
        batch,
      });
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
      if (FINAL_STATUSES.includes(row.status)) {
        return {
          ok: false,
          changed: 0,
          reason: 'final-state',
          explanation: `Run ${runId} is ${row.status}: a final state is never claimed again.`,
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
      return commit(design.renew, owner, fenceToken, now);
    },
    finish(owner, fenceToken, now) {
      return commit(design.finish, owner, fenceToken, now);
    },
    cancel(now) {
      const changed = db.run(design.cancel, { run: runId, now });
      const row = read();
      if (changed > 0 && row) return { ok: true, changed, row };
      return {
        ok: false,
        changed: 0,
        failed: ['status'],
        explanation: row
          ? `Run ${runId} is already ${row.status}.`
          : `Run ${runId} does not exist.`,
        row,
      };
    },
  };
}
