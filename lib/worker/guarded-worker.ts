import type { ShownText } from '@/lib/bounded';
import { workerMessage, type WorkerEnvelope, type WorkerReply } from './protocol';

/** How long a worker may take to begin a request when it acknowledges starts. */
const START_WATCHDOG_MS = 30_000;

/**
 * How a request ended: its reply; a time limit passed (the whole request's, or the longest
 * silence between two progress reports); the Web Worker died (an error event, or it was
 * replaced); the handler threw (the worker lives on); or the page stopped it.
 */
export type GuardedResult<R> =
  | { kind: 'ok'; value: R }
  | { kind: 'timeout'; ms: number; limit: 'total' | 'silence' }
  | { kind: 'crashed'; message: ShownText }
  | { kind: 'failed'; message: ShownText }
  | { kind: 'stopped' };

/** Limits and progress of one request. */
export interface RequestOptions<P> {
  /** The request's time limit (the worker's default when absent). */
  timeoutMs?: number;
  /** The longest wait between two progress reports (a search that went silent is stuck). */
  silentMs?: number;
  onProgress?: (progress: P) => void;
}

interface Pending<R, P> {
  settle: (result: GuardedResult<R>) => void;
  started: () => void;
  progress: (progress: P) => void;
}

/**
 * Runs requests on a Web Worker with time limits. Code that never returns (an endless loop, a
 * runaway recursive query) cannot be interrupted inside a worker, so on timeout the worker is
 * terminated and a fresh one takes its place; the page never waits on it. The worker answers
 * with lib/worker's protocol (serveRequests).
 */
export class GuardedWorker<Q, R, P = never> {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending<R, P>>();

  constructor(
    private readonly create: () => Worker,
    private readonly timeoutMs: number,
    /** Called after a replacement worker starts, to restore its state (seed a database). */
    private readonly onRestart?: (worker: GuardedWorker<Q, R, P>) => void,
    /** The worker posts WorkerStarted when it begins each request (see WorkerStarted). */
    private readonly ackStart = false,
  ) {}

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = this.create();
    worker.onmessage = (event: MessageEvent<WorkerReply<R, P>>) => {
      const message = event.data;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      if ('started' in message) return waiting.started();
      if ('progress' in message) return waiting.progress(message.progress);
      if ('failed' in message)
        return waiting.settle({ kind: 'failed', message: workerMessage(message.failed) });
      waiting.settle({ kind: 'ok', value: message.body });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      // An uncaught error's text is whatever the worker's code threw (learner code, in the claim
      // lab): it passes the door to the page like every other message.
      this.failAll({
        kind: 'crashed',
        message: workerMessage(event.message || 'The worker stopped with an error.'),
      });
      this.replace();
    };
    this.worker = worker;
    return worker;
  }

  private failAll(result: GuardedResult<R>) {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { settle } of waiting) settle(result);
  }

  private replace() {
    this.worker?.terminate();
    this.worker = null;
    this.onRestart?.(this);
  }

  /**
   * Sends a request; resolves with the reply, or with timeout after a limit (the worker is then
   * replaced, and requests queued behind it end as crashed). `options` may be the time limit.
   */
  request(body: Q, options: number | RequestOptions<P> = {}): Promise<GuardedResult<R>> {
    const {
      timeoutMs = this.timeoutMs,
      silentMs,
      onProgress,
    } = typeof options === 'number' ? { timeoutMs: options } : options;
    const worker = this.ensure();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timers = new Set<ReturnType<typeof setTimeout>>();
      const clear = () => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      };
      let done = false;
      const settle = (result: GuardedResult<R>) => {
        if (done) return;
        done = true;
        if (this.pending.get(id) === waiting) this.pending.delete(id);
        clear();
        resolve(result);
      };
      const expire = (ms: number, limit: 'total' | 'silence') => () => {
        if (done) return;
        settle({ kind: 'timeout', ms, limit });
        this.failAll({
          kind: 'crashed',
          message: workerMessage('The worker was restarted after a timeout.'),
        });
        this.replace();
      };
      let silence: ReturnType<typeof setTimeout> | null = null;
      const listen = () => {
        if (silentMs === undefined) return;
        if (silence) {
          clearTimeout(silence);
          timers.delete(silence);
        }
        silence = setTimeout(expire(silentMs, 'silence'), silentMs);
        timers.add(silence);
      };
      const begin = () => {
        clear();
        timers.add(setTimeout(expire(timeoutMs, 'total'), timeoutMs));
        silence = null;
        listen();
      };
      const waiting: Pending<R, P> = {
        settle,
        started: () => {
          if (this.ackStart) begin();
        },
        progress: (progress) => {
          listen();
          onProgress?.(progress);
        },
      };
      this.pending.set(id, waiting);
      if (this.ackStart)
        timers.add(setTimeout(expire(START_WATCHDOG_MS, 'total'), START_WATCHDOG_MS));
      else begin();
      worker.postMessage({ id, body } satisfies WorkerEnvelope<Q>);
    });
  }

  /** True while a request is waiting for its answer. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Ends the worker at once (a lab's Kill, a Stop button); pending requests end as stopped. */
  terminate(): void {
    this.failAll({ kind: 'stopped' });
    this.worker?.terminate();
    this.worker = null;
  }
}
