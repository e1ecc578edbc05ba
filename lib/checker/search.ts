import type { Database, SqlJsStatic, Statement } from 'sql.js';
import { ownerNamesInterchangeable, type LeaseDesign } from '@/lib/lease';
import { interleavings } from './bound';
import { traceSchedule } from './trace';
import { ScheduleMachine, setupDatabase } from './machine';
import { namesAsCharacters, StateKeys } from './symmetry';
import type { Bound, CheckerVerdict, SearchProgress, Violation } from './types';

export interface SearchOptions {
  /**
   * Skip a state already explored (same database content, clock, positions, tokens and
   * generations) and count its schedules without running them. Sound because the future of a
   * schedule depends on nothing else (see search.test.ts).
   */
  stateCache?: boolean;
  /**
   * With the state cache: reduce by what cannot matter (default true). A holder whose claim was
   * refused runs nothing more, so its remaining steps are not interleaved (they are counted)
   * and its position is left out of the key; holders that run the same program are
   * interchangeable, so states that differ only by which of them is where share a key
   * (symmetry.ts says when names may be swapped). Exact: the same verdicts and counterexamples
   * (search.test.ts compares the two over random designs).
   */
  reduce?: boolean;
  /** Called now and then with how far the search got. */
  onProgress?: (progress: SearchProgress) => void;
  /** Polled now and then; returning true stops the search with verdict 'stopped'. */
  shouldStop?: () => boolean;
  /** How many steps between progress calls. */
  progressEvery?: number;
}

class Stop extends Error {}

/** Runs a statement that returns no rows (SAVEPOINT, ROLLBACK TO, RELEASE), ready to run again. */
function runOnce(stmt: Statement): void {
  stmt.step();
  stmt.reset();
}

/**
 * One savepoint of the search, at one tree level: opened before the first step that can write,
 * rolled back when a step wrote, released when its level is done. A chain (one holder alone
 * has steps left) uses its root level's scope for all its steps and is undone once, at the end.
 */
class UndoScope {
  /** Whether the savepoint is open. */
  opened = false;
  /** Whether a step since the last rollback changed the database. */
  dirty = false;
  private readonly save: Statement;
  private readonly rollback: Statement;
  private readonly release: Statement;

  constructor(db: Database, depth: number) {
    this.save = db.prepare(`SAVEPOINT level_${depth}`);
    this.rollback = db.prepare(`ROLLBACK TO level_${depth}`);
    this.release = db.prepare(`RELEASE level_${depth}`);
  }

  /** Opens the savepoint, unless it is open already. */
  open(): void {
    if (this.opened) return;
    runOnce(this.save);
    this.opened = true;
  }

  /** Rolls back to the savepoint, if a step wrote since it was opened or last rolled back. */
  undo(): void {
    if (!this.dirty) return;
    runOnce(this.rollback);
    this.dirty = false;
  }

  /** Undoes what is left and releases the savepoint, if it was opened. */
  close(): void {
    this.undo();
    if (!this.opened) return;
    runOnce(this.release);
    this.opened = false;
  }

  free(): void {
    this.save.free();
    this.rollback.free();
    this.release.free();
  }
}

/**
 * Explores every interleaving of the bound's workers depth first, against one sql.js database:
 * each tree level opens a SAVEPOINT and every branch is undone with ROLLBACK TO, so a shared
 * prefix runs once. Finds the shortest violating schedule (the first in search order among the
 * shortest), or proves the design safe within the bound.
 */
export function checkDesign(
  SQL: SqlJsStatic,
  design: LeaseDesign,
  bound: Bound,
  options: SearchOptions = {},
): CheckerVerdict {
  const started = performance.now();
  const db = new SQL.Database();
  try {
    setupDatabase(db, design);
    const reduce = options.stateCache === true && options.reduce !== false;
    const renameNames = reduce && ownerNamesInterchangeable(design);
    // Interchangeable names become characters the key can rename (the trace uses the real bound).
    const machine = new ScheduleMachine(db, design, renameNames ? namesAsCharacters(bound) : bound);
    const lengths = machine.steps.map((s) => s.length);
    const workers = lengths.length;
    const totalSteps = lengths.reduce((a, b) => a + b, 0);
    const total = interleavings(lengths);
    const remaining = new Array<number>(workers).fill(0);
    const leavesFrom = (extraWorker = -1): number => {
      for (let w = 0; w < workers; w++)
        remaining[w] = lengths[w] - machine.position(w) - (w === extraWorker ? 1 : 0);
      return interleavings(remaining);
    };

    const levels = Array.from({ length: totalSteps + 1 }, (_, d) => new UndoScope(db, d));
    const saved = Array.from(
      { length: totalSteps + 1 },
      () => new Float64Array(machine.state.length),
    );
    const path = new Int32Array(totalSteps);
    const cache = options.stateCache ? new Map<string, number>() : null;
    const keys = reduce
      ? new StateKeys(machine.steps, machine.owners, machine.perHolder, renameNames)
      : null;
    const every = options.progressEvery ?? 16_384;

    let best: number[] | null = null;
    let bestViolation: Violation | null = null;
    let explored = 0;
    let covered = 0;
    let steps = 0;
    let cacheHits = 0;
    let nextReport = every;

    const report = () => {
      nextReport = steps + every;
      if (options.shouldStop?.()) throw new Stop();
      options.onProgress?.({ covered, total, explored, steps });
    };

    // The targets' snapshot at each depth: a step that wrote nothing leaves it as it was, so the
    // child reuses its parent's instead of querying again.
    const snapshots: (string | null)[] = new Array<string | null>(totalSteps + 1).fill(null);
    // The undo scope of the chain being run, if any: its root level's.
    let chain: UndoScope | null = null;
    // With the reduction, a stopped holder's steps are not branched on while another holder has
    // steps to run: every schedule through one is a schedule without it plus steps that do
    // nothing, so its subtree is decided by its siblings (and a shortest counterexample never
    // contains one). Its schedules are counted as explored.
    const skipped = (w: number): boolean => reduce && machine.isStopped(w);
    const visit = (depth: number): void => {
      if (depth === totalSteps) {
        explored += 1;
        covered += 1;
        return;
      }
      if (best !== null && depth + 1 >= best.length) {
        covered += leavesFrom();
        return;
      }
      // The holders this level branches on.
      let live = 0;
      for (let w = 0; w < workers; w++)
        if (machine.position(w) < lengths[w] && !skipped(w)) live += 1;
      if (live === 0) {
        // Only stopped holders have steps left: every remaining schedule does nothing more.
        const n = leavesFrom();
        explored += n;
        covered += n;
        return;
      }
      if (cache) {
        const snapshot = snapshots[depth] ?? machine.snapshot();
        snapshots[depth] = snapshot;
        const key = keys ? keys.key(machine.state, snapshot) : machine.stateKey(snapshot);
        const seenAt = cache.get(key);
        if (seenAt !== undefined && seenAt <= depth) {
          const n = leavesFrom();
          cacheHits += 1;
          covered += n;
          explored += n;
          return;
        }
        cache.set(key, depth);
      }
      const state = machine.state;
      const before = saved[depth];
      before.set(state);
      // Once one holder alone has steps to branch on, the rest of the schedule is a chain with
      // no branches: its first level (the root) undoes the whole chain once, at its end.
      const root = chain === null && live === 1;
      if (root) chain = levels[depth];
      const inChain = chain !== null;
      const scope = chain ?? levels[depth];
      for (let w = 0; w < workers; w++) {
        if (machine.position(w) >= lengths[w]) continue;
        if (best !== null && depth + 1 >= best.length) {
          covered += leavesFrom(w);
          continue;
        }
        if (skipped(w)) {
          const n = leavesFrom(w);
          covered += n;
          explored += n;
          continue;
        }
        path[depth] = w;
        steps += 1;
        // The savepoint opens before the first child step that can write: a level whose children
        // only pause, read or check needs none (each deeper level undoes its own writes).
        if (!scope.opened && machine.mayWrite(w)) scope.open();
        const writesBefore = machine.writes;
        const violated = machine.step(w, depth);
        const wrote = machine.writes !== writesBefore;
        if (violated) {
          best = Array.from(path.subarray(0, depth + 1));
          bestViolation = machine.violation;
          covered += leavesFrom();
        } else {
          snapshots[depth + 1] = wrote ? null : snapshots[depth];
          visit(depth + 1);
        }
        // A step that changed nothing needs no rollback: its subtree has undone its own writes.
        // A chain's steps are undone together, when its root is done.
        if (wrote) {
          scope.dirty = true;
          if (!inChain) scope.undo();
        }
        state.set(before);
        if (steps >= nextReport) report();
      }
      // A level closes the scope it owns: its own, or the chain's when it is the chain's root.
      if (root || !inChain) scope.close();
      if (root) chain = null;
    };

    db.exec('BEGIN');
    let stopped = false;
    try {
      visit(0);
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      stopped = true;
    }
    for (const level of levels) level.free();
    machine.dispose();
    const ms = performance.now() - started;
    const result: CheckerVerdict = {
      designId: design.id,
      verdict: stopped ? 'stopped' : best ? 'unsafe' : 'safe',
      total,
      explored,
      covered,
      steps,
      cacheHits,
      ms,
    };
    if (best && bestViolation) {
      result.counterexample = traceSchedule(SQL, design, bound, best);
    }
    return result;
  } finally {
    db.close();
  }
}
