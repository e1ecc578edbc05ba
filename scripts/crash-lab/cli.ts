#!/usr/bin/env -S npx tsx
/**
 * The crash lab on the command line: real processes over real SQLite files.
 *   npm run lab -- submit   --db crash.sqlite
 *   npm run lab -- run      --db crash.sqlite --lease-seconds 2 --fault after_collect   (exits 75)
 *   npm run lab -- inspect  --db crash.sqlite
 *   npm run lab -- run      --db crash.sqlite
 *   npm run lab -- evaluate --db crash.sqlite
 *   npm run lab -- sweep
 */
import { main } from './queue-cli';
import { EXIT } from './exit-codes';
import { BadInput } from './files';
import { ServerCannotStart } from './bad-input';

/** Errors of the file system or of SQLite opening a file: bad input, not a bug of the lab. */
const FILE_ERRORS = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EISDIR',
  'ENOTDIR',
  'ENOENT',
  'ELOOP',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_FULL',
  'SQLITE_NOTADB',
]);

function fileErrorCode(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (FILE_ERRORS.has(code) || code.startsWith('SQLITE_READONLY')))
      return code;
  }
  return null;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof BadInput) {
      process.stderr.write(`crash lab: ${error.message}\n`);
      process.exitCode = EXIT.badInput;
      return;
    }
    if (error instanceof ServerCannotStart) {
      process.stderr.write(`crash lab: ${error.message}\n`);
      process.exitCode = EXIT.failed;
      return;
    }
    const code = fileErrorCode(error);
    if (code) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      process.stderr.write(`crash lab: a file could not be used (${code}): ${message}\n`);
      process.exitCode = EXIT.badInput;
      return;
    }
    process.stderr.write(
      `crash lab: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exitCode = EXIT.failed;
  },
);
