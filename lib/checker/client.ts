import { showMessage, type ShownText } from '@/lib/bounded';
import type { LeaseDesign } from '@/lib/lease';
import { GuardedWorker } from '@/lib/worker/guarded-worker';
import { startCheckerWorker } from '@/lib/worker/start/checker';
import type { CheckerReply, CheckerRequest } from './protocol';
import type { Bound, CheckerVerdict, SearchProgress } from './types';
import type { ConditionPicks, StatementDraft, StatementProblem } from './validate';

export type CheckOutcome =
  | { kind: 'result'; result: CheckerVerdict }
  | { kind: 'invalid'; problems: StatementProblem[] }
  | { kind: 'stopped' }
  | { kind: 'error'; message: ShownText };

/**
 * Time limits of a check. A search posts progress as it goes, so a long silence means one
 * statement of the design never returned (a recursive query inside the claim, say): the worker
 * is then terminated. The total limit bounds even a search that keeps making progress.
 */
export const CHECK_LIMITS = { silentMs: 20_000, totalMs: 300_000 } as const;

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US')} seconds`;

/**
 * Runs checks on a Web Worker, one at a time, over lib/worker's protocol. `stop()` terminates
 * the worker at once (a search is one long computation that cannot be interrupted from inside);
 * the next check starts a fresh worker. A check that goes silent or runs past CHECK_LIMITS is
 * stopped the same way, with a message naming the limit.
 */
export class CheckerClient {
  private readonly worker: GuardedWorker<CheckerRequest, CheckerReply, SearchProgress>;

  constructor(
    createWorker: () => Worker = startCheckerWorker,
    private readonly limits: { silentMs: number; totalMs: number } = CHECK_LIMITS,
  ) {
    this.worker = new GuardedWorker(createWorker, limits.totalMs);
  }

  private async run(
    request: CheckerRequest,
    onProgress: (p: SearchProgress) => void,
  ): Promise<CheckOutcome> {
    this.stop();
    const answer = await this.worker.request(request, {
      silentMs: this.limits.silentMs,
      onProgress,
    });
    switch (answer.kind) {
      case 'ok':
        return answer.value.type === 'result'
          ? { kind: 'result', result: answer.value.result }
          : { kind: 'invalid', problems: answer.value.problems };
      case 'stopped':
        return { kind: 'stopped' };
      case 'timeout':
        return {
          kind: 'error',
          message: showMessage(
            answer.limit === 'silence'
              ? `Stopped: the check went ${seconds(this.limits.silentMs)} without progress (the limit), so one statement of the design never returned — a recursive query, perhaps. The checker was restarted; fix the statement and check again.`
              : `Stopped at the time limit of ${seconds(this.limits.totalMs)} for one check. Try a smaller bound.`,
          ),
        };
      default:
        return {
          kind: 'error',
          message: showMessage(answer.message || 'The checker stopped with an error.'),
        };
    }
  }

  check(
    design: LeaseDesign,
    bound: Bound,
    onProgress: (p: SearchProgress) => void,
    stateCache = true,
  ) {
    return this.run({ type: 'check', design, bound, stateCache }, onProgress);
  }

  checkDraft(
    draft: StatementDraft,
    bound: Bound,
    onProgress: (p: SearchProgress) => void,
    stateCache = true,
    picks?: ConditionPicks,
  ) {
    return this.run(
      { type: 'check-draft', draft, bound, stateCache, ...(picks ? { picks } : {}) },
      onProgress,
    );
  }

  /** Stops the running check, if any; its promise resolves with `stopped`. */
  stop(): void {
    if (this.worker.busy) this.worker.terminate();
  }

  dispose(): void {
    this.worker.terminate();
  }
}
