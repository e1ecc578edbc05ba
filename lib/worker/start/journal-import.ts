import { underPagePolicy } from '@/lib/worker/page-policy';

/** The journal import's Web Worker (lib/journal): checks one journal file. */
export const startJournalImportWorker = (): Worker =>
  underPagePolicy(
    () =>
      new Worker(new URL('../../journal/import.worker.ts', import.meta.url), {
        type: 'module',
        name: 'journal-import',
      }),
  );
