import type { WorkerEnvelope } from './protocol';

/*
 * Calls across a Web Worker boundary, in the direction GuardedWorker does not go: the worker
 * calls the page. Each call is an envelope with an id; its reply carries the same id with a
 * value or an error. The crash lab's workers call the page that owns their databases this way.
 */

/** One call: which operation, with which arguments. */
export type RpcCall<Op extends string = string> = { type: 'call' } & WorkerEnvelope<{
  op: Op;
  args: unknown[];
}>;

/** The answer to the call with the same id: its value, or the message of the error it threw. */
export type RpcReply = { type: 'reply' } & WorkerEnvelope<
  { ok: true; value: unknown } | { ok: false; error: string }
>;

/** The calling side: each call is a promise, settled by the reply with its id. */
export interface RpcCaller<Op extends string> {
  call<T>(op: Op, ...args: unknown[]): Promise<T>;
  /** Settles the call a reply answers; a reply to no pending call is ignored. */
  settle(reply: RpcReply): void;
}

/** Creates the calling side over `post` (the worker's postMessage). */
export function createRpcCaller<Op extends string>(
  post: (call: RpcCall<Op>) => void,
): RpcCaller<Op> {
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  return {
    call<T>(op: Op, ...args: unknown[]) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        post({ type: 'call', id, body: { op, args } });
      });
    },
    settle(reply) {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.body.ok) waiting.resolve(reply.body.value);
      else waiting.reject(new Error(reply.body.error));
    },
  };
}

/** The answering side: runs one call on its handler; an unknown operation is an error reply. */
export async function answerRpc<Op extends string>(
  call: RpcCall<Op>,
  handlers: Readonly<Record<Op, (...args: never[]) => unknown>>,
): Promise<RpcReply> {
  const { id, body } = call;
  try {
    if (!Object.hasOwn(handlers, body.op)) throw new Error(`no operation ${body.op}`);
    const handler = handlers[body.op] as (...args: unknown[]) => unknown;
    return { type: 'reply', id, body: { ok: true, value: await handler(...body.args) } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { type: 'reply', id, body: { ok: false, error: message } };
  }
}
