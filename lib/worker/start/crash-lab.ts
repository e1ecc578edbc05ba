import { underPagePolicy } from '@/lib/worker/page-policy';

/** One of the browser crash lab's Web Workers (lib/crashlab): a holder's loop. */
export const startCrashLabWorker = (): Worker =>
  underPagePolicy(
    () =>
      new Worker(new URL('../../crashlab/lab.worker.ts', import.meta.url), {
        type: 'module',
        name: 'crash-lab-worker',
      }),
  );
