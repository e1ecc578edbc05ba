import { explain, WALL_CLOCK_VOCABULARY, type OutcomeKind, type WriteDecision } from '@/lib/lease';
import type { HistoryEntry, HistoryOp } from './history';
import type { LabOps } from './lab';
import type { ChaosPoint } from './plan';
import type { FaultPoint, Step } from './types';
import { STEPS } from './types';

type MaybePromise<T> = T | Promise<T>;
type Invocation = { op: HistoryOp; run?: string; generation?: number; step?: Step };

/** What happens at a chaos point: go on, or (for the supervisor) stop here first. */
export interface ChaosHooks {
  /** Called at every chaos point of a run's first generation; may stop the process. */
  at?(point: ChaosPoint, run: string, generation: number): MaybePromise<void>;
  /** True to lose the publisher's reply to this run's first publish (the caller learns nothing). */
  dropAck?(run: string, generation: number): boolean;
  /** Called when a worker took over a run an earlier generation held; resolves when it may go on. */
  tookOver?(run: string, generation: number): MaybePromise<void>;
  /** Called when the worker leaves a run, for whatever reason. */
  left?(run: string, generation: number): MaybePromise<void>;
}

/** What a worker did, as values: the CLI prints them, the page logs them (worker-log.ts). */
export type WorkerEvent =
  | { type: 'claimed'; run: string; generation: number; resumedFrom: Step[] }
  | { type: 'skipped'; run: string; step: Step }
  | { type: 'started'; run: string; step: Step; attemptId: number }
  | { type: 'published'; run: string; outcome: 'applied' | 'duplicate'; receiptId: number }
  | { type: 'checkpointed'; run: string; step: Step }
  | { type: 'succeeded'; run: string; generation: number }
  /** The rulebook's decision on the write that did not land (worker-log.ts words it). */
  | {
      type: 'fenced-out';
      run: string;
      generation: number;
      step: Step | 'finish';
      decision: WriteDecision;
    }
  | { type: 'waiting'; decision: WriteDecision };

export interface WorkerOptions {
  owner: string;
  pid: number;
  /** Die at this point of the first run this worker claims (`run --fault`, the page's fault). */
  fault?: FaultPoint | null;
  /**
   * Ends the worker at once: process.exit(75) in the CLI, self.close() in a Web Worker. It must
   * not return; nothing after a fault point runs (no cleanup, no final write).
   */
  die: (point: FaultPoint) => never;
  /** Time spent on each step's work (a timer, a stall, or the page's step gate). */
  work?: (step: Step) => MaybePromise<void>;
  /** Keep waiting for held runs until every run is final; else stop when nothing is claimable. */
  waitForAll?: boolean;
  /** Waits a little before looking for a claimable run again. */
  idle: () => Promise<void>;
  chaos?: ChaosHooks;
  record: (entry: HistoryEntry) => void;
  /** Wall-clock milliseconds for the history. */
  clock: () => number;
  onEvent?: (event: WorkerEvent) => void;
}

export interface WorkerSummary {
  succeeded: number;
  fencedOut: number;
  /** Why the worker stopped looking for work. */
  stopped: 'all-final' | 'none-claimable';
  /**
   * The last claim's refusal when it stopped with nothing claimable: decided at the claim's own
   * instant, so a report made later does not judge the lease by a later clock.
   */
  refused?: WriteDecision;
}

/** The deterministic work of the three local steps; each reads what the step before saved. */
export function performStep(
  step: Exclude<Step, 'publish'>,
  done: Partial<Record<Step, string>>,
): string {
  switch (step) {
    case 'collect':
      return 'collected 3 sources: lease notes, fencing notes, publisher notes';
    case 'draft':
      return `draft (from: ${done.collect ?? '?'})`;
    case 'verify':
      return `verified: ${(done.draft ?? '').length} characters, cites 3 sources`;
  }
}

/**
 * One worker: claim the next claimable run, skip every step an earlier generation
 * checkpointed, do the rest in order, finish; then the next run. A step whose checkpoint did
 * not land is done again; one whose checkpoint did is never redone. The publish carries the
 * run's operation id, the same across takeovers, so the publisher deduplicates a retry. Every
 * call to the lab is written to the history as an invocation and a completion with the
 * rulebook's outcome.
 */
export async function runWorker(lab: LabOps, options: WorkerOptions): Promise<WorkerSummary> {
  const { owner, pid, record, clock, chaos } = options;
  const say = options.onEvent ?? (() => undefined);
  const invoke = (i: Invocation) =>
    record({ type: 'invoke', t: clock(), pid, worker: owner, ...i });
  const complete = (
    i: Invocation,
    outcome: OutcomeKind,
    extra: { detail?: string; reason?: 'ack-lost' } = {},
  ) => record({ type: 'complete', t: clock(), pid, worker: owner, ...i, outcome, ...extra });
  /** A write that did not land: its outcome and its sentence, both from the rulebook's decision. */
  const decided = (i: Invocation, decision: WriteDecision) =>
    complete(i, decision.outcome.caller, {
      detail: explain(decision, WALL_CLOCK_VOCABULARY).sentence,
    });
  let first = true;
  let succeeded = 0;
  let fencedOut = 0;

  /** Returns null when the run succeeded, or where and why this generation was fenced out. */
  const doRun = async (
    run: string,
    generation: number,
    done: Partial<Record<Step, string>>,
  ): Promise<{ step: Step | 'finish'; decision: WriteDecision } | null> => {
    const faulted = first;
    first = false;
    const at = async (point: ChaosPoint) => {
      if (faulted && options.fault === point) options.die(point);
      if (generation === 1) await chaos?.at?.(point, run, generation);
    };
    await at('after_claim');
    for (const step of STEPS) {
      if (done[step] !== undefined) {
        say({ type: 'skipped', run, step });
        continue;
      }
      const begin: Invocation = { op: 'begin', run, generation, step };
      invoke(begin);
      const started = await lab.beginStep(owner, run, generation, step);
      if (!started.ok) {
        decided(begin, started.decision);
        return { step, decision: started.decision };
      }
      complete(begin, 'applied');
      say({ type: 'started', run, step, attemptId: started.attemptId });
      await options.work?.(step);
      let output: string;
      if (step === 'publish') {
        await at('before_effect');
        const publish: Invocation = { op: 'publish', run, generation };
        invoke(publish);
        let decision = await lab.publish(owner, run, generation, done.draft ?? '');
        if (
          decision.outcome !== 'refused' &&
          generation === 1 &&
          chaos?.dropAck?.(run, generation)
        ) {
          // The publisher decided, but its reply is lost: the caller cannot tell what happened,
          // so it sends the same operation again and learns the answer from the duplicate.
          complete(publish, 'unknown', { reason: 'ack-lost' });
          record({
            type: 'nemesis',
            t: clock(),
            pid,
            worker: owner,
            action: 'drop-ack',
            run,
            generation,
          });
          invoke(publish);
          decision = await lab.publish(owner, run, generation, done.draft ?? '');
        }
        if (decision.outcome === 'refused') {
          decided(publish, decision.decision);
          return { step, decision: decision.decision };
        }
        const receiptId = decision.receipt.receiptId;
        complete(publish, decision.outcome, { detail: `receipt #${receiptId}` });
        say({ type: 'published', run, outcome: decision.outcome, receiptId });
        await at('after_effect');
        output = JSON.stringify({ receiptId, outcome: decision.outcome });
      } else {
        output = performStep(step, done);
        await at(`before_checkpoint:${step}`);
      }
      const checkpoint: Invocation = { op: 'checkpoint', run, generation, step };
      invoke(checkpoint);
      const saved = await lab.checkpoint(owner, run, generation, step, started.attemptId, output);
      if (!saved.ok) {
        decided(checkpoint, saved.decision);
        return { step, decision: saved.decision };
      }
      complete(checkpoint, 'applied');
      say({ type: 'checkpointed', run, step });
      done[step] = output;
      await at(`after_${step}`);
    }
    const finish: Invocation = { op: 'finish', run, generation };
    invoke(finish);
    const finished = await lab.finish(owner, run, generation);
    if (!finished.ok) {
      decided(finish, finished.decision);
      return { step: 'finish', decision: finished.decision };
    }
    complete(finish, 'applied');
    return null;
  };

  let waiting = false;
  for (;;) {
    const claimInvocation: Invocation = { op: 'claim' };
    invoke(claimInvocation);
    const claim = await lab.claimNext(owner);
    if (!claim.ok) {
      decided(claimInvocation, claim.decision);
      if (claim.reason === 'all-final') return { succeeded, fencedOut, stopped: 'all-final' };
      if (!options.waitForAll)
        return { succeeded, fencedOut, stopped: 'none-claimable', refused: claim.decision };
      if (!waiting) say({ type: 'waiting', decision: claim.decision });
      waiting = true;
      await options.idle();
      continue;
    }
    waiting = false;
    const { runId: run, generation } = claim;
    complete({ op: 'claim', run, generation }, 'applied');
    say({
      type: 'claimed',
      run,
      generation,
      resumedFrom: STEPS.filter((s) => claim.done[s] !== undefined),
    });
    if (generation > 1) await chaos?.tookOver?.(run, generation);
    const fenced = await doRun(run, generation, { ...claim.done });
    await chaos?.left?.(run, generation);
    if (fenced === null) {
      succeeded++;
      say({ type: 'succeeded', run, generation });
    } else {
      fencedOut++;
      say({ type: 'fenced-out', run, generation, ...fenced });
    }
  }
}
