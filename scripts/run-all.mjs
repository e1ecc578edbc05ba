// Runs npm scripts at the same time and fails when any of them fails: `node scripts/run-all.mjs
// typecheck lint format:check`. Each script's output is printed whole when it ends, so two never
// interleave. The static checks are each one single-threaded process; on two cores, run one
// after another, they left a core idle for most of a minute (docs/testing.md).
//
// Names joined by commas run one after another, the next only when the one before passed:
// `typecheck,build` type-checks before the build writes .next/types, which tsc reads through
// next-env.d.ts (a file the build may be rewriting is never read half-written).
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error(
    'run-all: name the npm scripts to run, e.g. node scripts/run-all.mjs lint typecheck',
  );
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`run-all: ${error.message}\n`)));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(output));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const failed = code !== 0;
      console.log(
        `run-all: ${name} ${failed ? `failed (${signal ?? `exit ${code}`})` : 'passed'} in ${seconds} s\n`,
      );
      resolve(!failed);
    });
  });
}

/** Runs a group's scripts in order; resolves with the first that failed, or null. */
async function runGroup(group) {
  for (const name of group.split(',')) if (!(await run(name))) return name;
  return null;
}

const failed = (await Promise.all(names.map(runGroup))).filter((name) => name !== null);
if (failed.length > 0) {
  console.error(`run-all: failed: ${failed.join(', ')}`);
  process.exit(1);
}
