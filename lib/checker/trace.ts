import type { SqlJsStatic } from 'sql.js';
import type { LeaseDesign } from '@/lib/lease';
import { ScheduleMachine, setupDatabase } from './machine';
import type { Bound, Counterexample, StepKind, CheckerStep, Violation } from './types';

/** What each kind of step does, as a phrase. */
export const STEP_ACTION: Record<StepKind, string> = {
  'claim-read': 'reads the row before claiming',
  claim: 'claims',
  pause: 'pauses',
  renew: 'renews',
  'write-check': 'checks its token itself',
  write: 'writes the report',
  send: 'calls the gateway',
  finish: 'finishes',
  cancel: 'cancels the run',
};

function outcome(
  kind: StepKind,
  changed: number,
  token: number,
  now: number,
  stopped: boolean,
  result: string | null,
): string {
  if (stopped) return 'does nothing: its claim was refused';
  if (result === 'duplicate') return 'duplicate: 0 rows changed, its own finish already landed';
  switch (kind) {
    case 'pause':
      return `the clock moves to ${now}`;
    case 'claim-read':
      return changed ? 'sees the run as claimable' : 'sees nothing to claim';
    case 'claim':
      return changed === 1 ? `claimed: token ${token}` : 'refused: 0 rows changed';
    case 'cancel':
      return changed
        ? `canceled: fence now ${token || 'unchanged'}`
        : 'refused: the run is already final';
    case 'write-check':
      return changed ? 'the row still shows its token' : 'sees it lost the run';
    default:
      if (changed < 0) return 'skipped: its own check failed';
      return changed > 0
        ? `landed: ${changed} row${changed === 1 ? '' : 's'} changed`
        : 'refused: 0 rows changed';
  }
}

/**
 * Replays one schedule on a fresh database and records every step with its outcome. Used to
 * turn the search's shortest violating schedule into a counterexample anyone can read, and to
 * confirm that it really breaks the property (the replay must fail at the same step).
 */
export function traceSchedule(
  SQL: SqlJsStatic,
  design: LeaseDesign,
  bound: Bound,
  schedule: readonly number[],
): Counterexample {
  const db = new SQL.Database();
  try {
    setupDatabase(db, design);
    const machine = new ScheduleMachine(db, design, bound);
    const steps: CheckerStep[] = [];
    let violation: Violation | null = null;
    for (let i = 0; i < schedule.length && !violation; i++) {
      const worker = schedule[i];
      const kind = machine.steps[worker][machine.position(worker)];
      if (kind === undefined)
        throw new RangeError(`Worker ${worker} has no step left at schedule step ${i}.`);
      const now = machine.now;
      const tokenBefore = machine.tokenOf(worker);
      const stoppedBefore = machine.isStopped(worker);
      const failed = machine.step(worker, i);
      const spec = bound.workers[worker];
      steps.push({
        worker,
        owner: spec.owner,
        label: spec.label ?? spec.owner,
        kind,
        now: kind === 'pause' ? now : machine.now,
        token: kind === 'claim' || kind === 'cancel' ? machine.tokenOf(worker) : tokenBefore,
        changed: machine.lastChanged,
        outcome: outcome(
          kind,
          machine.lastChanged,
          machine.tokenOf(worker),
          machine.now,
          stoppedBefore,
          machine.lastOutcome,
        ),
        result: stoppedBefore ? null : machine.lastOutcome,
        stopped: stoppedBefore,
      });
      if (failed) violation = machine.violation;
    }
    machine.dispose();
    if (!violation) throw new Error('This schedule does not break any property.');
    return { designId: design.id, bound, schedule: [...schedule], steps, violation };
  } finally {
    db.close();
  }
}
