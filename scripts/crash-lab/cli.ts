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
import { main } from './commands';
import { EXIT } from './exit-codes';
import { BadInput } from './files';

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
    process.stderr.write(
      `crash lab: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exitCode = EXIT.failed;
  },
);
