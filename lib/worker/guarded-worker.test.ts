import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuardedWorker } from './guarded-worker';
import { FAILURE_CHARS } from './protocol';
import { serveRequests, type WorkerScope } from './serve';

/**
 * Both ends of a Web Worker in one process: the page's GuardedWorker and the worker's
 * serveRequests, joined by asynchronous message delivery as postMessage does.
 */
function wired<Q, R, P = never>(
  handle: (body: Q, progress: (p: P) => void) => R | Promise<R>,
  options: { ackStart?: boolean; timeoutMs?: number } = {},
) {
  const started: { terminated: boolean }[] = [];
  const create = () => {
    const listeners: ((event: MessageEvent) => void)[] = [];
    const state = { terminated: false };
    started.push(state);
    const page = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      onerror: null as ((event: ErrorEvent) => void) | null,
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
        queueMicrotask(() => {
          if (!state.terminated) page.onmessage?.({ data } as MessageEvent);
        });
      },
      addEventListener: (_type, listener) => listeners.push(listener),
    };
    serveRequests(handle, { ackStart: options.ackStart }, scope);
    return page as unknown as Worker;
  };
  const worker = new GuardedWorker<Q, R, P>(
    create,
    options.timeoutMs ?? 1_000,
    undefined,
    options.ackStart,
  );
  return { worker, started };
}

afterEach(() => vi.useRealTimers());

describe('one Web Worker protocol: GuardedWorker and serveRequests', () => {
  it('answers each request by its id, in order, sync or async', async () => {
    const { worker } = wired(async (n: number) => n * 2);
    await expect(Promise.all([worker.request(1), worker.request(2)])).resolves.toEqual([
      { kind: 'ok', value: 2 },
      { kind: 'ok', value: 4 },
    ]);
  });

  it('a handler that throws is a failure with its message, cut; the worker lives on', async () => {
    const { worker, started } = wired((n: number) => {
      if (n === 0) throw new Error('E'.repeat(1_000_000));
      return n;
    });
    const failed = await worker.request(0);
    expect(failed.kind).toBe('failed');
    const message = failed.kind === 'failed' ? failed.message : '';
    expect(message.startsWith('E'.repeat(FAILURE_CHARS))).toBe(true);
    expect(message.endsWith('… (Shown 2,000 of 1,000,000 characters.)')).toBe(true);
    await expect(worker.request(5)).resolves.toEqual({ kind: 'ok', value: 5 });
    expect(started).toHaveLength(1);
  });

  it('a crashed Web Worker: the message of its error event is cut by the door, and the worker replaced', async () => {
    // The error event of a worker that died of an uncaught throw carries the thrown text, as
    // long as learner code made it (before the door it reached the page whole).
    const made: { onerror: ((event: ErrorEvent) => void) | null; terminated: boolean }[] = [];
    const create = () => {
      const fake = {
        onmessage: null,
        onerror: null as ((event: ErrorEvent) => void) | null,
        terminated: false,
        postMessage() {},
        terminate() {
          fake.terminated = true;
        },
      };
      made.push(fake);
      return fake as unknown as Worker;
    };
    const worker = new GuardedWorker<number, number>(create, 1_000);
    const answer = worker.request(1);
    const text = `Uncaught Error: ${'E'.repeat(20 * 1024 * 1024)}`;
    made[0].onerror?.({ message: text, preventDefault() {} } as unknown as ErrorEvent);
    const result = await answer;
    expect(result.kind).toBe('crashed');
    const message = result.kind === 'crashed' ? result.message : '';
    expect(message.length).toBeLessThan(FAILURE_CHARS + 150);
    expect(message).toMatch(/^Uncaught Error: E+… \(Shown 2,0\d\d of 20,971,536 characters\.\)$/);
    expect(made[0].terminated).toBe(true);
  });

  it('a reply that says failed is cut on the page too, whatever the worker sent', async () => {
    const made: { onmessage: ((event: MessageEvent) => void) | null }[] = [];
    const create = () => {
      const fake = { onmessage: null, onerror: null, postMessage() {}, terminate() {} };
      made.push(fake);
      return fake as unknown as Worker;
    };
    const worker = new GuardedWorker<number, number>(create, 1_000);
    const answer = worker.request(1);
    made[0].onmessage?.({ data: { id: 1, failed: 'F'.repeat(5_000_000) } } as MessageEvent);
    const result = await answer;
    expect(result.kind === 'failed' && result.message.length).toBeLessThan(FAILURE_CHARS + 150);
    expect(result.kind === 'failed' && result.message).toContain('of 5,000,000 characters.)');
  });

  it('passes progress on, and a silence longer than silentMs ends the request and the worker', async () => {
    vi.useFakeTimers();
    let go: () => void = () => {};
    const { worker, started } = wired<number, string, number>(
      (n, progress) =>
        new Promise((resolve) => {
          progress(n);
          go = () => resolve('done');
        }),
    );
    const seen: number[] = [];
    const answer = worker.request(7, {
      silentMs: 200,
      timeoutMs: 10_000,
      onProgress: (p) => seen.push(p),
    });
    await vi.advanceTimersByTimeAsync(199);
    expect(seen).toEqual([7]);
    await vi.advanceTimersByTimeAsync(200);
    await expect(answer).resolves.toEqual({ kind: 'timeout', ms: 200, limit: 'silence' });
    expect(started[0].terminated).toBe(true);
    go();
  });

  it('the time limit replaces the worker; queued requests end as crashed, and the next one gets a fresh worker', async () => {
    vi.useFakeTimers();
    const { worker, started } = wired((n: number) => (n === 0 ? new Promise<number>(() => {}) : n));
    const stuck = worker.request(0);
    const queued = worker.request(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(stuck).resolves.toEqual({ kind: 'timeout', ms: 1_000, limit: 'total' });
    await expect(queued).resolves.toMatchObject({ kind: 'crashed' });
    expect(started[0].terminated).toBe(true);
    const next = worker.request(3);
    await vi.advanceTimersByTimeAsync(0);
    await expect(next).resolves.toEqual({ kind: 'ok', value: 3 });
    expect(started).toHaveLength(2);
  });

  it('with ackStart the limit counts from when the worker begins the request, not while it waits', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const { worker } = wired(
      (n: number) => (n === 0 ? new Promise<number>((resolve) => (release = () => resolve(0))) : n),
      { ackStart: true, timeoutMs: 1_000 },
    );
    const first = worker.request(0, 5_000);
    const second = worker.request(1);
    await vi.advanceTimersByTimeAsync(3_000);
    release();
    await expect(first).resolves.toEqual({ kind: 'ok', value: 0 });
    await expect(second).resolves.toEqual({ kind: 'ok', value: 1 });
  });

  it('terminate() ends the worker at once; what was pending resolves as stopped', async () => {
    const { worker, started } = wired(() => new Promise<number>(() => {}));
    const pending = worker.request(undefined as never);
    worker.terminate();
    await expect(pending).resolves.toEqual({ kind: 'stopped' });
    expect(started[0].terminated).toBe(true);
  });
});
