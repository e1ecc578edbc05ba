import { underPagePolicy } from '@/lib/worker/page-policy';

/** The SQL console's Web Worker (lib/sqlite): the learner's queries on sql.js. */
export const startSqlConsoleWorker = (): Worker =>
  underPagePolicy(
    () =>
      new Worker(new URL('../../sqlite/sql-console.worker.ts', import.meta.url), {
        type: 'module',
        name: 'sql-console',
      }),
  );
