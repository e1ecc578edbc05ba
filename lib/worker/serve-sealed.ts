import { BUILT_INS } from '@/lib/bounded';
import { failureText, type WorkerEnvelope, type WorkerReply } from './protocol';
import type { OpenChannel } from './sealed-door';
import { sealedBytes } from './sealed-bytes';
import type { WorkerScope } from './serve';

const { getPrototypeOf, promiseThen } = BUILT_INS;
const PromisePrototype = Promise.prototype;
const settled = Promise.resolve();

/** How a sealed handler answers: progress while it works, then one reply. */
export interface SealedAnswer<R, P> {
  progress(progress: P): void;
  reply(body: R): void;
}

/**
 * The worker's side of a sealed channel (issue 41), for a worker that runs a learner's program
 * beside its harness. Everything it needs is taken when the module loads, before any program
 * exists: the first message on the scope hands it a MessagePort, kept in this closure only, and
 * every request and answer then travels on that port. The program never sees the port (the
 * lock-down removes postMessage and messaging from the scope), so it cannot answer in the
 * harness's place. Answers go as bytes (sealed-bytes.ts: no toJSON, no getters), so the page
 * reads their size before their content.
 *
 * The handler answers through `answer.reply`, never by resolving a promise with its reply: a
 * promise resolved with an object looks up `then` on it, and a program can put a `then` on
 * Object.prototype that answers with whatever it likes (issue 41, the forged reply). What the
 * handler throws or rejects with is a WorkerFailed; if it ends without a reply, that is one too.
 */
export function serveSealed<Q, R, P = never>(
  handle: (body: Q, answer: SealedAnswer<R, P>) => void | Promise<void>,
  options: { ackStart?: boolean } = {},
  scope: WorkerScope = self as unknown as WorkerScope,
): void {
  type Send = (bytes: ArrayBuffer, transfer: Transferable[]) => void;
  let send: Send | null = null;
  let queue: Promise<unknown> = settled;
  const post = (message: WorkerReply<R, P>) => {
    if (!send) return;
    const bytes = sealedBytes(message);
    send(bytes, [bytes]);
  };
  const run = (id: number, body: Q) => {
    if (options.ackStart) post({ id, started: true });
    let replied = false;
    const answer: SealedAnswer<R, P> = {
      progress: (progress) => {
        if (!replied) post({ id, progress });
      },
      reply: (reply) => {
        if (replied) return;
        replied = true;
        post({ id, body: reply });
      },
    };
    const fail = (error: unknown) => {
      if (replied) return;
      replied = true;
      post({ id, failed: failureText(error) });
    };
    const ended = () => fail(new Error('The worker ended the request without an answer.'));
    let done: void | Promise<void>;
    try {
      done = handle(body, answer);
    } catch (error) {
      fail(error);
      return settled;
    }
    if (done && getPrototypeOf(done) === PromisePrototype) return promiseThen(done, ended, fail);
    ended();
    return settled;
  };
  scope.addEventListener('message', (event: MessageEvent) => {
    if (send) return;
    const port = (event.data as Partial<OpenChannel> | null)?.open;
    if (!port) return;
    send = port.postMessage.bind(port) as Send;
    port.onmessage = (request: MessageEvent<WorkerEnvelope<Q>>) => {
      const { id, body } = request.data;
      queue = promiseThen(queue as Promise<unknown>, () => run(id, body));
    };
  });
}
