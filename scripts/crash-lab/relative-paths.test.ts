import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAB, type LabResult } from './lab-process';

// Issue 42 review F1: `node …/lab.mjs chaos --db X.sqlite` typed in another folder than the
// checkout. The workers start in the checkout's root; handed the relative path unchanged they
// looked for the database there, exited 2 unseen, and chaos reported every run as a violation.
const dir = mkdtempSync(join(tmpdir(), 'crash-lab-relative-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI started in `cwd` directly with node, as a script would: no npm, so no INIT_CWD. */
function labIn(cwd: string, ...args: string[]): Promise<LabResult> {
  const env = { ...process.env };
  delete env.INIT_CWD;
  return new Promise((done) =>
    execFile(process.execPath, [LAB, ...args], { cwd, env }, (error, stdout, stderr) =>
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    ),
  );
}

describe('relative paths typed in another folder than the checkout', () => {
  it('chaos --db X.sqlite --history H: the workers find the database the supervisor made', async () => {
    const chaos = await labIn(
      dir,
      ...['chaos', '--db', 'X.sqlite', '--runs', '3', '--seed', '31', '--workers', '2'],
      ...['--seconds', '120', '--lease-seconds', '5', '--history', 'H'],
    );
    expect(chaos.stdout + chaos.stderr).toMatch(/3\/3 runs succeeded.* 0 violations/);
    expect(chaos.code).toBe(0);
    expect(existsSync(join(dir, 'X.sqlite'))).toBe(true);
    expect(existsSync(join(dir, 'H'))).toBe(true);
  }, 120_000);

  it('run --workers 2 --db R.sqlite: both workers work on the file in this folder', async () => {
    expect((await labIn(dir, 'submit', '--db', 'R.sqlite', '--runs', '2')).code).toBe(0);
    const run = await labIn(dir, 'run', '--db', 'R.sqlite', '--workers', '2');
    expect(run.stdout + run.stderr).not.toMatch(/does not exist/);
    expect(run.code).toBe(0);
    const evaluated = await labIn(dir, 'evaluate', '--db', 'R.sqlite');
    expect(evaluated.stdout).toMatch(/0 violations/);
  }, 120_000);

  it('a worker that refuses its options (exit 2) is named as the cause, not counted as violations', async () => {
    const chaos = await labIn(
      dir,
      ...['chaos', '--db', 'S.sqlite', '--runs', '3', '--seed', '31', '--workers', '2'],
      ...['--seconds', '120', '--history', 'SH', '--step-ms', '70000'],
    );
    expect(chaos.code, chaos.stdout + chaos.stderr).toBe(2);
    expect(chaos.stderr.trim().split('\n')).toHaveLength(1);
    expect(chaos.stderr).toMatch(
      /chaos stopped: worker w\d refused to start \(exit 2\): --step-ms must be a number from 0 to 60000, not "70000"/,
    );
    expect(chaos.stdout).not.toMatch(/violation/);
  }, 120_000);
});
