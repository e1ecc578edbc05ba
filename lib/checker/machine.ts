import type { Database } from 'sql.js';

export { setupDatabase } from './layout';
import {
  claimedFinal,
  fenceShrank,
  finishedTwice,
  isStaleWrite,
  PROPERTY_OF,
  sharesToken,
  type LeaseDesign,
  type OutcomeKind,
  type ViolationKind,
} from '@/lib/lease';
import { StatementBinder, type BindingSource, type Prepared } from './binder';
import {
  DONE_CODE,
  G_CLOCK,
  G_FENCE,
  G_FINISHES,
  G_GEN,
  G_STATUS,
  GLOBALS,
  isFinalCode,
  STATUS_CODE,
  W_BATCH,
  W_CHECK,
  W_GEN,
  W_POS,
  W_SEEN,
  W_STOPPED,
  W_TOKEN,
} from './layout';
import { prepareStatements, type MachineStatements } from './statements';
import { expandPrograms } from './bound';
import type { Bound, ProtectedTarget, StepKind, Violation } from './types';

/** Which step kinds can change the database. */
const WRITES: Readonly<Record<StepKind, boolean>> = {
  pause: false,
  'claim-read': false,
  'write-check': false,
  claim: true,
  cancel: true,
  write: true,
  send: true,
  renew: true,
  finish: true,
};

/**
 * Runs one schedule step at a time against a database that already holds the design's tables,
 * and checks the four safety properties (lib/lease/properties.ts) after every step. The search
 * saves and restores `state` around each step (the database side is restored by the caller
 * with SAVEPOINT / ROLLBACK TO).
 */
export class ScheduleMachine {
  /** Each holder's atomic steps. */
  readonly steps: StepKind[][];
  /** Everything but the database: clock, generations, finishes, and each holder's position and token. */
  readonly state: Float64Array;
  /** The violation found by the last step that returned true. */
  violation: Violation | null = null;
  /** After each step: rows the statement changed or returned (for traces); -1: skipped. */
  lastChanged = 0;
  /** After each step that wrote: what it did in the four outcomes (null: not a write). */
  lastOutcome: OutcomeKind | null = null;
  /** How many steps have changed the database so far (a branch that changed nothing needs no rollback). */
  writes = 0;

  private readonly perHolder: number;
  private readonly owners: string[];
  private readonly seenNames: string[] = [];
  private readonly binder: StatementBinder;
  private readonly src: BindingSource;
  private readonly st: MachineStatements;
  private seenBase = 0;
  private current = 0;
  /** A finish that checks owner and fence leaves a row that says who finished it. */
  private readonly finishIdentifies: boolean;

  constructor(
    private readonly db: Database,
    readonly design: LeaseDesign,
    readonly bound: Bound,
    private readonly runId = 'r',
  ) {
    this.steps = expandPrograms(bound, design);
    this.owners = bound.workers.map((w) => w.owner);
    this.binder = new StatementBinder(db, () => this.seenNames);
    const state = () => this.state;
    this.src = {
      runId,
      owner: '',
      now: 0,
      leaseSeconds: bound.leaseSeconds,
      token: 0,
      batch: 0,
      seen: (k) => state()[this.seenBase + k],
    };
    this.st = prepareStatements(
      this.binder,
      design,
      this.owners,
      { run: runId, lease: bound.leaseSeconds },
      this.seenNames,
    );
    this.finishIdentifies = ['owner', 'fence'].every(
      (c) => design.rules?.finish.includes(c as 'owner' | 'fence') ?? false,
    );
    this.perHolder = W_SEEN + this.seenNames.length;
    this.state = new Float64Array(GLOBALS + this.perHolder * this.owners.length);
    this.reset();
  }

  /** Frees every prepared statement (the database stays open). */
  dispose(): void {
    this.binder.dispose();
  }

  /** Puts every holder back at the start of its program (the database is not touched). */
  reset(): void {
    const s = this.state;
    s.fill(0);
    const row = this.readRow();
    s[G_FENCE] = row.fence;
    s[G_STATUS] = row.status;
  }

  /** The holder's position in its program. */
  position(worker: number): number {
    return this.state[GLOBALS + worker * this.perHolder + W_POS];
  }

  /** The token a holder holds (0 before its claim). */
  tokenOf(worker: number): number {
    return this.state[GLOBALS + worker * this.perHolder + W_TOKEN];
  }

  /** True once the holder's claim was refused: it runs nothing more. */
  isStopped(worker: number): boolean {
    return this.state[GLOBALS + worker * this.perHolder + W_STOPPED] === 1;
  }

  /**
   * False when the holder's next step cannot change the database (a pause, a read, a check, or
   * any step of a holder whose claim was refused): the search needs no savepoint before it.
   */
  mayWrite(worker: number): boolean {
    const base = GLOBALS + worker * this.perHolder;
    if (this.state[base + W_STOPPED] === 1) return false;
    return WRITES[this.steps[worker][this.state[base + W_POS]]];
  }

  /** The clock, in database seconds. */
  get now(): number {
    return this.state[G_CLOCK];
  }

  /** Every target's content as one string (the design's snapshot query). */
  snapshot(): string {
    const p = this.st.snapshotStmt;
    this.bindFor(p, 0);
    p.stmt.step();
    const snapshot = String(p.stmt.get()[0]);
    p.stmt.reset();
    return snapshot;
  }

  /**
   * The whole state as a string: the search state and every target's content. For the state
   * cache. `snapshot` may be passed when the database has not changed since it was read.
   */
  stateKey(snapshot: string = this.snapshot()): string {
    return `${this.state.join(',')}|${snapshot}`;
  }

  private bindFor(p: Prepared, worker: number): void {
    const s = this.state;
    const base = GLOBALS + worker * this.perHolder;
    const src = this.src;
    src.owner = this.owners[worker];
    src.now = s[G_CLOCK];
    src.token = s[base + W_TOKEN];
    src.batch = s[base + W_BATCH];
    this.seenBase = base + W_SEEN;
    this.binder.bind(p, src);
  }

  /** Runs a writing statement to its end and returns the rows it changed. */
  private runWrite(p: Prepared, worker: number): number {
    this.bindFor(p, worker);
    const stmt = p.stmt;
    while (stmt.step()) {
      // RETURNING rows, if the learner added any: the change count is what matters.
    }
    // No reset here: the statement ran to completion, and bind() resets it before its next run.
    const changed = this.db.getRowsModified();
    if (changed > 0) this.writes += 1;
    return changed;
  }

  private readRow(): { fence: number; status: number } {
    const p = this.st.readRun;
    this.bindFor(p, 0);
    if (!p.stmt.step()) {
      p.stmt.reset();
      return { fence: 0, status: -1 };
    }
    const row = p.stmt.get();
    p.stmt.reset();
    return {
      fence: Number(row[this.st.readFence]),
      status: STATUS_CODE[String(row[this.st.readStatus])] ?? 6,
    };
  }

  private label(worker: number): string {
    return this.bound.workers[worker].label ?? this.owners[worker];
  }

  private fail(kind: ViolationKind, message: string, target?: ProtectedTarget): true {
    this.violation = { property: PROPERTY_OF[kind], kind, atStep: this.current, target, message };
    return true;
  }

  /** After a change: the fence may never go down (property 2). */
  private checkRow(): boolean {
    const row = this.readRow();
    const before = this.state[G_FENCE];
    this.state[G_FENCE] = row.fence;
    this.state[G_STATUS] = row.status;
    if (fenceShrank(before, row.fence))
      return this.fail('fence-shrank', `The fence went down from ${before} to ${row.fence}.`);
    return false;
  }

  /** A write landed: was its generation still the newest (property 1)? */
  private checkStaleWrite(worker: number, target: ProtectedTarget, what: string): boolean {
    const s = this.state;
    const base = GLOBALS + worker * this.perHolder;
    if (isStaleWrite(s[base + W_GEN], s[G_GEN])) {
      return this.fail(
        'stale-write',
        `${this.label(worker)}'s ${what} landed at the ${target} with token ${s[base + W_TOKEN]}, after a newer generation (${s[G_GEN]}) had begun.`,
        target,
      );
    }
    return false;
  }

  /** A write step of a fenced target or the run row: applied, refused, or checked for property 1. */
  private landed(worker: number, p: Prepared, target: ProtectedTarget, what: string): boolean {
    const changed = this.runWrite(p, worker);
    this.lastChanged = changed;
    this.lastOutcome = changed > 0 ? 'applied' : 'refused';
    if (changed === 0) return false;
    return this.checkStaleWrite(worker, target, what) || this.checkRow();
  }

  /**
   * Runs the next step of `worker` as step number `stepIndex` of the schedule. Returns true when
   * a safety property fails (see `violation`). A holder whose claim was refused does nothing
   * more. A holder that claimed runs its whole program whatever it is told, because a paused
   * holder does not know it lost the lease.
   */
  step(worker: number, stepIndex: number): boolean {
    const s = this.state;
    const base = GLOBALS + worker * this.perHolder;
    const kind = this.steps[worker][s[base + W_POS]];
    s[base + W_POS] += 1;
    this.current = stepIndex;
    this.lastChanged = 0;
    this.lastOutcome = null;
    if (s[base + W_STOPPED] === 1) return false;
    switch (kind) {
      case 'pause':
        s[G_CLOCK] += this.bound.pauseSeconds;
        return false;
      case 'claim-read': {
        const p = this.st.claimRead![worker];
        this.bindFor(p, worker);
        if (p.stmt.step()) {
          const row = p.stmt.get();
          for (let k = 0; k < this.seenNames.length; k++) s[base + W_SEEN + k] = Number(row[k]);
          this.lastChanged = 1;
        } else {
          s[base + W_STOPPED] = 1;
        }
        p.stmt.reset();
        return false;
      }
      case 'claim':
        return this.runClaim(worker, base);
      case 'cancel':
        return this.runCancel(worker, base);
      case 'write-check': {
        const p = this.st.writeCheck![worker];
        this.bindFor(p, worker);
        const ok = p.stmt.step();
        p.stmt.reset();
        s[base + W_CHECK] = ok ? 1 : 0;
        this.lastChanged = ok ? 1 : 0;
        return false;
      }
      case 'write':
        s[base + W_BATCH] += 1;
        // With a worker-side check, a holder that saw it lost its token does not write.
        if (this.st.writeCheck && s[base + W_CHECK] !== 1) {
          this.lastChanged = -1;
          return false;
        }
        return this.landed(worker, this.st.writeReport[worker], 'report', 'report write');
      case 'send':
        return this.landed(worker, this.st.sendGateway[worker], 'gateway', 'gateway call');
      case 'renew':
        return this.landed(worker, this.st.renew[worker], 'run row', 'renewal');
      case 'finish': {
        const changed = this.runWrite(this.st.finish[worker], worker);
        this.lastChanged = changed;
        if (changed === 0) {
          // 0 rows is not always a refusal: this holder's own finish may already have landed.
          const mine =
            this.finishIdentifies &&
            s[G_STATUS] === DONE_CODE &&
            s[G_FENCE] === s[base + W_TOKEN] &&
            s[base + W_GEN] === s[G_GEN];
          this.lastOutcome = mine ? 'duplicate' : 'refused';
          return false;
        }
        this.lastOutcome = 'applied';
        if (this.checkStaleWrite(worker, 'run row', 'finish')) return true;
        s[G_FINISHES] += 1;
        if (finishedTwice(s[G_FINISHES])) {
          return this.fail(
            'second-finish',
            `A second finish succeeded: the run was completed ${s[G_FINISHES]} times.`,
            'run row',
          );
        }
        return this.checkRow();
      }
    }
  }

  /** Runs the registration event for the holder's token (after its claim, or a fenced cancel). */
  private registerGeneration(worker: number): void {
    if (this.st.register) this.runWrite(this.st.register, worker);
  }

  private runCancel(worker: number, base: number): boolean {
    const s = this.state;
    const p = this.st.cancel;
    this.bindFor(p, worker);
    let rows = 0;
    let fence = 0;
    while (p.stmt.step()) {
      rows += 1;
      fence = Number(p.stmt.get()[0]);
    }
    this.lastChanged = rows;
    this.lastOutcome = rows > 0 ? 'applied' : 'refused';
    if (rows === 0) return false;
    this.writes += 1;
    // A cancel begins a newer generation for property 1, whether or not the design fences it.
    s[G_GEN] += 1;
    if (fence > s[G_FENCE]) {
      s[base + W_TOKEN] = fence;
      this.registerGeneration(worker);
    }
    return this.checkRow();
  }

  private runClaim(worker: number, base: number): boolean {
    const s = this.state;
    const p = this.st.claim[worker];
    this.bindFor(p, worker);
    const stmt = p.stmt;
    let rows = 0;
    let token = 0;
    while (stmt.step()) {
      rows += 1;
      if (rows === 1) token = Number(stmt.get()[this.st.claimTokenColumn]);
    }
    this.lastChanged = rows;
    this.lastOutcome = rows === 1 ? 'applied' : 'refused';
    if (rows > 0) this.writes += 1;
    if (rows !== 1) {
      s[base + W_STOPPED] = 1;
      return false;
    }
    const statusBefore = s[G_STATUS];
    s[G_GEN] += 1;
    s[base + W_GEN] = s[G_GEN];
    s[base + W_TOKEN] = token;
    // The new holder registers its generation, and acts only once that is acknowledged.
    this.registerGeneration(worker);
    if (claimedFinal(isFinalCode(statusBefore))) {
      return this.fail(
        'final-claimed',
        `A run in a final state was claimed again (by ${this.owners[worker]}, token ${token}).`,
        'run row',
      );
    }
    const others: number[] = [];
    for (let other = 0; other < this.owners.length; other++) {
      const ob = GLOBALS + other * this.perHolder;
      if (other !== worker && s[ob + W_GEN] > 0) others.push(s[ob + W_TOKEN]);
    }
    if (sharesToken(token, others)) {
      const other = this.owners.findIndex(
        (_, o) =>
          o !== worker &&
          s[GLOBALS + o * this.perHolder + W_GEN] > 0 &&
          s[GLOBALS + o * this.perHolder + W_TOKEN] === token,
      );
      return this.fail(
        'shared-token',
        `Two claims hold the same token ${token}: ${this.label(other)} and ${this.label(worker)}.`,
        'run row',
      );
    }
    return this.checkRow();
  }
}
