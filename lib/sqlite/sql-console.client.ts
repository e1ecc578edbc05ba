import { GuardedWorker } from '@/lib/worker/guarded-worker';
import { startSqlConsoleWorker } from '@/lib/worker/start/sql-console';
import { CONSOLE_REPLY_BOUNDS, consoleResponsePart } from './sql-console.door';
import type { ConsoleRequest, ConsoleResponse } from './sql-console.protocol';

/** How long one console run may take before its worker is replaced. */
export const CONSOLE_TIMEOUT_MS = 3_000;

/**
 * Starts the SQL console worker. `seed` (a SQL script) is run into every fresh worker, so the
 * learner gets the same starting tables after a reset or after a runaway query.
 */
export function createSqlConsole(seed: string, timeoutMs = CONSOLE_TIMEOUT_MS) {
  const worker = new GuardedWorker<ConsoleRequest, ConsoleResponse>(
    startSqlConsoleWorker,
    timeoutMs,
    (w) => void w.request({ type: 'reset', seed }, 10_000),
    true,
    { body: consoleResponsePart, bounds: CONSOLE_REPLY_BOUNDS },
  );
  return {
    reset: () => worker.request({ type: 'reset', seed }, 10_000),
    run: (sql: string) => worker.request({ type: 'run', sql }),
    dispose: () => worker.terminate(),
  };
}

export type SqlConsole = ReturnType<typeof createSqlConsole>;
