import type { SqlJsStatic } from 'sql.js';
import type { LeaseDesign } from '@/lib/lease';
import { interleavings } from './bound';
import { ScheduleMachine, setupDatabase } from './machine';
import type { Bound, Violation } from './types';

export interface NaiveResult {
  verdict: 'safe' | 'unsafe' | 'stopped';
  total: number;
  /** Schedules run, each on its own fresh database. */
  explored: number;
  ms: number;
  /** The shortest violating schedule found (first in search order among the shortest). */
  shortest?: { schedule: number[]; violation: Violation };
}

/**
 * The baseline the benchmark compares against: every schedule from scratch on a fresh
 * database (create the tables, prepare the statements, run every step), with the same
 * properties checked after every step. Slow on purpose; stops after `budgetMs` if given.
 */
export function naiveCheck(
  SQL: SqlJsStatic,
  design: LeaseDesign,
  bound: Bound,
  budgetMs = Infinity,
): NaiveResult {
  const started = performance.now();
  const lengths = bound.workers.map(() => 0);
  // Program lengths in steps, from a throwaway machine on a throwaway database.
  {
    const db = new SQL.Database();
    setupDatabase(db, design);
    const m = new ScheduleMachine(db, design, bound);
    m.steps.forEach((s, w) => (lengths[w] = s.length));
    m.dispose();
    db.close();
  }
  const totalSteps = lengths.reduce((a, b) => a + b, 0);
  const total = interleavings(lengths);
  const used = lengths.map(() => 0);
  const path: number[] = [];
  let explored = 0;
  let shortest: NaiveResult['shortest'];
  let stopped = false;

  const runOne = (schedule: readonly number[]) => {
    const db = new SQL.Database();
    try {
      setupDatabase(db, design);
      const machine = new ScheduleMachine(db, design, bound);
      for (let i = 0; i < schedule.length; i++) {
        if (machine.step(schedule[i], i)) {
          if (!shortest || i + 1 < shortest.schedule.length) {
            shortest = { schedule: schedule.slice(0, i + 1), violation: machine.violation! };
          }
          break;
        }
      }
      machine.dispose();
    } finally {
      db.close();
    }
  };

  const walk = () => {
    if (stopped) return;
    if (path.length === totalSteps) {
      runOne(path);
      explored += 1;
      if ((explored & 63) === 0 && performance.now() - started > budgetMs) stopped = true;
      return;
    }
    for (let w = 0; w < lengths.length && !stopped; w++) {
      if (used[w] >= lengths[w]) continue;
      used[w] += 1;
      path.push(w);
      walk();
      path.pop();
      used[w] -= 1;
    }
  };
  walk();
  return {
    verdict: stopped ? 'stopped' : shortest ? 'unsafe' : 'safe',
    total,
    explored,
    ms: performance.now() - started,
    shortest,
  };
}
