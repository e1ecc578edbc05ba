/*
 * The page's door of lib/crashlab: what starts the browser lab's Web Workers (import.meta.url,
 * bundler only; the command-line lab imports '@/lib/crashlab').
 */

/** Starts one of the browser lab's Web Workers (a holder's loop). */
export { startCrashLabWorker } from '@/lib/worker/start/crash-lab';
/** Imports a history file in a Web Worker: the page receives only the cut drawing. */
export { importHistoryInWorker, HISTORY_IMPORT_TIMEOUT_MS } from './history-import.client';
