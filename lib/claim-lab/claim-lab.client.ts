import { GuardedWorker } from '@/lib/worker/guarded-worker';
import { startClaimLabWorker } from '@/lib/worker/start/claim-lab';
import type { LabRequest, LabResponse } from './claim-lab.protocol';
import { LAB_LIMITS } from './limits';

/** Time for a fresh worker to load SQLite's WASM before its first run. */
const START_TIMEOUT_MS = 20_000;

function startLabWorker(timeoutMs: number) {
  let started: Promise<unknown> | null = null;
  const worker = new GuardedWorker<LabRequest, LabResponse>(startClaimLabWorker, timeoutMs, () => {
    started = null;
  });
  const start = () => (started ??= worker.request({ type: 'init' }, START_TIMEOUT_MS));
  void start();
  return { worker, start };
}

/**
 * The lab's workers from the page's side. Every run gets a fresh worker (a fresh realm: a
 * patched built-in or a leftover callback dies with the worker that ran it). One spare is kept
 * warm, SQLite loaded, so a run does not wait for the WASM; the worker of the last run stays
 * until the next run, for console queries on the database that run left. Runs wait until
 * their worker has loaded SQLite, so the time limit measures only the learner's program.
 */
export function createClaimLabWorker(timeoutMs: number = LAB_LIMITS.timeoutMs) {
  let spare: ReturnType<typeof startLabWorker> | null = null;
  let current: ReturnType<typeof startLabWorker> | null = null;
  const takeSpare = () => {
    const next = spare ?? startLabWorker(timeoutMs);
    spare = null;
    return next;
  };
  return {
    start() {
      spare ??= startLabWorker(timeoutMs);
      return spare.start();
    },
    async run(source: string) {
      current?.worker.terminate();
      const mine = (current = takeSpare());
      spare = startLabWorker(timeoutMs);
      await mine.start();
      return mine.worker.request({ type: 'run', source });
    },
    async console(sql: string) {
      if (!current) return { kind: 'ok', value: { type: 'console', result: null } } as const;
      await current.start();
      return current.worker.request({ type: 'console', sql });
    },
    dispose() {
      current?.worker.terminate();
      spare?.worker.terminate();
      current = spare = null;
    },
  };
}

export type ClaimLabWorker = ReturnType<typeof createClaimLabWorker>;
