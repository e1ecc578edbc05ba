#!/usr/bin/env -S npx tsx
/**
 * The crash lab on the command line: real processes over real SQLite files or PostgreSQL.
 *   npm run lab -- --help              (every command, every exit code)
 *   npm run lab -- <command> --help    (one command: usage, options, exit codes, an example)
 *   npm run lab -- submit   --db crash.sqlite
 *   npm run lab -- run      --db crash.sqlite --lease-seconds 2 --fault after_collect   (exits 75)
 *   npm run lab -- evaluate --db crash.sqlite
 * Whatever fails, the learner reads one line on stderr (and an exit code), never a stack trace;
 * `--verbose` adds the stack of an unexpected error.
 */
import { describeFailure } from './errors';

const argv = process.argv.slice(2);
const verbose = argv.includes('--verbose');
let reported = false;

function fail(error: unknown) {
  if (reported) return;
  reported = true;
  const { text, code } = describeFailure(error, verbose);
  process.stderr.write(`${text}\n`);
  process.exitCode = code;
}

// Failures outside main's promise (an 'error' event nobody handled, a rejected promise left
// behind) get the same one line, then the process ends with its code.
process.on('uncaughtException', (error) => {
  fail(error);
  process.exit();
});
process.on('unhandledRejection', (error) => {
  fail(error);
  process.exit();
});

// The commands are loaded here, not imported above, so that a module that fails to load (a
// native binding built for another Node, say) is reported like any other failure.
// Help needs none of the lab's modules; the commands are loaded only for a command.
import('./help')
  .then(async ({ helpFor }) => {
    const help = helpFor(argv);
    if (help !== null) {
      process.stdout.write(`${help}\n`);
      return 0;
    }
    return (await import('./queue-cli')).main(argv);
  })
  .then((code) => {
    process.exitCode = code;
  }, fail);
