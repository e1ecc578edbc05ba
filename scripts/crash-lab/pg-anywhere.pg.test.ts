import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testPortRange } from './pg-global-setup';
import { runtimeHome } from './pg-runtime';
import { portInUse } from './pg-server';

// Issue 24: the lab's PostgreSQL starts from wherever a newcomer put the checkout. A copy of the
// checkout goes into a folder only its owner can enter (0700, as root's home is), under names
// with spaces, and `pg start`, `pg status` and `pg stop` run there through npm, as a learner runs
// them: once as root (the server then runs as the OS user postgres, which cannot enter that
// folder) and once as an unprivileged user (the server runs as that user).
const ROOT = resolve(__dirname, '..', '..');
const isRoot = process.getuid?.() === 0;
const LEARNER = 'crashlab-learner';
const cleanups: (() => unknown)[] = [];
mkdirSync(join(ROOT, '.lab'), { recursive: true });
// One at a time, each finished before the next: a server still stopping (its `npm run lab`
// reading the copy) while the copy is removed recreated folders inside it (ENOTEMPTY).
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 120_000);

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** The first free port of this checkout's test range other than the shared server's. */
async function freePort(): Promise<number> {
  const [from, to] = testPortRange();
  for (let port = from; port <= to; port++)
    if (port !== inject('pgPort') && !(await portInUse(port))) return port;
  throw new Error(`no free port in ${from}-${to}; set CRASHLAB_PG_PORTS to a wider free range`);
}

/**
 * The checkout's sources copied (its node_modules hard-linked: same files, new path) into
 * `<base>/private folder/check out`, whose parent only its owner can enter.
 */
function copyCheckout(base: string, owner?: { uid: number; gid: number }): string {
  const folder = join(base, 'private folder');
  const checkout = join(folder, 'check out');
  mkdirSync(checkout, { recursive: true });
  for (const entry of ['package.json', 'tsconfig.json', 'lib', 'content', 'scripts'])
    cpSync(join(ROOT, entry), join(checkout, entry), { recursive: true });
  try {
    execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(checkout, 'node_modules')]);
  } catch {
    // Another file system: a real copy (slower, same result).
    rmSync(join(checkout, 'node_modules'), { recursive: true, force: true });
    execFileSync('cp', ['-a', join(ROOT, 'node_modules'), join(checkout, 'node_modules')]);
  }
  if (owner) for (const path of [base, folder, checkout]) chownSync(path, owner.uid, owner.gid);
  chmodSync(folder, 0o700);
  return checkout;
}

/** `npm run lab -- …` in the copy, as the given user (or as this process's user). */
function npmLab(
  checkout: string,
  args: string[],
  as?: { uid: number; gid: number; home: string },
): Promise<Result> {
  const env = (
    as
      ? {
          PATH: process.env.PATH,
          HOME: as.home,
          USER: LEARNER,
          LOGNAME: LEARNER,
          LANG: 'C.UTF-8',
        }
      : Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')))
  ) as NodeJS.ProcessEnv;
  return new Promise((done) => {
    execFile(
      'npm',
      ['run', '--silent', 'lab', '--', ...args],
      {
        cwd: checkout,
        env: { ...env, INIT_CWD: checkout },
        ...(as ? { uid: as.uid, gid: as.gid } : {}),
      },
      (error, stdout, stderr) =>
        done({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

const uidOf = (pid: number) =>
  Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** pg start, status and stop in the copy; returns the uid the server ran as. */
async function startStatusStop(
  checkout: string,
  as?: { uid: number; gid: number; home: string },
): Promise<number> {
  const port = await freePort();
  const labDir = join(checkout, '.lab', 'pg');
  cleanups.push(() => rmSync(runtimeHome(labDir), { recursive: true, force: true }));
  const started = await npmLab(checkout, ['pg', 'start', '--port', String(port)], as);
  cleanups.push(() => npmLab(checkout, ['pg', 'stop'], as));
  expect(started.stderr).toBe('');
  expect(started.code).toBe(0);
  expect(started.stdout).toContain(`postgres://postgres:crashlab@127.0.0.1:${port}/crashlab`);
  const status = await npmLab(checkout, ['pg', 'status'], as);
  expect(status.code).toBe(0);
  const pid = Number(/running \(pid (\d+)\)/.exec(status.stdout)?.[1]);
  const uid = uidOf(pid);
  const stopped = await npmLab(checkout, ['pg', 'stop'], as);
  expect(stopped.stdout.trim()).toBe('stopped the lab server');
  expect(stopped.code).toBe(0);
  const after = await npmLab(checkout, ['pg', 'status'], as);
  expect(after.stdout).toMatch(/^not running/);
  return uid;
}

/** The unprivileged user the test runs as, created (with a home) when missing. */
function learner(): { uid: number; gid: number; home: string } {
  const entry = () => {
    try {
      return execFileSync('getent', ['passwd', LEARNER], { encoding: 'utf8' }).trim().split(':');
    } catch {
      return null;
    }
  };
  if (!entry()) execFileSync('useradd', ['--create-home', '--shell', '/bin/bash', LEARNER]);
  const [, , uid, gid, , home] = entry()!;
  return { uid: Number(uid), gid: Number(gid), home };
}

describe('the lab PostgreSQL from a checkout in a private folder with spaces', () => {
  it.skipIf(!isRoot)(
    'as root: pg start, status, stop; the server runs as postgres, which cannot enter the folder (skipped unless root: only root has a postgres user to switch to)',
    async () => {
      const base = mkdtempSync(join(ROOT, '.lab', 'anywhere-root-'));
      cleanups.push(() => rmSync(base, { recursive: true, force: true }));
      const checkout = copyCheckout(base);
      const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      expect(await startStatusStop(checkout)).toBe(postgresUid);
    },
  );

  it('as an unprivileged user (created when missing): the server runs as that user', async () => {
    if (!isRoot) {
      // Already unprivileged: run as ourselves.
      const base = mkdtempSync(join(ROOT, '.lab', 'anywhere-user-'));
      cleanups.push(() => rmSync(base, { recursive: true, force: true }));
      expect(await startStatusStop(copyCheckout(base))).toBe(process.getuid!());
      return;
    }
    const user = learner();
    const base = mkdtempSync(join(user.home, 'lab test '));
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    const checkout = copyCheckout(base, user);
    expect(await startStatusStop(checkout, user)).toBe(user.uid);
  });
});

describe('a server that cannot start says so in one line', () => {
  it('pg start on a folder whose data is not a cluster: one line, exit 1, no stack', async () => {
    const base = mkdtempSync(join(ROOT, '.lab', 'anywhere-bad-'));
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    const dir = join(base, 'server');
    mkdirSync(join(runtimeHome(dir), 'data'), { recursive: true });
    cleanups.push(() => rmSync(runtimeHome(dir), { recursive: true, force: true }));
    writeFileSync(join(runtimeHome(dir), 'data', 'stray.txt'), 'not a cluster');
    const port = String(await freePort());
    const result = await npmLab(ROOT, ['pg', 'start', '--dir', dir, '--port', port]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/is not empty and holds no PostgreSQL cluster; remove it/);
    writeFileSync(join(base, 'a-file'), '');
    const notFolder = await npmLab(ROOT, ['pg', 'start', '--dir', join(base, 'a-file', 'x')]);
    expect(notFolder.stderr.trim().split('\n')).toHaveLength(1);
    expect(notFolder.stderr).toMatch(/cannot create the server folder .* \(ENOTDIR\)/);
  });

  it('the postgres test project fails its setup with that line when no server can start', async () => {
    const busy = inject('pgPort');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'),
    ) as NodeJS.ProcessEnv;
    const result = await new Promise<Result>((done) =>
      execFile(
        join(ROOT, 'node_modules', '.bin', 'vitest'),
        ['run', '--project', 'postgres', 'scripts/crash-lab/queue.pg.test.ts'],
        { cwd: ROOT, env: { ...env, CRASHLAB_PG_PORTS: `${busy}-${busy}`, NO_COLOR: '1' } },
        (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );
    const output = result.stdout + result.stderr;
    expect(result.code).not.toBe(0);
    expect(output).toContain(
      `Error: the PostgreSQL test server could not start: no free port in ${busy}-${busy} for the test server; set CRASHLAB_PG_PORTS to a free range`,
    );
    expect(output).not.toMatch(/\n\s+at |Emitted 'error' event/);
  });
});
