/*
 * The page's door of lib/claim-lab: what starts its Web Worker (import.meta.url, bundler only).
 */

/** The claim lab's Web Worker: runs a program on real SQLite, with a time limit. */
export { createClaimLabWorker, type ClaimLabWorker } from './claim-lab.client';
