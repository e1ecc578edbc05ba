import type { PreparingDriver } from '@/lib/sqlite';
import { fencedDesign } from './designs';
import { StatementBinding, type BoundSql, type StepHolder } from './step-prepared-bind';
import type { LeaseDesign } from './types';

export { emptyHolder, type StepHolder } from './step-prepared-bind';

/*
 * The prepared form of the lease step, for a search that runs one design's writes millions of
 * times (the checker): every statement of the design and its targets is prepared once, per
 * holder where it binds the owner, and each write then binds only the holder's numbers and
 * runs. It returns what the statement did (rows changed or returned, the token, the kept
 * columns) and reads the run row back; it does not decide an outcome: the search needs only
 * whether a write changed anything, and a differential property test holds it to `step`
 * (lib/checker/step-differential.test.ts). No other module prepares a design's statements.
 */

/** What the run row holds after a write: its fence and status (status null: no row). */
export interface PreparedRow {
  fence: number;
  status: string | null;
}

/**
 * The columns a design's claim read returns (none: its claim is one statement), which its claim
 * may bind by name; `db` holds the design's tables. Nothing is run.
 */
export function claimReadColumns(db: PreparingDriver, design: LeaseDesign): string[] {
  if (!design.claimRead) return [];
  const read = db.prepare(design.claimRead);
  try {
    return read.getColumnNames();
  } finally {
    read.free();
  }
}

/** A design's writes, prepared for a fixed set of holders, stepped one statement at a time. */
export class PreparedStep {
  /** How many statements have changed the database so far (a branch that changed nothing needs no rollback). */
  writes = 0;
  /** The token the last claim returned, or the fence the last cancel set. */
  returned = 0;
  /** The names of the values a holder keeps: the claim read's columns, then its claim's. */
  readonly keptNames: readonly string[];
  /** True when the design has the worker check before each write. */
  readonly hasWriteCheck: boolean;

  private readonly binding: StatementBinding;
  private readonly claimRead_: BoundSql[] | null;
  private readonly claim_: BoundSql[];
  private readonly claimToken: number;
  /** The claim's other returned columns: column, kept slot (pairs). */
  private readonly claimKept: Int32Array;
  private readonly renew_: BoundSql[];
  private readonly finish_: BoundSql[];
  private readonly cancel_: BoundSql;
  private readonly register_: BoundSql | null;
  private readonly writeCheck_: BoundSql[] | null;
  private readonly writeReport_: BoundSql[];
  private readonly sendGateway_: BoundSql[];
  private readonly readRun_: BoundSql;
  private readonly readFence: number;
  private readonly readStatus: number;
  private readonly snapshot_: BoundSql;

  /**
   * Prepares every statement the design runs for `owners` (one holder each) on `db`, which
   * already holds the design's tables. The claim read's columns are known once it is prepared,
   * which the claim binds by name; then the claim's returned columns beside the token, which
   * renew and finish may bind by name.
   */
  constructor(
    private readonly db: PreparingDriver,
    design: LeaseDesign,
    owners: readonly string[],
    constants: { run: string; lease: number },
    /** The values of holder `worker` as they are now: asked for at each bind. */
    private readonly holderOf: (worker: number) => StepHolder,
  ) {
    const targets = design.targets ?? fencedDesign.targets!;
    const kept: string[] = [];
    const binding = new StatementBinding(db, kept, constants);
    this.binding = binding;
    const perHolder = (sql: string) => binding.perHolder(sql, owners);
    this.claimRead_ = design.claimRead ? perHolder(design.claimRead) : null;
    const readNames = this.claimRead_ ? this.claimRead_[0].stmt.getColumnNames() : [];
    kept.push(...readNames);
    binding.readColumns = readNames.length;
    // A holder's renew and finish compare nothing read (the step gives them no read, as the
    // timeline does): a value as read there is NULL and matches no row, never the claim's read.
    const unread = (sql: string) =>
      binding.perHolder(sql, owners, Object.fromEntries(readNames.map((n) => [n, null])));
    this.claim_ = perHolder(design.claim);
    const claimColumns = this.claim_[0].stmt.getColumnNames();
    this.claimToken = claimColumns.indexOf('token');
    if (this.claimToken < 0)
      throw new Error('The claim must return the new token as a column named token.');
    // Every other column the claim returns is kept by the holder and bound by name later
    // ($attempt, $claimed_at: what its own claim left in the row).
    const claimKept: number[] = [];
    claimColumns.forEach((name, column) => {
      if (column === this.claimToken || kept.includes(name)) return;
      claimKept.push(column, kept.length);
      kept.push(name);
    });
    this.claimKept = Int32Array.from(claimKept);
    this.keptNames = kept;
    this.renew_ = unread(design.renew);
    this.finish_ = unread(design.finish);
    this.cancel_ = binding.prepare(design.cancel);
    this.register_ = targets.register ? binding.prepare(targets.register) : null;
    this.writeCheck_ = targets.workerCheck ? perHolder(targets.workerCheck) : null;
    this.hasWriteCheck = this.writeCheck_ !== null;
    this.writeReport_ = perHolder(targets.writeReport);
    this.sendGateway_ = perHolder(targets.sendGateway);
    this.readRun_ = binding.prepare(design.read);
    const readColumns = this.readRun_.stmt.getColumnNames();
    this.readFence = readColumns.indexOf('fence');
    this.readStatus = readColumns.indexOf('status');
    this.snapshot_ = binding.prepare(targets.snapshot);
  }

  /** Frees every prepared statement (the database stays open). */
  dispose(): void {
    this.binding.dispose();
  }

  /** Every target's content as one string (the design's snapshot query). */
  snapshot(): string {
    const p = this.snapshot_;
    this.bind(p, 0);
    p.stmt.step();
    const snapshot = String(p.stmt.get()[0]);
    p.stmt.reset();
    return snapshot;
  }

  /** The run row's fence and status. */
  readRun(): PreparedRow {
    const p = this.readRun_;
    this.bind(p, 0);
    if (!p.stmt.step()) {
      p.stmt.reset();
      return { fence: 0, status: null };
    }
    const row = p.stmt.get();
    p.stmt.reset();
    return { fence: Number(row[this.readFence]), status: String(row[this.readStatus]) };
  }

  /**
   * The lock-free read before a claim: keeps its columns in the holder's kept values, for the
   * claim to bind. False when it returned no row.
   */
  claimRead(worker: number): boolean {
    const p = this.claimRead_![worker];
    const { kept, keptAt } = this.bind(p, worker);
    const found = p.stmt.step();
    if (found) {
      const row = p.stmt.get();
      for (let k = 0; k < row.length; k++) kept[keptAt + k] = Number(row[k]);
    }
    p.stmt.reset();
    return found;
  }

  /** The worker-side check before a write: true when it returned a row. */
  writeCheck(worker: number): boolean {
    const p = this.writeCheck_![worker];
    this.bind(p, worker);
    const ok = p.stmt.step();
    p.stmt.reset();
    return ok;
  }

  /** Runs the holder's claim and returns its rows; the first row's token goes to `returned`. */
  claim(worker: number): number {
    const p = this.claim_[worker];
    const { kept, keptAt } = this.bind(p, worker);
    const stmt = p.stmt;
    let rows = 0;
    while (stmt.step()) {
      rows += 1;
      if (rows > 1) continue;
      const row = stmt.get();
      this.returned = Number(row[this.claimToken]);
      const pairs = this.claimKept;
      for (let i = 0; i < pairs.length; i += 2) kept[keptAt + pairs[i + 1]] = Number(row[pairs[i]]);
    }
    if (rows > 0) this.writes += 1;
    return rows;
  }

  /** Runs the cancel and returns its rows; the last row's fence goes to `returned`. */
  cancel(worker: number): number {
    const stmt = this.cancel_.stmt;
    this.bind(this.cancel_, worker);
    let rows = 0;
    while (stmt.step()) {
      rows += 1;
      this.returned = Number(stmt.get()[0]);
    }
    if (rows > 0) this.writes += 1;
    return rows;
  }

  /** The holder's report write; returns the rows it changed. */
  writeReport(worker: number): number {
    return this.runWrite(this.writeReport_[worker], worker);
  }

  /** The holder's gateway call; returns the rows it changed. */
  sendGateway(worker: number): number {
    return this.runWrite(this.sendGateway_[worker], worker);
  }

  /** The holder's renewal; returns the rows it changed. */
  renew(worker: number): number {
    return this.runWrite(this.renew_[worker], worker);
  }

  /** The holder's finish; returns the rows it changed. */
  finish(worker: number): number {
    return this.runWrite(this.finish_[worker], worker);
  }

  /** Registers the holder's token with the fenced targets, if the design has a registration. */
  register(worker: number): void {
    if (this.register_) this.runWrite(this.register_, worker);
  }

  /** Binds a statement for holder `worker` as it is now; returns the holder's values. */
  private bind(p: BoundSql, worker: number): StepHolder {
    const holder = this.holderOf(worker);
    this.binding.bind(p, holder);
    return holder;
  }

  /** Runs a writing statement to its end and returns the rows it changed. */
  private runWrite(p: BoundSql, worker: number): number {
    this.bind(p, worker);
    const stmt = p.stmt;
    while (stmt.step()) {
      // RETURNING rows, if the learner added any: the change count is what matters.
    }
    // No reset here: the statement ran to completion, and bind() resets it before its next run.
    const changed = this.db.getRowsModified();
    if (changed > 0) this.writes += 1;
    return changed;
  }
}
