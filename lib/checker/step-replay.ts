import type { SqlJsStatic } from 'sql.js';
import {
  claimValuesOf,
  readBeforeClaim,
  START_STATE,
  step,
  type Authority,
  type ClaimValues,
  type LeaseDesign,
  type LeaseRun,
  type LeaseState,
  type WriteDecision,
} from '@/lib/lease';
import { wrapSqlJs, type SqlJsDriver, type SqlRow } from '@/lib/sqlite';
import { setupDatabase } from './state-slots';
import type { Bound } from './types';

/*
 * A counterexample's run-row writes through lib/lease's one step. The search's typed-array
 * machine is the fast path; the replay runs each claim, renewal, finish and cancel of the same
 * schedule through `step` on a database of its own, so the words a learner reads come from the
 * step's decision, and the trace holds the two to the same outcome at every write (trace.ts).
 */

/** The run-row kinds of a schedule's steps. */
export type RunRowStep = 'claim' | 'renew' | 'finish' | 'cancel';

interface HolderMemory {
  /** The token its claim returned (0: it has not claimed). */
  token: number;
  /** What its claim left in the row (a fingerprint compares it). */
  claimed: ClaimValues;
  /** What its claim read returned, for a two-statement claim. */
  seen?: SqlRow | null;
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
    this.holders = bound.workers.map(() => ({ token: 0, claimed: {} }));
  }

  /** Who holds the run now (resource writes are decided against it). */
  get authority(): Authority {
    return this.state.authority;
  }

  /** A holder's claim read, as a step of its own (a two-statement claim). */
  read(worker: number, now: number): void {
    const writer = this.bound.workers[worker].owner;
    this.holders[worker].seen = readBeforeClaim(this.run, { writer, now }, this.db);
  }

  /** One run-row write of `worker` at database time `now`, decided by lib/lease's step. */
  write(worker: number, kind: RunRowStep, now: number): WriteDecision {
    const holder = this.holders[worker];
    const writer = this.bound.workers[worker].owner;
    const done = step(
      this.run,
      this.state,
      kind === 'claim'
        ? {
            kind,
            writer,
            now,
            // Each holder of the bound is its own process, though two may share a name.
            lane: String(worker),
            ...(holder.seen !== undefined ? { seen: holder.seen } : {}),
          }
        : kind === 'cancel'
          ? { kind, writer: 'user', now }
          : { kind, writer, now, token: holder.token, memory: { claim: holder.claimed } },
      this.db,
    );
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

  close(): void {
    this.db.close();
  }
}
