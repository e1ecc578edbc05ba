/** A request sent to a guarded worker; the worker answers with the same id. */
export interface WorkerEnvelope<T> {
  id: number;
  body: T;
}

/**
 * Sent by a worker created with `ackStart` when it begins a request, so the time limit counts
 * only the request's own work, not a fresh worker's start-up or the requests queued before it.
 */
export interface WorkerStarted {
  id: number;
  started: true;
}

/** How long a worker may take to begin a request when it acknowledges starts. */
const START_WATCHDOG_MS = 30_000;

export type GuardedResult<R> =
  { kind: 'ok'; value: R } | { kind: 'timeout'; ms: number } | { kind: 'crashed'; message: string };

/**
 * Runs requests on a Web Worker with a time limit. Code that never returns (an endless loop, a
 * runaway recursive query) cannot be interrupted inside a worker, so on timeout the worker is
 * terminated and a fresh one takes its place; the page never waits on it.
 */
export class GuardedWorker<Q, R> {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, (result: GuardedResult<R>) => void>();

  private starters = new Map<number, () => void>();

  constructor(
    private readonly create: () => Worker,
    private readonly timeoutMs: number,
    /** Called after a replacement worker starts, to restore its state (seed a database). */
    private readonly onRestart?: (worker: GuardedWorker<Q, R>) => void,
    /** The worker posts WorkerStarted when it begins each request (see WorkerStarted). */
    private readonly ackStart = false,
  ) {}

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = this.create();
    worker.onmessage = (event: MessageEvent<WorkerEnvelope<R> | WorkerStarted>) => {
      if ('started' in event.data) {
        this.starters.get(event.data.id)?.();
        return;
      }
      const resolve = this.pending.get(event.data.id);
      if (!resolve) return;
      this.pending.delete(event.data.id);
      resolve({ kind: 'ok', value: event.data.body });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.failAll({
        kind: 'crashed',
        message: event.message || 'The worker stopped with an error.',
      });
      this.replace();
    };
    this.worker = worker;
    return worker;
  }

  private failAll(result: GuardedResult<R>) {
    for (const resolve of this.pending.values()) resolve(result);
    this.pending.clear();
    this.starters.clear();
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
      const expire = () => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        this.failAll({ kind: 'crashed', message: 'The worker was restarted after a timeout.' });
        this.replace();
        resolve({ kind: 'timeout', ms: timeoutMs });
      };
      let timer = setTimeout(expire, this.ackStart ? START_WATCHDOG_MS : timeoutMs);
      if (this.ackStart) {
        this.starters.set(id, () => {
          this.starters.delete(id);
          clearTimeout(timer);
          timer = setTimeout(expire, timeoutMs);
        });
      }
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        this.starters.delete(id);
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
