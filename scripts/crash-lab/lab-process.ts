import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Test support: the crash lab's CLI started as a learner starts it, a real process per command,
 * for the unit tests beside the CLI and the end-to-end fuzz spec alike (one home for how a test
 * runs the CLI and reads what it answered).
 */
export const ROOT = resolve(__dirname, '..', '..');
export const LAB = resolve(ROOT, 'scripts', 'crash-lab', 'lab.mjs');

/** What a finished command left: its exit code (1 when it died by a signal) and its output. */
export interface LabResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `file` with `args` from the checkout's root, as `npm run lab` would, to its end. */
export function runProcess(file: string, args: readonly string[]): Promise<LabResult> {
  return new Promise((done) => {
    execFile(
      file,
      args,
      { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

/** The CLI without npm's start-up, for the many small cases. */
export const lab = (...args: string[]) => runProcess(process.execPath, [LAB, ...args]);

/** Exactly what a learner types: npm run lab -- <command>. */
export const npmLab = (...args: string[]) =>
  runProcess('npm', ['run', '--silent', 'lab', '--', ...args]);

/** How a refusal reads as the docs promise it: exit 2 and one line on stderr, no stack trace. */
export function refusalProblems(result: LabResult): string[] {
  const problems: string[] = [];
  if (result.code !== 2) problems.push(`exit ${result.code}, not 2`);
  const lines = result.stderr.trim().split('\n');
  if (lines.length !== 1) problems.push(`${lines.length} lines on stderr, not 1`);
  if (result.stderr.includes('    at ')) problems.push('a stack trace');
  return problems;
}
