import type { LeaseDesign } from '@/lib/lease';
import type { CheckerMessage, CheckerRequest } from './protocol';
import type { Bound, CheckResult, SearchProgress } from './types';
import type { StatementDraft, StatementProblem } from './validate';

export type CheckOutcome =
  | { kind: 'result'; result: CheckResult }
  | { kind: 'invalid'; problems: StatementProblem[] }
  | { kind: 'stopped' }
  | { kind: 'error'; message: string };

/**
 * Runs checks on a Web Worker, one at a time. `stop()` terminates the worker at once (a search
 * is one long computation that cannot be interrupted from inside); the next check starts a
 * fresh worker.
 */
export class CheckerClient {
  private worker: Worker | null = null;
  private settle: ((outcome: CheckOutcome) => void) | null = null;

  private ensure(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL('./checker.worker.ts', import.meta.url), {
        type: 'module',
        name: 'schedule-checker',
      });
    }
    return this.worker;
  }

  private run(
    request: CheckerRequest,
    onProgress: (p: SearchProgress) => void,
  ): Promise<CheckOutcome> {
    this.stop();
    const worker = this.ensure();
    return new Promise((resolve) => {
      this.settle = resolve;
      worker.onmessage = (event: MessageEvent<CheckerMessage>) => {
        const message = event.data;
        if (message.type === 'progress') return onProgress(message.progress);
        this.settle = null;
        if (message.type === 'result') resolve({ kind: 'result', result: message.result });
        else if (message.type === 'invalid')
          resolve({ kind: 'invalid', problems: message.problems });
        else resolve({ kind: 'error', message: message.message });
      };
      worker.onerror = (event) => {
        event.preventDefault();
        this.settle = null;
        this.worker?.terminate();
        this.worker = null;
        resolve({ kind: 'error', message: event.message || 'The checker stopped with an error.' });
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
