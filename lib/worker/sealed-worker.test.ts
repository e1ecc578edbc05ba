import { afterEach, describe, expect, it } from 'vitest';
import { listPart, objectPart, textPart } from '@/lib/bounded';
import { GuardedWorker } from './guarded-worker';
import type { ReplyDoor } from './sealed-door';
import { serveSealed, type SealedAnswer } from './serve-sealed';
import type { WorkerScope } from './serve';

type Reply = { lines: string[] };
const DOOR: ReplyDoor<Reply, never> = {
  body: objectPart<Reply>({ lines: listPart(textPart(100), 10) }),
  bounds: { maxBytes: 10_000, maxChars: 5_000 },
};

const made: { terminated: boolean }[] = [];
const workers: GuardedWorker<number, Reply>[] = [];
afterEach(() => {
  for (const worker of workers.splice(0)) worker.terminate();
  made.length = 0;
});

/** A sealed worker in this process: the page's GuardedWorker, the harness's serveSealed. */
function sealed(
  handle: (n: number, answer: SealedAnswer<Reply, never>) => void | Promise<void>,
  onCreate: (scope: { postMessage(data: unknown): void }) => void = () => {},
) {
  const create = () => {
    const listeners: ((event: MessageEvent) => void)[] = [];
    const state = { terminated: false };
    made.push(state);
    const page = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      onerror: null,
      postMessage(data: unknown) {
        queueMicrotask(() => {
          if (!state.terminated) for (const l of listeners) l({ data } as MessageEvent);
        });
      },
      terminate() {
        state.terminated = true;
      },
    };
    const scope: WorkerScope = {
      postMessage(data: unknown) {
        queueMicrotask(() => page.onmessage?.({ data } as MessageEvent));
      },
      addEventListener: (_type, listener) => listeners.push(listener),
    };
    serveSealed(handle, {}, scope);
    onCreate(scope);
    return page as unknown as Worker;
  };
  const worker = new GuardedWorker<number, Reply>(create, 5_000, undefined, false, DOOR);
  workers.push(worker);
  return worker;
}

describe('a sealed worker: replies on a port, in bytes, through the page door (issue 41)', () => {
  it('answers each request on its port', async () => {
    const worker = sealed((n, { reply }) => reply({ lines: [`n=${n}`] }));
    await expect(worker.request(3)).resolves.toEqual({ kind: 'ok', value: { lines: ['n=3'] } });
    await expect(worker.request(4)).resolves.toEqual({ kind: 'ok', value: { lines: ['n=4'] } });
  });

  it('refuses a reply past a bound whole, ends the worker, says what was too big; the next request gets a fresh worker', async () => {
    const worker = sealed((n, { reply }) =>
      reply({ lines: n === 0 ? ['x'.repeat(5_000)] : ['fine'] }),
    );
    await expect(worker.request(0)).resolves.toEqual({
      kind: 'crashed',
      message:
        'its reply was dropped: reply.body.lines[0] was 5,000 characters long; the page takes at most 100.',
    });
    expect(made[0].terminated).toBe(true);
    await expect(worker.request(1)).resolves.toEqual({ kind: 'ok', value: { lines: ['fine'] } });
    expect(made).toHaveLength(2);
  });

  it('refuses a reply whose bytes are too many before reading them', async () => {
    const worker = sealed((_n, { reply }) => reply({ lines: ['y'.repeat(50_000)] }));
    const answer = await worker.request(0);
    expect(answer).toMatchObject({ kind: 'crashed' });
    expect(answer.kind === 'crashed' && answer.message).toMatch(
      /^its reply was dropped: the reply was 50,0\d\d bytes; the page takes at most 10,000\.$/,
    );
  });

  it('a message on the worker’s own channel is not the harness: the worker is ended', async () => {
    let scope: { postMessage(data: unknown): void } | null = null;
    const worker = sealed(
      () => new Promise<void>(() => {}),
      (s) => (scope = s),
    );
    const answer = worker.request(1);
    scope!.postMessage({ id: 1, body: { lines: ['forged'] } });
    await expect(answer).resolves.toEqual({
      kind: 'crashed',
      message: 'its reply was dropped: the worker wrote outside its channel.',
    });
    expect(made[0].terminated).toBe(true);
  });

  it('a handler that resolves instead of replying, or throws, is a failure of one line', async () => {
    const worker = sealed((n) => {
      if (n === 1) throw new Error('E'.repeat(1_000_000));
    });
    await expect(worker.request(0)).resolves.toEqual({
      kind: 'failed',
      message: 'The worker ended the request without an answer.',
    });
    const failed = await worker.request(1);
    expect(failed.kind, JSON.stringify(failed).slice(0, 300)).toBe('failed');
    expect(failed.kind === 'failed' && failed.message.length).toBeLessThan(2_100);
  });
});
