import type { Database } from 'sql.js';
import type { BindingSource, Prepared, StatementBinder } from './binder';
import { G_CLOCK, GLOBALS, STATUS_CODE, W_BATCH, W_CLAIM_NO, W_SEEN, W_TOKEN } from './state-slots';
import type { MachineStatements } from './statements';

/**
 * The schedule machine's door to the database: runs a design's prepared statements (built by
 * lib/lease, prepared in statements.ts) for one holder, binding the holder's numbers from the
 * search state, and reads back what they return. It decides nothing about the lesson: which
 * statement a step runs, and what its result means, is the machine's job. `constants` are the
 * values written into the statements when they were prepared (the run id, the lease length).
 */
export class StatementRunner {
  /** How many statements have changed the database so far (a branch that changed nothing needs no rollback). */
  writes = 0;
  /** The token the last claim returned, or the fence the last cancel set. */
  returned = 0;
  /** True when the design has the worker check before each write. */
  readonly hasWriteCheck: boolean;

  private readonly src: BindingSource;
  private seenBase = 0;
  /** Columns the claim read keeps (before the claim's returned ones). */
  private readonly readColumns: number;
  /** Whether the holder being bound has claimed. */
  private claimed = false;

  constructor(
    private readonly db: Database,
    private readonly binder: StatementBinder,
    private readonly st: MachineStatements,
    private readonly state: Float64Array,
    private readonly perHolder: number,
    private readonly owners: readonly string[],
    constants: { run: string; lease: number },
  ) {
    this.hasWriteCheck = st.writeCheck !== null;
    this.src = {
      runId: constants.run,
      owner: '',
      now: 0,
      leaseSeconds: constants.lease,
      token: 0,
      batch: 0,
      // A holder that has not claimed has no claim columns of its own to bind (NULL, as the
      // timeline binds them): only its claim read's.
      seen: (k) => (k >= this.readColumns && !this.claimed ? null : this.state[this.seenBase + k]),
    };
    this.readColumns = st.claimRead ? st.claimRead[0].stmt.getColumnNames().length : 0;
  }

  /** Frees every prepared statement (the database stays open). */
  dispose(): void {
    this.binder.dispose();
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

  /** The run row's fence and status code (status -1: no row). */
  readRun(): { fence: number; status: number } {
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

  /**
   * The lock-free read before a claim: keeps its columns in the holder's block of the state, for
   * the claim to bind. False when it returned no row.
   */
  claimRead(worker: number): boolean {
    const p = this.st.claimRead![worker];
    this.bindFor(p, worker);
    const found = p.stmt.step();
    if (found) {
      const row = p.stmt.get();
      const s = this.state;
      for (let k = 0; k < row.length; k++) s[this.seenBase + k] = Number(row[k]);
    }
    p.stmt.reset();
    return found;
  }

  /** The worker-side check before a write: true when it returned a row. */
  writeCheck(worker: number): boolean {
    const p = this.st.writeCheck![worker];
    this.bindFor(p, worker);
    const ok = p.stmt.step();
    p.stmt.reset();
    return ok;
  }

  /** Runs the holder's claim and returns its rows; the first row's token goes to `returned`. */
  claim(worker: number): number {
    const p = this.st.claim[worker];
    this.bindFor(p, worker);
    const stmt = p.stmt;
    let rows = 0;
    while (stmt.step()) {
      rows += 1;
      if (rows > 1) continue;
      const row = stmt.get();
      this.returned = Number(row[this.st.claimTokenColumn]);
      const kept = this.st.claimKept;
      for (let i = 0; i < kept.length; i += 2)
        this.state[this.seenBase + kept[i + 1]] = Number(row[kept[i]]);
    }
    if (rows > 0) this.writes += 1;
    return rows;
  }

  /** Runs the cancel and returns its rows; the last row's fence goes to `returned`. */
  cancel(worker: number): number {
    const p = this.st.cancel;
    this.bindFor(p, worker);
    let rows = 0;
    while (p.stmt.step()) {
      rows += 1;
      this.returned = Number(p.stmt.get()[0]);
    }
    if (rows > 0) this.writes += 1;
    return rows;
  }

  /** The holder's report write; returns the rows it changed. */
  writeReport(worker: number): number {
    return this.runWrite(this.st.writeReport[worker], worker);
  }

  /** The holder's gateway call; returns the rows it changed. */
  sendGateway(worker: number): number {
    return this.runWrite(this.st.sendGateway[worker], worker);
  }

  /** The holder's renewal; returns the rows it changed. */
  renew(worker: number): number {
    return this.runWrite(this.st.renew[worker], worker);
  }

  /** The holder's finish; returns the rows it changed. */
  finish(worker: number): number {
    return this.runWrite(this.st.finish[worker], worker);
  }

  /** Registers the holder's token with the fenced targets, if the design has a registration. */
  register(worker: number): void {
    if (this.st.register) this.runWrite(this.st.register, worker);
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
    this.claimed = s[base + W_CLAIM_NO] > 0;
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
}
