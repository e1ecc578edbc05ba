import type { SqlJsStatic } from 'sql.js';
import {
  claimValuesOf,
  readBeforeClaim,
  GATEWAY_RESOURCE,
  REPORT_RESOURCE,
  START_STATE,
  step,
  type ClaimValues,
  type LeaseDesign,
  type LeaseRun,
  type LeaseState,
  type Write,
  type WriteDecision,
} from '@/lib/lease';
import { wrapSqlJs, type SqlJsDriver, type SqlRow } from '@/lib/sqlite';
import { setupDatabase } from './state-slots';
import type { Bound } from './types';

/*
 * A counterexample's writes through lib/lease's one step. The search's typed-array machine is
 * the fast path; the replay runs each claim, renewal, finish, cancel, report write and gateway
 * call of the same schedule through `step` on a database of its own, so the words a learner
 * reads come from the step's decision, and the trace holds the two to the same rows changed at
 * every write (trace.ts).
 */

/** The kinds of a schedule's steps that write: the run row's, then the fenced targets'. */
export type RunRowStep = 'claim' | 'renew' | 'finish' | 'cancel';
export type WriteStep = RunRowStep | 'write' | 'send';

interface HolderMemory {
  /** The token its claim returned (0: it has not claimed). */
  token: number;
  /** What its claim left in the row (a fingerprint compares it). */
  claimed: ClaimValues;
  /** What its claim read returned, for a two-statement claim. */
  seen?: SqlRow | null;
  /** Its report writes so far (the batch of the last one). */
  batch: number;
}

/** The schedule's run-row writes, stepped by lib/lease; who holds what folded over them. */
export class StepReplay {
  private state: LeaseState = START_STATE;
  private readonly db: SqlJsDriver;
  private readonly run: LeaseRun;
  private readonly holders: HolderMemory[];

  constructor(
    SQL: SqlJsStatic,
    design: LeaseDesign,
    private readonly bound: Bound,
  ) {
    const raw = new SQL.Database();
    setupDatabase(raw, design);
    this.db = wrapSqlJs(raw);
    this.run = { design, runId: 'r', leaseSeconds: bound.leaseSeconds };
    this.holders = bound.workers.map(() => ({ token: 0, claimed: {}, batch: 0 }));
  }

  /** A holder's claim read, as a step of its own (a two-statement claim). */
  read(worker: number, now: number): void {
    const writer = this.bound.workers[worker].owner;
    this.holders[worker].seen = readBeforeClaim(this.run, { writer, now }, this.db);
  }

  /**
   * One write of `worker` at database time `now`, decided by lib/lease's step: to the run row, or
   * (a report write, a gateway call) through the design's fenced target. `lostOwnCheck`: the
   * holder's own check before its report write saw it lost the run, so it sends nothing.
   */
  write(worker: number, kind: WriteStep, now: number, lostOwnCheck = false): WriteDecision {
    const holder = this.holders[worker];
    if (kind === 'write') holder.batch += 1;
    const done = step(this.run, this.state, this.toWrite(worker, kind, now, lostOwnCheck), this.db);
    this.state = done.state;
    if (kind === 'claim') {
      holder.seen = undefined;
      if (done.decision.outcome.database === 'applied' && done.row) {
        holder.token = done.token ?? done.row.fence;
        holder.claimed = claimValuesOf(done.row);
      }
    }
    return done.decision;
  }

  private toWrite(worker: number, kind: WriteStep, now: number, lostOwnCheck: boolean): Write {
    const holder = this.holders[worker];
    const writer = this.bound.workers[worker].owner;
    switch (kind) {
      case 'claim':
        return {
          kind,
          writer,
          now,
          // Each holder of the bound is its own process, though two may share a name.
          lane: String(worker),
          ...(holder.seen !== undefined ? { seen: holder.seen } : {}),
          // The new holder registers its generation, and acts only once that is acknowledged.
          register: true,
        };
      case 'cancel':
        return { kind, writer: 'user', now };
      case 'write':
      case 'send':
        return {
          kind: 'resource',
          writer,
          now,
          target: kind === 'write' ? REPORT_RESOURCE : GATEWAY_RESOURCE,
          token: holder.token,
          batch: holder.batch,
          ...(lostOwnCheck ? { lostOwnCheck } : {}),
        };
      default:
        return { kind, writer, now, token: holder.token, memory: { claim: holder.claimed } };
    }
  }

  close(): void {
    this.db.close();
  }
}
