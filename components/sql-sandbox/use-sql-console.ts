'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScriptResult } from '@/lib/sqlite';
import { CONSOLE_TIMEOUT_MS, createSqlConsole, type SqlConsole } from '@/lib/sqlite/client';

export type ConsoleStatus =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; ms: number }
  | { kind: 'error'; message: string; line: number }
  | { kind: 'stopped'; message: string };

/** Runs SQL in the console worker and keeps the last result and status for the page. */
export function useSqlConsole(seed: string) {
  const consoleRef = useRef<SqlConsole | null>(null);
  const [result, setResult] = useState<ScriptResult | null>(null);
  const [status, setStatus] = useState<ConsoleStatus>({ kind: 'idle' });

  useEffect(() => {
    const sqlConsole = createSqlConsole(seed);
    consoleRef.current = sqlConsole;
    void sqlConsole.reset();
    return () => sqlConsole.dispose();
  }, [seed]);

  const run = useCallback(async (sql: string) => {
    const sqlConsole = consoleRef.current;
    if (!sqlConsole) return;
    setStatus({ kind: 'running' });
    const answer = await sqlConsole.run(sql);
    if (answer.kind === 'timeout') {
      setResult(null);
      setStatus({
        kind: 'stopped',
        message: `Stopped after ${CONSOLE_TIMEOUT_MS / 1000} seconds: the query did not finish, so its worker was replaced and the database reset to its starting rows.`,
      });
      return;
    }
    if (answer.kind === 'crashed' || answer.kind === 'failed') {
      setStatus({ kind: 'stopped', message: answer.message });
      return;
    }
    if (answer.kind === 'stopped') return;
    if (answer.value.type !== 'ran') return;
    const { result: ran, ms } = answer.value;
    setResult(ran);
    setStatus(ran.error ? { kind: 'error', ...ran.error } : { kind: 'done', ms });
  }, []);

  const resetDatabase = useCallback(async () => {
    await consoleRef.current?.reset();
    setResult(null);
    setStatus({ kind: 'idle' });
  }, []);

  return { result, status, run, resetDatabase };
}
