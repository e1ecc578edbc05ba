import { failureText, type WorkerEnvelope, type WorkerReply } from './protocol';

/** The worker's side of the protocol: how its answers are sent. */
export interface ServeOptions<R> {
  /** Post WorkerStarted when a request begins (the page's GuardedWorker was made with ackStart). */
  ackStart?: boolean;
  /** Objects moved, not copied, to the page with a reply (a database's bytes). */
  transfer?: (reply: R) => Transferable[];
}

/** The parts of a dedicated worker's global scope the protocol uses. */
export interface WorkerScope {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Answers the page's requests in this Web Worker, strictly one after another (a request never
 * sees the half-done state of the one before). `handle` may report progress; what it returns is
 * the reply, and what it throws is a WorkerFailed with its message. The scope's methods are
 * taken now, so a worker may remove globals afterwards (the claim lab's lock-down).
 */
export function serveRequests<Q, R, P = never>(
  handle: (body: Q, progress: (progress: P) => void) => R | Promise<R>,
  options: ServeOptions<R> = {},
  scope: WorkerScope = self as unknown as WorkerScope,
): void {
  const post = scope.postMessage.bind(scope) as (
    message: WorkerReply<R, P>,
    transfer?: Transferable[],
  ) => void;
  let queue: Promise<void> = Promise.resolve();
  scope.addEventListener('message', (event: MessageEvent<WorkerEnvelope<Q>>) => {
    const { id, body } = event.data;
    queue = queue.then(async () => {
      if (options.ackStart) post({ id, started: true });
      let reply: R;
      try {
        reply = await handle(body, (progress) => post({ id, progress }));
      } catch (error) {
        post({ id, failed: failureText(error) });
        return;
      }
      post({ id, body: reply }, options.transfer?.(reply) ?? []);
    });
  });
}
