/*
 * The page's door of lib/sqlite: what starts a Web Worker (it needs a bundler's import.meta.url,
 * so Node code, which imports '@/lib/sqlite', never loads it).
 */

/** The SQL console's Web Worker, replaced when a run overruns its time limit. */
export { CONSOLE_TIMEOUT_MS, createSqlConsole, type SqlConsole } from './sql-console.client';
