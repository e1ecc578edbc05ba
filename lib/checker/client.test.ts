import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkerReply } from '@/lib/worker';
import { CheckerClient } from './client';
import type { CheckerReply } from './protocol';
import type { SearchProgress } from './types';
import type { StatementDraft } from './validate';

type Said = { progress: SearchProgress } | { body: CheckerReply };

/**
 * A stand-in worker: it records what it was sent and answers only when the test says so, about
 * the last request it was sent (lib/worker's protocol: the reply carries the request's id).
 */
function fakeWorker() {
  const worker = {
    onmessage: null as
      ((event: MessageEvent<WorkerReply<CheckerReply, SearchProgress>>) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    terminated: false,
    postMessage: vi.fn(),
    terminate() {
      worker.terminated = true;
    },
    say(message: Said) {
      const { id } = worker.postMessage.mock.calls.at(-1)![0] as { id: number };
      worker.onmessage?.({ data: { id, ...message } } as MessageEvent<
        WorkerReply<CheckerReply, SearchProgress>
      >);
    },
  };
  return worker;
}

const draft = {} as StatementDraft;
const bound = {} as never;

afterEach(() => vi.useRealTimers());

describe('CheckerClient time limits (issue 17, point 7)', () => {
  it('stops a check that goes silent (a statement that never returns), naming the limit', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker();
    const client = new CheckerClient(() => worker as unknown as Worker, {
      silentMs: 20_000,
      totalMs: 300_000,
    });
    const outcome = client.checkDraft(draft, bound, () => {});
    await vi.advanceTimersByTimeAsync(19_000);
    expect(worker.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(worker.terminated).toBe(true);
    await expect(outcome).resolves.toEqual({
      kind: 'error',
      message: expect.stringMatching(/went 20 seconds without progress \(the limit\)/),
    });
  });

  it('keeps a check that reports progress, and stops it at the total limit', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker();
    const client = new CheckerClient(() => worker as unknown as Worker, {
      silentMs: 20_000,
      totalMs: 60_000,
    });
    const outcome = client.checkDraft(draft, bound, () => {});
    for (let t = 0; t < 50_000; t += 10_000) {
      await vi.advanceTimersByTimeAsync(10_000);
      worker.say({ progress: {} as never });
    }
    expect(worker.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(outcome).resolves.toEqual({
      kind: 'error',
      message: expect.stringMatching(/time limit of 60 seconds/),
    });
  });

  it('a result in time clears the limits', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker();
    const client = new CheckerClient(() => worker as unknown as Worker, {
      silentMs: 1_000,
      totalMs: 2_000,
    });
    const outcome = client.checkDraft(draft, bound, () => {});
    worker.say({ body: { type: 'invalid', problems: [] } });
    await expect(outcome).resolves.toEqual({ kind: 'invalid', problems: [] });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(worker.terminated).toBe(false);
  });
});
