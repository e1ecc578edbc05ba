import type { SqlJsStatic } from 'sql.js';
import {
  designVocabulary,
  explain,
  explainStep,
  type LeaseDesign,
  type StepFact,
  type WriteDecision,
} from '@/lib/lease';
import { StepReplay, type WriteStep } from './step-replay';
import { ScheduleMachine, setupDatabase } from './machine';
import type {
  Bound,
  CheckerStep,
  Counterexample,
  ScheduleTrace,
  StepKind,
  Violation,
} from './types';

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

/** What a step that wrote nothing did (a write's words are the rulebook's: explain()). */
/** What a step that wrote nothing did, as data for the explainer. */
function noWrite(kind: StepKind, changed: number, now: number, stopped: boolean): StepFact {
  if (stopped) return { kind: 'after-refused-claim' };
  switch (kind) {
    case 'pause':
      return { kind: 'clock', now };
    case 'claim-read':
      return { kind: 'read-claimable', claimable: changed > 0 };
    case 'write-check':
      return { kind: 'own-check-seen', stillShows: changed > 0 };
    default:
      return { kind: 'rows', changed };
  }
}

const WRITE_STEPS: readonly WriteStep[] = ['claim', 'renew', 'finish', 'cancel', 'write', 'send'];

/**
 * The search's machine (the fast path) and lib/lease's step run the same statement on equal
 * databases, so they must change the same rows; a replay where they do not is a bug in one of
 * them, never a counterexample to show. What the rows mean (the outcome) is the step's alone.
 */
function heldToFastPath(decision: WriteDecision, fastChanged: number, at: number): void {
  if (decision.outcome.rowsChanged !== Math.max(0, fastChanged))
    throw new Error(
      `The checker's search and lib/lease's step disagree at schedule step ${at}: ${fastChanged} rows against ${decision.outcome.rowsChanged} (${decision.kind} by ${decision.writer}).`,
    );
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
  const run = traceRun(SQL, design, bound, schedule);
  if (!run.violation) throw new Error('This schedule does not break any property.');
  return { ...run, violation: run.violation };
}

/**
 * Runs any schedule on a fresh database and records every step with its outcome, up to the
 * first step that breaks a property (or to its end): the checker's own account of a schedule,
 * to hold against another engine's (the timeline's, in timeline-agreement.test.ts).
 */
export function traceRun(
  SQL: SqlJsStatic,
  design: LeaseDesign,
  bound: Bound,
  schedule: readonly number[],
): ScheduleTrace {
  const db = new SQL.Database();
  let replay: StepReplay | undefined;
  try {
    setupDatabase(db, design);
    const machine = new ScheduleMachine(db, design, bound);
    replay = new StepReplay(SQL, design, bound);
    const vocabulary = designVocabulary(design);
    const steps: CheckerStep[] = [];
    let violation: Violation | null = null;
    for (let i = 0; i < schedule.length && !violation; i++) {
      const worker = schedule[i];
      const kind = machine.steps[worker][machine.position(worker)];
      if (kind === undefined)
        throw new RangeError(`Worker ${worker} has no step left at schedule step ${i}.`);
      const now = machine.now;
      const stoppedBefore = machine.isStopped(worker);
      const token = machine.tokenOf(worker);
      const failed = machine.step(worker, i);
      let decision = null;
      if (!stoppedBefore && kind === 'claim-read') replay.read(worker, now);
      else if (!stoppedBefore && WRITE_STEPS.includes(kind as WriteStep)) {
        // -1: the holder's own check saw it lost the run, so its report write sent nothing.
        const lost = kind === 'write' && machine.lastChanged < 0;
        decision = replay.write(worker, kind as WriteStep, now, lost);
        heldToFastPath(decision, machine.lastChanged, i);
      }
      const words = decision ? explain(decision, vocabulary) : null;
      const spec = bound.workers[worker];
      steps.push({
        worker,
        owner: spec.owner,
        label: spec.label ?? spec.owner,
        kind,
        now: kind === 'pause' ? now : machine.now,
        token: kind === 'claim' || kind === 'cancel' ? machine.tokenOf(worker) : token,
        changed: machine.lastChanged,
        outcome:
          words?.sentence ??
          explainStep(noWrite(kind, machine.lastChanged, machine.now, stoppedBefore), vocabulary),
        result: stoppedBefore ? null : (decision?.outcome.database ?? null),
        stopped: stoppedBefore,
        decision,
      });
      if (failed)
        violation = {
          ...machine.violation!,
          message: words?.violation ?? machine.violation!.message,
        };
    }
    machine.dispose();
    return {
      designId: design.id,
      bound,
      schedule: [...schedule].slice(0, steps.length),
      steps,
      violation,
    };
  } finally {
    replay?.close();
    db.close();
  }
}
