/** A request sent to a guarded worker; the worker answers with the same id. */
export interface WorkerEnvelope<T> {
  id: number;
  body: T;
}

export type GuardedResult<R> =
  | { kind: 'ok'; value: R }
  | { kind: 'timeout'; ms: number }
  | { kind: 'crashed'; message: string };

/**
 * Runs requests on a Web Worker with a time limit. Code that never returns (an endless loop, a
 * runaway recursive query) cannot be interrupted inside a worker, so on timeout the worker is
 * terminated and a fresh one takes its place; the page never waits on it.
 */
export class GuardedWorker<Q, R> {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, (result: GuardedResult<R>) => void>();

  constructor(
    private readonly create: () => Worker,
    private readonly timeoutMs: number,
    /** Called after a replacement worker starts, to restore its state (seed a database). */
    private readonly onRestart?: (worker: GuardedWorker<Q, R>) => void,
  ) {}

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = this.create();
    worker.onmessage = (event: MessageEvent<WorkerEnvelope<R>>) => {
      const resolve = this.pending.get(event.data.id);
      if (!resolve) return;
      this.pending.delete(event.data.id);
      resolve({ kind: 'ok', value: event.data.body });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.failAll({ kind: 'crashed', message: event.message || 'The worker stopped with an error.' });
      this.replace();
    };
    this.worker = worker;
    return worker;
  }

  private failAll(result: GuardedResult<R>) {
    for (const resolve of this.pending.values()) resolve(result);
    this.pending.clear();
  }

  private replace() {
    this.worker?.terminate();
    this.worker = null;
    this.onRestart?.(this);
  }

  /** Sends a request; resolves with the answer, or with timeout after the limit. */
  request(body: Q, timeoutMs = this.timeoutMs): Promise<GuardedResult<R>> {
    const worker = this.ensure();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        this.failAll({ kind: 'crashed', message: 'The worker was restarted after a timeout.' });
        this.replace();
        resolve({ kind: 'timeout', ms: timeoutMs });
      }, timeoutMs);
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      worker.postMessage({ id, body } satisfies WorkerEnvelope<Q>);
    });
  }

  /** Kills the worker at once (the Kill button of a lab), without restarting it. */
  terminate(): void {
    this.failAll({ kind: 'crashed', message: 'The worker was terminated.' });
    this.worker?.terminate();
    this.worker = null;
  }
}
