import { GuardedWorker } from '@/lib/worker/guarded-worker';
import type { LabRequest, LabResponse } from './claim-lab.protocol';
import { LAB_LIMITS } from './limits';

/** Time for a fresh worker to load SQLite's WASM before its first run. */
const START_TIMEOUT_MS = 20_000;

/**
 * The lab's worker from the page's side. Runs wait until the worker has loaded SQLite, so the
 * run's own time limit measures only the learner's program.
 */
export function createClaimLabWorker(timeoutMs: number = LAB_LIMITS.timeoutMs) {
  let started: Promise<unknown> | null = null;
  const worker = new GuardedWorker<LabRequest, LabResponse>(
    () =>
      new Worker(new URL('./claim-lab.worker.ts', import.meta.url), {
        type: 'module',
        name: 'claim-lab',
      }),
    timeoutMs,
    () => {
      started = null;
    },
  );
  const start = () => (started ??= worker.request({ type: 'init' }, START_TIMEOUT_MS));
  return {
    start,
    async run(source: string) {
      await start();
      return worker.request({ type: 'run', source });
    },
    async console(sql: string) {
      await start();
      return worker.request({ type: 'console', sql });
    },
    dispose: () => worker.terminate(),
  };
}

export type ClaimLabWorker = ReturnType<typeof createClaimLabWorker>;
