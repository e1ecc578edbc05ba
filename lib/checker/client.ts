import { showMessage, type ShownText } from '@/lib/bounded';
import type { LeaseDesign } from '@/lib/lease';
import { underPagePolicy } from '@/lib/worker/page-policy';
import type { CheckerMessage, CheckerRequest } from './protocol';
import type { Bound, CheckerVerdict, SearchProgress } from './types';
import type { StatementDraft, StatementProblem } from './validate';

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

function startCheckerWorker(): Worker {
  return underPagePolicy(
    () =>
      new Worker(new URL('./checker.worker.ts', import.meta.url), {
        type: 'module',
        name: 'schedule-checker',
      }),
  );
}

/**
 * Runs checks on a Web Worker, one at a time. `stop()` terminates the worker at once (a search
 * is one long computation that cannot be interrupted from inside); the next check starts a
 * fresh worker. A check that goes silent or runs past CHECK_LIMITS is stopped the same way,
 * with a message naming the limit.
 */
export class CheckerClient {
  private worker: Worker | null = null;
  private settle: ((outcome: CheckOutcome) => void) | null = null;
  private timers: ReturnType<typeof setTimeout>[] = [];

  constructor(
    private readonly createWorker: () => Worker = startCheckerWorker,
    private readonly limits: { silentMs: number; totalMs: number } = CHECK_LIMITS,
  ) {}

  private ensure(): Worker {
    if (!this.worker) this.worker = this.createWorker();
    return this.worker;
  }

  private clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  private expire(message: string) {
    const settle = this.settle;
    if (!settle) return;
    this.settle = null;
    this.clearTimers();
    this.worker?.terminate();
    this.worker = null;
    settle({ kind: 'error', message: showMessage(message) });
  }

  private run(
    request: CheckerRequest,
    onProgress: (p: SearchProgress) => void,
  ): Promise<CheckOutcome> {
    this.stop();
    const worker = this.ensure();
    return new Promise((resolve) => {
      this.settle = resolve;
      const silent = () =>
        this.expire(
          `Stopped: the check went ${seconds(this.limits.silentMs)} without progress (the limit), so one statement of the design never returned — a recursive query, perhaps. The checker was restarted; fix the statement and check again.`,
        );
      let silence = setTimeout(silent, this.limits.silentMs);
      this.timers = [
        silence,
        setTimeout(
          () =>
            this.expire(
              `Stopped at the time limit of ${seconds(this.limits.totalMs)} for one check. Try a smaller bound.`,
            ),
          this.limits.totalMs,
        ),
      ];
      worker.onmessage = (event: MessageEvent<CheckerMessage>) => {
        const message = event.data;
        clearTimeout(silence);
        silence = setTimeout(silent, this.limits.silentMs);
        this.timers.push(silence);
        if (message.type === 'progress') return onProgress(message.progress);
        this.settle = null;
        this.clearTimers();
        if (message.type === 'result') resolve({ kind: 'result', result: message.result });
        else if (message.type === 'invalid')
          resolve({ kind: 'invalid', problems: message.problems });
        else resolve({ kind: 'error', message: showMessage(message.message) });
      };
      worker.onerror = (event) => {
        event.preventDefault();
        this.settle = null;
        this.clearTimers();
        this.worker?.terminate();
        this.worker = null;
        resolve({
          kind: 'error',
          message: showMessage(event.message || 'The checker stopped with an error.'),
        });
      };
      worker.postMessage(request);
    });
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
  ) {
    return this.run({ type: 'check-draft', draft, bound, stateCache }, onProgress);
  }

  /** Stops the running check, if any; its promise resolves with `stopped`. */
  stop(): void {
    this.clearTimers();
    if (this.settle) {
      this.settle({ kind: 'stopped' });
      this.settle = null;
      this.worker?.terminate();
      this.worker = null;
    }
  }

  dispose(): void {
    this.stop();
    this.worker?.terminate();
    this.worker = null;
  }
}
