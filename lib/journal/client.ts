/*
 * The page's door of lib/journal: what starts a Web Worker (import.meta.url, bundler only).
 */

/** Imports a journal file, planned in a Web Worker so a large file never blocks the page. */
export { importJournalFile, IMPORT_TIMEOUT_MS, type ImportProgress } from './import.client';
