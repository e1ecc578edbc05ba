import type { Database } from 'sql.js';
import { designVocabulary, PreparedStep, type LeaseDesign } from '@/lib/lease';
import { expandPrograms, STEP_WRITES } from './bound';
import {
  G_CLOCK,
  G_FENCE,
  G_FINISHES,
  G_CLAIMS,
  G_STATUS,
  GLOBALS,
  holderView,
  isFinalCode,
  STATUS_CODE,
  W_BATCH,
  W_CHECK,
  W_CLAIM_NO,
  W_POS,
  W_SEEN,
  W_STOPPED,
  W_TOKEN,
} from './state-slots';
import { PropertyChecks } from './property-checks';
import type { Bound, ProtectedTarget, StepKind, Violation } from './types';

export { setupDatabase } from './state-slots';

/**
 * Runs one schedule step at a time against a database that already holds the design's tables,
 * and checks the four safety properties (lib/lease/properties.ts, through property-checks.ts)
 * after every step. The search saves and restores `state` around each step (the database side
 * is restored by the caller with SAVEPOINT / ROLLBACK TO). The design's statements run through
 * lib/lease's prepared step, bound from each holder's numbers here; this class says what each
 * step does to the search state.
 */
export class ScheduleMachine {
  /** Each holder's atomic steps. */
  readonly steps: StepKind[][];
  /** Everything but the database: clock, generations, finishes, and each holder's position and token. */
  readonly state: Float64Array;
  /** The violation found by the last step that returned true. */
  violation: Violation | null = null;
  /**
   * After each step: rows the statement changed or returned (for traces); -1: skipped. What
   * that means for the write (applied, refused, a duplicate) is lib/lease's step to decide: the
   * machine only needs to know whether anything changed, to check the properties after it.
   */
  lastChanged = 0;

  /** How many numbers each holder has in `state`. */
  readonly perHolder: number;
  /** The names of the values each holder keeps from W_SEEN on (claim read, then claim's returns). */
  readonly keptNames: readonly string[];
  /** Each holder's owner name, as its statements bind it. */
  readonly owners: readonly string[];
  private readonly sql: PreparedStep;
  private readonly checks: PropertyChecks;
  private current = 0;

  constructor(
    db: Database,
    readonly design: LeaseDesign,
    readonly bound: Bound,
    runId = 'r',
  ) {
    this.steps = expandPrograms(bound, design);
    this.owners = bound.workers.map((w) => w.owner);
    const constants = { run: runId, lease: bound.leaseSeconds };
    const holderOf = holderView(
      () => this.state,
      this.owners,
      () => this.perHolder,
    );
    this.sql = new PreparedStep(db, design, this.owners, constants, holderOf);
    // The values each holder keeps (claim read, then claim's returns): known once prepared.
    this.keptNames = this.sql.keptNames;
    this.perHolder = W_SEEN + this.keptNames.length;
    this.state = new Float64Array(GLOBALS + this.perHolder * this.owners.length);
    const labels = bound.workers.map((w, i) => w.label ?? this.owners[i]);
    this.checks = new PropertyChecks(this.state, this.perHolder, labels, designVocabulary(design));
    this.reset();
  }

  /** How many steps have changed the database so far (a branch that changed nothing needs no rollback). */
  get writes(): number {
    return this.sql.writes;
  }

  /** Frees every prepared statement (the database stays open). */
  dispose(): void {
    this.sql.dispose();
  }

  /** Puts every holder back at the start of its program (the database is not touched). */
  reset(): void {
    const s = this.state;
    s.fill(0);
    const row = this.readRun();
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
    return STEP_WRITES[this.steps[worker][this.state[base + W_POS]]];
  }

  /** The clock, in database seconds. */
  get now(): number {
    return this.state[G_CLOCK];
  }

  /** Every target's content as one string (the design's snapshot query). */
  snapshot(): string {
    return this.sql.snapshot();
  }

  /**
   * The whole state as a string: the search state and every target's content. For the state
   * cache. `snapshot` may be passed when the database has not changed since it was read.
   */
  stateKey(snapshot: string = this.snapshot()): string {
    return `${this.state.join(',')}|${snapshot}`;
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
    if (s[base + W_STOPPED] === 1) return false;
    switch (kind) {
      case 'pause':
        s[G_CLOCK] += this.bound.pauseSeconds;
        return false;
      case 'claim-read':
        if (this.sql.claimRead(worker)) this.lastChanged = 1;
        else s[base + W_STOPPED] = 1;
        return false;
      case 'claim':
        return this.runClaim(worker, base);
      case 'cancel':
        return this.runCancel(worker, base);
      case 'write-check': {
        const ok = this.sql.writeCheck(worker);
        s[base + W_CHECK] = ok ? 1 : 0;
        this.lastChanged = ok ? 1 : 0;
        return false;
      }
      case 'write':
        s[base + W_BATCH] += 1;
        // With a worker-side check, a holder that saw it lost its token does not write.
        if (this.sql.hasWriteCheck && s[base + W_CHECK] !== 1) {
          this.lastChanged = -1;
          return false;
        }
        return this.afterWrite(worker, this.sql.writeReport(worker), 'report', 'report write');
      case 'send':
        return this.afterWrite(worker, this.sql.sendGateway(worker), 'gateway', 'gateway call');
      case 'renew':
        return this.afterWrite(worker, this.sql.renew(worker), 'run row', 'renewal');
      case 'finish':
        return this.runFinish(worker);
    }
  }

  /** Records a violation a check found; true when there was one. */
  private found(violation: Violation | null): boolean {
    if (violation === null) return false;
    this.violation = violation;
    return true;
  }

  /** The run row's fence and status code (status -1: no row). */
  private readRun(): { fence: number; status: number } {
    const row = this.sql.readRun();
    const status = row.status === null ? -1 : (STATUS_CODE[row.status] ?? 6);
    return { fence: row.fence, status };
  }

  /** After a change: reads the run row into the state, and checks the fence did not go down. */
  private checkRow(): boolean {
    const row = this.readRun();
    const before = this.state[G_FENCE];
    this.state[G_FENCE] = row.fence;
    this.state[G_STATUS] = row.status;
    return this.found(this.checks.fenceShrank(before, row.fence, this.current));
  }

  /** A write step of a fenced target or the run row that changed `changed` rows. */
  private afterWrite(
    worker: number,
    changed: number,
    target: ProtectedTarget,
    what: string,
  ): boolean {
    this.lastChanged = changed;
    if (changed === 0) return false;
    return (
      this.found(this.checks.staleWrite(worker, target, what, this.current)) || this.checkRow()
    );
  }

  private runFinish(worker: number): boolean {
    const s = this.state;
    const changed = this.sql.finish(worker);
    this.lastChanged = changed;
    // 0 rows: refused, or this holder's own finish landed before (a duplicate; step decides).
    if (changed === 0) return false;
    if (this.found(this.checks.staleWrite(worker, 'run row', 'finish', this.current))) return true;
    s[G_FINISHES] += 1;
    return this.found(this.checks.secondFinish(s[G_FINISHES], this.current)) || this.checkRow();
  }

  private runCancel(worker: number, base: number): boolean {
    const s = this.state;
    const rows = this.sql.cancel(worker);
    this.lastChanged = rows;
    if (rows === 0) return false;
    // A cancel begins a newer generation for property 1, whether or not the design fences it.
    s[G_CLAIMS] += 1;
    const fence = this.sql.returned;
    if (fence > s[G_FENCE]) {
      s[base + W_TOKEN] = fence;
      // The cancel's token is registered, so the fenced targets refuse older ones.
      this.sql.register(worker);
    }
    return this.checkRow();
  }

  private runClaim(worker: number, base: number): boolean {
    const s = this.state;
    const rows = this.sql.claim(worker);
    this.lastChanged = rows;
    if (rows !== 1) {
      s[base + W_STOPPED] = 1;
      return false;
    }
    const token = this.sql.returned;
    const statusBefore = s[G_STATUS];
    s[G_CLAIMS] += 1;
    s[base + W_CLAIM_NO] = s[G_CLAIMS];
    s[base + W_TOKEN] = token;
    // The new holder registers its generation, and acts only once that is acknowledged.
    this.sql.register(worker);
    const at = this.current;
    return (
      this.found(
        this.checks.finalClaimed(isFinalCode(statusBefore), this.owners[worker], token, at),
      ) ||
      this.found(this.checks.sharedToken(worker, token, at)) ||
      this.checkRow()
    );
  }
}
