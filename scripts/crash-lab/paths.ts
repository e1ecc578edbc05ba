import { resolve } from 'node:path';

/**
 * The checkout's root, and the file a worker process starts from. Run from its source (tsx, the
 * tests' imports) the CLI finds both from this file's place. Run through lab.mjs (npm run lab),
 * it may run from a bundle in node_modules/.cache, so lab.mjs names the root and itself.
 */
export const REPO_ROOT = process.env.CRASH_LAB_ROOT ?? resolve(__dirname, '..', '..');
export const CLI_ENTRY = process.env.CRASH_LAB_CLI ?? resolve(__dirname, 'cli.ts');
