import { underPagePolicy } from '@/lib/worker/page-policy';

/** The crash lab's history import Web Worker (lib/crashlab): reads and draws one history file. */
export const startHistoryImportWorker = (): Worker =>
  underPagePolicy(
    () =>
      new Worker(new URL('../../crashlab/history-import.worker.ts', import.meta.url), {
        type: 'module',
        name: 'crash-lab-history-import',
      }),
  );
