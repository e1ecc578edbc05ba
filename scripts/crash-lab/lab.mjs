// npm run lab -- <command>: starts the crash lab's CLI (cli.ts) from one bundle of its
// TypeScript, built by esbuild when a source file changed and run by this same Node process.
//
// Why a bundle: the CLI is a real process per command, and the lab and its tests start hundreds
// of them (every worker, every crash, every chaos incarnation). Under tsx each start compiled
// the TypeScript again: about 1 s of CPU for `--help`, against about 0.2 s from the bundle
// (docs/testing.md has the figures). The bundle lives in node_modules/.cache/crash-lab/, beside
// a list of the files it was built from and their modification times; any change rebuilds it.
import { createRequire } from 'node:module';
import {
  accessSync,
  constants,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ENTRY = 'scripts/crash-lab/cli.ts';
const CACHE = join(ROOT, 'node_modules', '.cache', 'crash-lab');
const BUNDLE = join(CACHE, 'cli.cjs');
const INPUTS = join(CACHE, 'cli.inputs.json');

/** True when the bundle was built from exactly the files as they are now. */
function upToDate() {
  try {
    statSync(BUNDLE);
    const inputs = JSON.parse(readFileSync(INPUTS, 'utf8'));
    return Object.entries(inputs).every(
      ([file, mtime]) => statSync(join(ROOT, file)).mtimeMs === mtime,
    );
  } catch {
    return false;
  }
}

async function rebuild() {
  const { build } = await import('esbuild');
  mkdirSync(CACHE, { recursive: true });
  // esbuild reports a folder it cannot write to in words; this check gives the error's code.
  accessSync(CACHE, constants.W_OK);
  // Written under this process's own names, then renamed: two commands started at once never
  // read a half-written bundle.
  const temporary = `${BUNDLE}.${process.pid}.tmp`;
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    alias: { '@': ROOT },
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs))
    inputs[file] = statSync(join(ROOT, file)).mtimeMs;
  writeFileSync(`${INPUTS}.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(temporary, BUNDLE);
  renameSync(`${INPUTS}.${process.pid}.tmp`, INPUTS);
}

const CANNOT_WRITE = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * The file to run: the bundle, built first if a source changed. A user who cannot write the
 * checkout's cache (the tests run the CLI as `nobody` too) runs the TypeScript through tsx
 * instead, as the CLI ran before the bundle: the same code, slower to start.
 */
async function entry() {
  if (upToDate()) return BUNDLE;
  try {
    await rebuild();
    return BUNDLE;
  } catch (error) {
    if (CANNOT_WRITE.has(error?.code)) {
      await import('tsx');
      return join(ROOT, ENTRY);
    }
    const first = error?.errors?.[0];
    const where = first?.location ? ` (${first.location.file}:${first.location.line})` : '';
    process.stderr.write(
      `crash lab: could not build the CLI from its source: ${first?.text ?? error?.message ?? error}${where}; run npm install, or fix the file named\n`,
    );
    process.exit(1);
  }
}

const cli = await entry();

// The CLI finds the checkout and starts its worker processes from these, not from its own
// file's place (the bundle sits in node_modules/.cache).
process.env.CRASH_LAB_ROOT = ROOT;
// A worker process starts through this file again, which picks the bundle or tsx for itself.
process.env.CRASH_LAB_CLI = fileURLToPath(import.meta.url);
createRequire(import.meta.url)(cli);
