import { underPagePolicy } from '@/lib/worker/page-policy';

/** The schedule checker's Web Worker (lib/checker): one search at a time. */
export const startCheckerWorker = (): Worker =>
  underPagePolicy(
    () =>
      new Worker(new URL('../../checker/checker.worker.ts', import.meta.url), {
        type: 'module',
        name: 'schedule-checker',
      }),
  );
