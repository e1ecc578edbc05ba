import { shown, type ShownText } from '@/lib/bounded';
import { workerMessage, type WorkerEnvelope, type WorkerReply } from './protocol';
import { openReply, type OpenChannel, type ReplyDoor } from './sealed-door';

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
  /** Where requests go: the worker itself, or the port of its sealed channel. */
  private channel: { postMessage(message: unknown): void } | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending<R, P>>();
  private readonly open: ReturnType<typeof openReply<R, P>> | null;

  constructor(
    private readonly create: () => Worker,
    private readonly timeoutMs: number,
    /** Called after a replacement worker starts, to restore its state (seed a database). */
    private readonly onRestart?: (worker: GuardedWorker<Q, R, P>) => void,
    /** The worker posts WorkerStarted when it begins each request (see WorkerStarted). */
    private readonly ackStart = false,
    /**
     * For a worker that runs a learner's program: it answers only on a port the page hands it
     * first, only in bytes, and every reply passes this door (lib/worker/sealed-door.ts). A reply
     * the door refuses is dropped whole and the worker ended; its requests end as crashed, with
     * the door's line.
     */
    door?: ReplyDoor<R, P>,
  ) {
    this.open = door ? openReply(door) : null;
  }

  private receive(message: WorkerReply<R, P>) {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    if ('started' in message) return waiting.started();
    if ('progress' in message) return waiting.progress(message.progress);
    if ('failed' in message)
      return waiting.settle({ kind: 'failed', message: workerMessage(message.failed) });
    waiting.settle({ kind: 'ok', value: message.body });
  }

  /** A reply the door refused: nothing of it is kept, the worker is ended, the learner told why. */
  private refuse(line: ShownText) {
    this.failAll({ kind: 'crashed', message: shown`its reply was dropped: ${line}.` });
    this.replace();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = this.create();
    const open = this.open;
    if (open) {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = (event: MessageEvent) => {
        if (this.worker !== worker) return;
        const opened = open(event.data);
        if (opened.ok) this.receive(opened.value);
        else this.refuse(opened.line);
      };
      // Anything on the worker's own channel did not come from the harness: its data is never
      // read (reading it would deserialise whatever was sent).
      worker.onmessage = () => {
        if (this.worker === worker) this.refuse(shown`the worker wrote outside its channel`);
      };
      worker.postMessage({ open: port2 } satisfies OpenChannel, [port2]);
      this.channel = port1;
    } else {
      worker.onmessage = (event: MessageEvent<WorkerReply<R, P>>) => this.receive(event.data);
      this.channel = worker;
    }
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
    this.closeChannel();
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
    this.ensure();
    const channel = this.channel!;
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
      channel.postMessage({ id, body } satisfies WorkerEnvelope<Q>);
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
    this.closeChannel();
    this.worker = null;
  }

  private closeChannel() {
    if (this.channel && this.channel !== this.worker) (this.channel as MessagePort).close();
    this.channel = null;
  }
}
