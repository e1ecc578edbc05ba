import type { Database, SqlValue, Statement } from 'sql.js';
import { fencedTargets, type LeaseDesign } from '@/lib/lease';
import { expandPrograms } from './bound';
import { inlineConstants, scanParams } from './params';
import type { Bound, ProtectedTarget, StepKind, Violation, ViolationKind } from './types';

// Where a bound parameter's value comes from; SEEN + k is the k-th column of the claim read.
const RUN = 0;
const OWNER = 1;
const NOW = 2;
const LEASE = 3;
const TOKEN = 4;
const BATCH = 5;
const SEEN = 6;
const UNKNOWN = -1;

// Layout of the search state: a few globals, then one block per worker. Everything the future
// of a schedule depends on, besides the database, lives here, so saving and restoring it is one
// typed-array copy.
const G_CLOCK = 0;
const G_GEN = 1; // generations issued so far (successful claims)
const G_FINISHES = 2;
const G_FENCE = 3; // the run row's fence after the last change
const G_STATUS = 4; // the run row's status code after the last change
const GLOBALS = 5;
const W_POS = 0;
const W_TOKEN = 1;
const W_GEN = 2;
const W_STOPPED = 3;
const W_BATCH = 4;
const W_CHECK = 5;
const W_SEEN = 6;

const STATUS_CODE: Record<string, number> = {
  queued: 0,
  running: 1,
  done: 2,
  canceled: 3,
  failed: 4,
};
const FINAL_CODE_MIN = 2;

/** A statement prepared once and bound by position, with where each parameter's value comes from. */
interface Prepared {
  stmt: Statement;
  sources: Int32Array;
  values: SqlValue[];
}

/** Creates a design's tables and enqueues the run, on a fresh database. */
export function setupDatabase(db: Database, design: LeaseDesign, runId = 'r'): void {
  const targets = design.targets ?? fencedTargets;
  db.exec(design.schema);
  db.exec(targets.schema);
  db.run(design.submit, { $run: runId, ':run': runId, '@run': runId });
  db.run(targets.submit, { $run: runId, ':run': runId, '@run': runId });
}

/**
 * Runs one schedule step at a time against a database that already holds the design's tables,
 * and checks the four safety properties after every step. The search saves and restores `state`
 * around each step (the database side is restored by the caller with SAVEPOINT / ROLLBACK TO).
 */
export class ScheduleMachine {
  /** Each worker's atomic steps. */
  readonly steps: StepKind[][];
  /** Everything but the database: clock, generations, finishes, and each worker's position and token. */
  readonly state: Float64Array;
  /** The violation found by the last step that returned true. */
  violation: Violation | null = null;
  /** After each step: rows the statement changed or returned (for traces). */
  lastChanged = 0;
  /**
   * How many steps have changed the database so far. The search compares it before and after a
   * branch: a branch that changed nothing needs no ROLLBACK TO.
   */
  writes = 0;

  private readonly perWorker: number;
  private readonly owners: string[];
  private readonly seenNames: string[];
  // One prepared statement per worker for each operation: the worker's owner name, the run id
  // and the lease length are written into it, so each step binds only numbers.
  private readonly claimRead: Prepared[] | null;
  private readonly claim: Prepared[];
  private readonly claimTokenColumn: number;
  private readonly renew: Prepared[];
  private readonly finish: Prepared[];
  private readonly writeCheck: Prepared[] | null;
  private readonly writeReport: Prepared[];
  private readonly sendGateway: Prepared[];
  private readonly readRun: Prepared;
  private readonly readFence: number;
  private readonly readStatus: number;
  private readonly snapshotStmt: Prepared;
  private readonly prepared: Prepared[] = [];
  private current = 0;

  constructor(
    private readonly db: Database,
    readonly design: LeaseDesign,
    readonly bound: Bound,
    private readonly runId = 'r',
  ) {
    const targets = design.targets ?? fencedTargets;
    this.steps = expandPrograms(bound, design);
    this.owners = bound.workers.map((w) => w.owner);
    this.claimRead = design.claimRead ? this.perWorkerStatements(design.claimRead) : null;
    this.seenNames = this.claimRead ? this.claimRead[0].stmt.getColumnNames() : [];
    // The claim binds the read's columns by name, so they are known before it is prepared.
    this.claim = this.perWorkerStatements(design.claim);
    this.claimTokenColumn = this.claim[0].stmt.getColumnNames().indexOf('token');
    if (this.claimTokenColumn < 0)
      throw new Error('The claim must return the new token as a column named token.');
    this.renew = this.perWorkerStatements(design.renew);
    this.finish = this.perWorkerStatements(design.finish);
    this.writeCheck = targets.workerCheck ? this.perWorkerStatements(targets.workerCheck) : null;
    this.writeReport = this.perWorkerStatements(targets.writeReport);
    this.sendGateway = this.perWorkerStatements(targets.sendGateway);
    this.readRun = this.prepare(inlineConstants(design.read, { run: runId }));
    const readColumns = this.readRun.stmt.getColumnNames();
    this.readFence = readColumns.indexOf('fence');
    this.readStatus = readColumns.indexOf('status');
    this.snapshotStmt = this.prepare(inlineConstants(targets.snapshot, { run: runId }));
    this.perWorker = W_SEEN + this.seenNames.length;
    this.state = new Float64Array(GLOBALS + this.perWorker * this.owners.length);
    this.reset();
  }

  private sourcesOf(names: string[]): Int32Array {
    return Int32Array.from(names, (name) => {
      switch (name) {
        case 'run':
          return RUN;
        case 'owner':
          return OWNER;
        case 'now':
          return NOW;
        case 'lease':
          return LEASE;
        case 'token':
          return TOKEN;
        case 'batch':
          return BATCH;
        default: {
          const k = this.seenNames ? this.seenNames.indexOf(name) : -1;
          return k >= 0 ? SEEN + k : UNKNOWN;
        }
      }
    });
  }

  private perWorkerStatements(sql: string): Prepared[] {
    const byOwner = new Map<string, Prepared>();
    return this.owners.map((owner) => {
      let p = byOwner.get(owner);
      if (!p) {
        p = this.prepare(
          inlineConstants(sql, { owner, run: this.runId, lease: this.bound.leaseSeconds }),
        );
        byOwner.set(owner, p);
      }
      return p;
    });
  }

  private prepare(sql: string): Prepared {
    const stmt = this.db.prepare(sql);
    const names = scanParams(sql).names;
    const p: Prepared = {
      stmt,
      sources: this.sourcesOf(names),
      values: new Array<SqlValue>(names.length).fill(null),
    };
    this.prepared.push(p);
    return p;
  }

  /** Frees every prepared statement (the database stays open). */
  dispose(): void {
    for (const p of this.prepared) p.stmt.free();
    this.prepared.length = 0;
  }

  /** Puts every worker back at the start of its program (the database is not touched). */
  reset(): void {
    const s = this.state;
    s.fill(0);
    const row = this.readRow();
    s[G_FENCE] = row.fence;
    s[G_STATUS] = row.status;
  }

  /** The worker's position in its program. */
  position(worker: number): number {
    return this.state[GLOBALS + worker * this.perWorker + W_POS];
  }

  /** The token a worker holds (0 before its claim). */
  tokenOf(worker: number): number {
    return this.state[GLOBALS + worker * this.perWorker + W_TOKEN];
  }

  /** True once the worker's claim was refused: it runs nothing more. */
  isStopped(worker: number): boolean {
    return this.state[GLOBALS + worker * this.perWorker + W_STOPPED] === 1;
  }

  /** The clock, in database seconds. */
  get now(): number {
    return this.state[G_CLOCK];
  }

  /** The whole state as a string: the search state and every target's content. For the state cache. */
  stateKey(): string {
    const p = this.snapshotStmt;
    this.bindValues(p, 0);
    p.stmt.bind(p.values);
    p.stmt.step();
    const snapshot = String(p.stmt.get()[0]);
    p.stmt.reset();
    return `${this.state.join(',')}|${snapshot}`;
  }

  private bindValues(p: Prepared, worker: number): void {
    const s = this.state;
    const base = GLOBALS + worker * this.perWorker;
    const { sources, values } = p;
    for (let i = 0; i < sources.length; i++) {
      const src = sources[i];
      values[i] =
        src === RUN
          ? this.runId
          : src === OWNER
            ? this.owners[worker]
            : src === NOW
              ? s[G_CLOCK]
              : src === LEASE
                ? this.bound.leaseSeconds
                : src === TOKEN
                  ? s[base + W_TOKEN]
                  : src === BATCH
                    ? s[base + W_BATCH]
                    : src >= SEEN
                      ? s[base + W_SEEN + src - SEEN]
                      : null;
    }
  }

  /** Runs a writing statement to its end and returns the rows it changed. */
  private runWrite(p: Prepared, worker: number): number {
    this.bindValues(p, worker);
    const stmt = p.stmt;
    stmt.bind(p.values);
    while (stmt.step()) {
      // RETURNING rows, if the learner added any: the change count is what matters.
    }
    // No reset here: the statement ran to completion (it holds nothing), and bind() resets it
    // before its next run.
    const changed = this.db.getRowsModified();
    if (changed > 0) this.writes += 1;
    return changed;
  }

  private readRow(): { fence: number; status: number } {
    const p = this.readRun;
    this.bindValues(p, 0);
    p.stmt.bind(p.values);
    if (!p.stmt.step()) {
      p.stmt.reset();
      return { fence: 0, status: -1 };
    }
    const row = p.stmt.get();
    p.stmt.reset();
    return {
      fence: Number(row[this.readFence]),
      status: STATUS_CODE[String(row[this.readStatus])] ?? 5,
    };
  }

  private fail(kind: ViolationKind, message: string, target?: ProtectedTarget): true {
    const property =
      kind === 'stale-write' ? 1 : kind === 'final-claimed' ? 3 : kind === 'second-finish' ? 4 : 2;
    this.violation = { property, kind, atStep: this.current, target, message };
    return true;
  }

  /** After a change: the fence may never go down. */
  private checkRow(): boolean {
    const row = this.readRow();
    const before = this.state[G_FENCE];
    this.state[G_FENCE] = row.fence;
    this.state[G_STATUS] = row.status;
    if (row.fence < before)
      return this.fail('fence-shrank', `The fence went down from ${before} to ${row.fence}.`);
    return false;
  }

  private checkStaleWrite(worker: number, target: ProtectedTarget, what: string): boolean {
    const s = this.state;
    const gen = s[GLOBALS + worker * this.perWorker + W_GEN];
    if (gen < s[G_GEN]) {
      return this.fail(
        'stale-write',
        `${this.bound.workers[worker].label ?? this.owners[worker]}'s ${what} landed at the ${target} with token ${s[GLOBALS + worker * this.perWorker + W_TOKEN]}, after a newer claim (generation ${s[G_GEN]}) had succeeded.`,
        target,
      );
    }
    return false;
  }

  /**
   * Runs the next step of `worker` as step number `stepIndex` of the schedule. Returns true when
   * a safety property fails (see `violation`). A worker whose claim was refused does nothing
   * more: it has nothing to run. A worker that claimed runs its whole program whatever it is
   * told, because a paused worker does not know it lost the lease.
   */
  step(worker: number, stepIndex: number): boolean {
    const s = this.state;
    const base = GLOBALS + worker * this.perWorker;
    const kind = this.steps[worker][s[base + W_POS]];
    s[base + W_POS] += 1;
    this.current = stepIndex;
    this.lastChanged = 0;
    if (s[base + W_STOPPED] === 1) return false;
    switch (kind) {
      case 'pause':
        s[G_CLOCK] += this.bound.pauseSeconds;
        return false;
      case 'claim-read': {
        const p = this.claimRead![worker];
        this.bindValues(p, worker);
        p.stmt.bind(p.values);
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
      case 'write-check': {
        const p = this.writeCheck![worker];
        this.bindValues(p, worker);
        p.stmt.bind(p.values);
        const ok = p.stmt.step();
        p.stmt.reset();
        s[base + W_CHECK] = ok ? 1 : 0;
        this.lastChanged = ok ? 1 : 0;
        return false;
      }
      case 'write': {
        s[base + W_BATCH] += 1;
        // With a worker-side check, a worker that saw it lost its token does not write.
        if (this.writeCheck && s[base + W_CHECK] !== 1) {
          this.lastChanged = -1;
          return false;
        }
        const changed = this.runWrite(this.writeReport[worker], worker);
        this.lastChanged = changed;
        if (changed === 0) return false;
        return this.checkStaleWrite(worker, 'report', 'report write') || this.checkRow();
      }
      case 'send': {
        const changed = this.runWrite(this.sendGateway[worker], worker);
        this.lastChanged = changed;
        if (changed === 0) return false;
        return this.checkStaleWrite(worker, 'gateway', 'gateway call') || this.checkRow();
      }
      case 'renew': {
        const changed = this.runWrite(this.renew[worker], worker);
        this.lastChanged = changed;
        if (changed === 0) return false;
        return this.checkStaleWrite(worker, 'run row', 'renewal') || this.checkRow();
      }
      case 'finish': {
        const changed = this.runWrite(this.finish[worker], worker);
        this.lastChanged = changed;
        if (changed === 0) return false;
        if (this.checkStaleWrite(worker, 'run row', 'finish')) return true;
        s[G_FINISHES] += 1;
        if (s[G_FINISHES] > 1)
          return this.fail(
            'second-finish',
            `A second finish succeeded: the run was completed ${s[G_FINISHES]} times.`,
            'run row',
          );
        return this.checkRow();
      }
    }
  }

  private runClaim(worker: number, base: number): boolean {
    const s = this.state;
    const p = this.claim[worker];
    this.bindValues(p, worker);
    const stmt = p.stmt;
    stmt.bind(p.values);
    let rows = 0;
    let token = 0;
    while (stmt.step()) {
      rows += 1;
      if (rows === 1) token = Number(stmt.get()[this.claimTokenColumn]);
    }
    this.lastChanged = rows;
    if (rows > 0) this.writes += 1;
    if (rows !== 1) {
      s[base + W_STOPPED] = 1;
      return false;
    }
    const statusBefore = s[G_STATUS];
    s[G_GEN] += 1;
    s[base + W_GEN] = s[G_GEN];
    s[base + W_TOKEN] = token;
    if (statusBefore >= FINAL_CODE_MIN && statusBefore <= 4) {
      return this.fail(
        'final-claimed',
        `A run in a final state was claimed again (by ${this.owners[worker]}, token ${token}).`,
        'run row',
      );
    }
    for (let other = 0; other < this.owners.length; other++) {
      const ob = GLOBALS + other * this.perWorker;
      if (other !== worker && s[ob + W_GEN] > 0 && s[ob + W_TOKEN] === token) {
        return this.fail(
          'shared-token',
          `Two claims hold the same token ${token}: ${this.bound.workers[other].label ?? this.owners[other]} and ${this.bound.workers[worker].label ?? this.owners[worker]}.`,
          'run row',
        );
      }
    }
    return this.checkRow();
  }
}
