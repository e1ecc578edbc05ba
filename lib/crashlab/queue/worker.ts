import type { OutcomeKind } from '@/lib/lease';
import type { FaultPoint, Step } from '@/lib/crashlab/types';
import { STEPS } from '@/lib/crashlab/types';
import { performStep } from '@/lib/crashlab/worker';
import type { HistoryEntry, HistoryOp } from './history';
import type { QueueLab } from './lab';
import type { ChaosPoint } from './plan';

type Invocation = { op: HistoryOp; run?: string; generation?: number; step?: Step };

/** What happens at a chaos point: go on, or (for the supervisor) stop here first. */
export interface ChaosHooks {
  /** Called at every chaos point of a run's first generation; may stop the process. */
  at?(point: ChaosPoint, run: string, generation: number): Promise<void> | void;
  /** True to lose the publisher's reply to this run's first publish (the caller learns nothing). */
  dropAck?(run: string, generation: number): boolean;
  /** Called when a worker took over a run an earlier generation held; resolves when it may go on. */
  tookOver?(run: string, generation: number): Promise<void> | void;
  /** Called when the worker leaves a run, for whatever reason. */
  left?(run: string, generation: number): Promise<void> | void;
}

export interface QueueWorkerOptions {
  owner: string;
  pid: number;
  /** Die at this point of the first run this worker claims (the `run --fault` of the lab). */
  fault?: FaultPoint | null;
  die: (point: FaultPoint) => never;
  /** Time spent on each step's work (0: none). */
  work?: (step: Step) => Promise<void> | void;
  /** Keep waiting for held runs until every run is final (workers of a fleet); else stop when nothing is claimable. */
  waitForAll?: boolean;
  /** Waits a little before looking for a claimable run again. */
  idle: () => Promise<void>;
  chaos?: ChaosHooks;
  record: (entry: HistoryEntry) => void;
  clock: () => number;
  onEvent?: (line: string) => void;
}

export type RunEnd =
  { kind: 'succeeded' } | { kind: 'fenced-out'; step: Step | 'finish'; explanation: string };

export interface QueueWorkerSummary {
  succeeded: number;
  fencedOut: number;
  /** Why the worker stopped looking for work. */
  stopped: 'all-final' | 'none-claimable';
  /** Set when it found nothing at all to claim: the run(s) it saw are held by another worker. */
  heldBy?: string;
}

/**
 * One worker process of the queue: claim the next claimable run, resume after whatever earlier
 * generations checkpointed, do the remaining steps, finish; then the next run. Every call to the
 * lab is written to the history as an invocation and a completion with the rulebook's outcome.
 */
export async function runQueueWorker(
  lab: QueueLab,
  options: QueueWorkerOptions,
): Promise<QueueWorkerSummary> {
  const { owner, pid, record, clock, chaos } = options;
  const say = options.onEvent ?? (() => undefined);
  const invoke = (i: Invocation) =>
    record({ type: 'invoke', t: clock(), pid, worker: owner, ...i });
  const complete = (
    i: Invocation,
    outcome: OutcomeKind,
    extra: { detail?: string; reason?: 'ack-lost' } = {},
  ) => record({ type: 'complete', t: clock(), pid, worker: owner, ...i, outcome, ...extra });
  let first = true;
  let succeeded = 0;
  let fencedOut = 0;

  const doRun = async (
    run: string,
    generation: number,
    done: Partial<Record<Step, string>>,
  ): Promise<RunEnd> => {
    const faulted = first;
    first = false;
    const at = async (point: ChaosPoint) => {
      if (faulted && options.fault === point) options.die(point);
      if (generation === 1) await chaos?.at?.(point, run, generation);
    };
    await at('after_claim');
    for (const step of STEPS) {
      if (done[step] !== undefined) continue;
      const begin: Invocation = { op: 'begin', run, generation, step };
      invoke(begin);
      const started = await lab.beginStep(owner, run, generation, step);
      if (!started.ok) {
        complete(begin, 'refused', { detail: started.explanation });
        return { kind: 'fenced-out', step, explanation: started.explanation };
      }
      complete(begin, 'applied');
      await options.work?.(step);
      let output: string;
      if (step === 'publish') {
        await at('before_effect');
        const publish: Invocation = { op: 'publish', run, generation };
        invoke(publish);
        let decision = await lab.publish(run, generation, done.draft ?? '');
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
          decision = await lab.publish(run, generation, done.draft ?? '');
        }
        if (decision.outcome === 'refused') {
          complete(publish, 'refused', { detail: decision.explanation });
          return { kind: 'fenced-out', step, explanation: decision.explanation };
        }
        complete(publish, decision.outcome, { detail: `receipt #${decision.receipt.receiptId}` });
        await at('after_effect');
        output = JSON.stringify({
          receiptId: decision.receipt.receiptId,
          outcome: decision.outcome,
        });
      } else {
        output = performStep(step, done);
        await at(`before_checkpoint:${step}`);
      }
      const checkpoint: Invocation = { op: 'checkpoint', run, generation, step };
      invoke(checkpoint);
      const saved = await lab.checkpoint(owner, run, generation, step, started.attemptId, output);
      if (!saved.ok) {
        complete(checkpoint, 'refused', { detail: saved.explanation });
        return { kind: 'fenced-out', step, explanation: saved.explanation };
      }
      complete(checkpoint, 'applied');
      done[step] = output;
      await at(`after_${step}` as ChaosPoint);
    }
    const finish: Invocation = { op: 'finish', run, generation };
    invoke(finish);
    const finished = await lab.finish(owner, run, generation);
    if (!finished.ok) {
      complete(finish, 'refused', { detail: finished.explanation });
      return { kind: 'fenced-out', step: 'finish', explanation: finished.explanation };
    }
    complete(finish, 'applied');
    return { kind: 'succeeded' };
  };

  for (;;) {
    const claimInvocation: Invocation = { op: 'claim' };
    invoke(claimInvocation);
    const claim = await lab.claimNext(owner);
    if (!claim.ok) {
      complete(claimInvocation, 'refused', { detail: claim.explanation });
      if (claim.reason === 'all-final') return { succeeded, fencedOut, stopped: 'all-final' };
      if (!options.waitForAll) return { succeeded, fencedOut, stopped: 'none-claimable' };
      await options.idle();
      continue;
    }
    const { runId: run, generation } = claim;
    complete({ op: 'claim', run, generation }, 'applied');
    const resumed = STEPS.filter((s) => claim.done[s] !== undefined);
    say(
      `${owner} claimed ${run}: generation ${generation}${resumed.length ? `, resuming after ${resumed.join(', ')}` : ''}`,
    );
    if (generation > 1) await chaos?.tookOver?.(run, generation);
    const end = await doRun(run, generation, { ...claim.done });
    await chaos?.left?.(run, generation);
    if (end.kind === 'succeeded') {
      succeeded++;
      say(`  ${run} succeeded (generation ${generation})`);
    } else {
      fencedOut++;
      say(`  ${run}: fenced out at ${end.step} (generation ${generation}): ${end.explanation}`);
    }
  }
}
