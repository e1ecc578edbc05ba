/*
 * The page's door of lib/crashlab: what starts the browser lab's Web Workers (import.meta.url,
 * bundler only; the command-line lab imports '@/lib/crashlab').
 */

/** Starts one of the browser lab's Web Workers. */
export { createLabWorker } from './browser-worker';
