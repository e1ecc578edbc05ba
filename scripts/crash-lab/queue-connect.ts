import { closeSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { holdsLab, schemaProblem } from '@/lib/crashlab';
import { asyncDriver, type AsyncSqlDriver } from '@/lib/sqlite';
import { openFileDb } from '@/lib/sqlite/node';
import { BadInput, defaultPublisherPath } from './files';
import { checkCreatable, checkExisting, createAllOrNothing } from './safe-files';
import { redact } from './pg-driver';
import { connectPg, dropCreated, pgDatabaseName, type Connected } from './pg-databases';

export { pgDatabaseName } from './pg-databases';

/** Where a queue lives: a PostgreSQL URL, or a SQLite file path (the default engine). */
export type Place = { kind: 'postgres'; url: string } | { kind: 'sqlite'; path: string };

/** True for a PostgreSQL URL; anything else names a SQLite file. */
export const isPg = (s: string) => /^postgres(ql)?:\/\//.test(s);
/** A path as the learner wrote it, made absolute against the folder they typed it in. */
export const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/**
 * PostgreSQL keeps 63 bytes of a name (NAMEDATALEN - 1) and silently cuts a longer one, so two
 * long names would share one database; the lab refuses them instead.
 */
export const PG_NAME_BYTES = 63;
/**
 * A database name the lab takes as it is written: no quoting, no URL escapes, nothing cut, and
 * no upper case (the lab quotes names, and PostgreSQL folds nothing in a quoted name: Q6 and q6
 * were two databases, so a publisher differing only in case was not caught as the same one).
 */
const SAFE_PG_NAME = /^[a-z0-9_-]+$/;
/** sslmode values that the pg client reads as verify-full (and warns about in eight lines). */
const PG_ALIASED_SSLMODES = new Set(['prefer', 'require', 'verify-ca']);

/**
 * The server's own databases: the maintenance database (where the lab creates and drops its
 * own) and the templates every new database is copied from. The lab's tables never go there.
 */
const PG_RESERVED_NAMES = new Set(['postgres', 'template0', 'template1']);

/** Refuses, in one line, a PostgreSQL database name the lab could not keep as written. */
export function checkPgName(option: string, name: string) {
  if (PG_RESERVED_NAMES.has(name))
    throw new BadInput(
      `${option}: the database "${name}" is PostgreSQL's own (its maintenance database or a template); name one for the lab, such as crashlab`,
    );
  if (!SAFE_PG_NAME.test(name))
    throw new BadInput(
      `${option}: the database name "${name.slice(0, 80)}" may use only lower-case letters, digits, _ and - (no upper case, no URL escapes such as %3B)`,
    );
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > PG_NAME_BYTES)
    throw new BadInput(
      `${option}: the database name is ${bytes} bytes; PostgreSQL keeps only ${PG_NAME_BYTES} and would cut it`,
    );
}

function parsePgPlace(option: string, value: string): Place {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BadInput(`${option} ${redact(value)} is not a valid URL`);
  }
  const name = pgDatabaseName(value);
  // Without a name the server takes the user's (postgres): its maintenance database.
  if (!name)
    throw new BadInput(
      `${option} ${redact(value)} names no database: add one after the port, such as /crashlab`,
    );
  checkPgName(option, name);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode && PG_ALIASED_SSLMODES.has(sslmode) && !url.searchParams.has('uselibpqcompat'))
    throw new BadInput(
      `${option}: sslmode=${sslmode} is read by the pg client as sslmode=verify-full (the server's certificate must be valid for its host); write sslmode=verify-full, or sslmode=disable for the lab's own server`,
    );
  return { kind: 'postgres', url: value };
}

export function parsePlace(value: string, option = '--database'): Place {
  if (isPg(value)) return parsePgPlace(option, value);
  return { kind: 'sqlite', path: fromCaller(value.replace(/^sqlite:/, '')) };
}

/** The publisher beside the task database: its own database on the same server, or its own file. */
export function defaultPublisher(task: Place): Place {
  if (task.kind === 'sqlite') return { kind: 'sqlite', path: defaultPublisherPath(task.path) };
  const url = new URL(task.url);
  url.pathname = `/${url.pathname.slice(1) || 'postgres'}_publisher`;
  checkPgName('--publisher (NAME_publisher beside --database)', pgDatabaseName(url.toString()));
  return { kind: 'postgres', url: url.toString() };
}

/** Names of this machine's loopback address: one server answers on all of them. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Host, port and database of a PostgreSQL place: two URLs that name one database compare equal. */
export function pgIdentity(url: string): string {
  const u = new URL(url);
  const host = u.hostname.toLowerCase();
  return `${LOOPBACK.has(host) ? 'loopback' : host}:${u.port || '5432'}/${u.pathname.slice(1) || u.username}`;
}

/**
 * True when two connections reach one database of one server, however their URLs spell it (a
 * host alias, another address of the machine): the second's session, known by its process id and
 * start time, is seen by the first in pg_stat_activity, in the first's own database.
 */
export async function sameDatabase(a: AsyncSqlDriver, b: AsyncSqlDriver): Promise<boolean> {
  const [session] = await b.all<{ pid: number; started: string }>(
    `SELECT pid, extract(epoch FROM backend_start)::text AS started
       FROM pg_stat_activity WHERE pid = pg_backend_pid()`,
  );
  if (!session) return false;
  const seen = await a.all(
    `SELECT 1 AS seen FROM pg_stat_activity
      WHERE pid = $pid AND extract(epoch FROM backend_start)::text = $started
        AND datname = current_database()`,
    { pid: session.pid, started: session.started },
  );
  return seen.length > 0;
}

export const describePlace = (p: Place) => (p.kind === 'postgres' ? redact(p.url) : p.path);

function isSqliteFile(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    return (
      readSync(fd, buffer, 0, 16, 0) === 16 && buffer.toString('latin1') === 'SQLite format 3\0'
    );
  } finally {
    closeSync(fd);
  }
}

/** What a command does with the databases: create them, write to them, or only read them. */
export type OpenMode = 'submit' | 'use' | 'read';

async function connect(
  place: Place,
  role: 'task' | 'publisher',
  mode: OpenMode,
): Promise<Connected> {
  if (place.kind === 'postgres') return connectPg(place.url, mode === 'submit');
  const created = false; // a new SQLite file is made in a temporary folder (createQueue)
  if (mode === 'submit')
    return { db: asyncDriver(openFileDb(place.path, { mustExist: false })), created };
  // Every path and permission is checked first, and nothing is written: a bad publisher leaves
  // the task file untouched too, and a read-only one stops a run before it claims.
  checkExisting(place.path, role, mode === 'use');
  if (!isSqliteFile(place.path))
    throw new BadInput(`${place.path} is not a SQLite database (its header is wrong)`);
  return { db: asyncDriver(openFileDb(place.path, { readonly: mode === 'read' })), created };
}

export interface OpenQueue {
  task: AsyncSqlDriver;
  publisher: AsyncSqlDriver;
  /** URLs of the PostgreSQL databases this open created (submit only). */
  created: readonly string[];
  close(): Promise<void>;
}

/**
 * Connects to both databases and checks, before anything is written, that they are what the
 * command needs: an existing queue of this schema version, or (for submit) empty ones.
 */
export async function openQueue(task: Place, publisher: Place, mode: OpenMode): Promise<OpenQueue> {
  const opened: AsyncSqlDriver[] = [];
  const created: string[] = [];
  const close = async () => {
    for (const db of opened) await db.close();
  };
  try {
    if (mode === 'submit') {
      for (const [p, role] of [
        [task, 'task'],
        [publisher, 'publisher'],
      ] as const)
        if (p.kind === 'sqlite') checkCreatable(p.path, role);
    }
    // Each database is checked as soon as it is open, the task's first: a file of another
    // program is named as such before a missing publisher beside it.
    const [t, p] = [task, publisher];
    const dbs: AsyncSqlDriver[] = [];
    for (const [place, role] of [
      [t, 'task'],
      [p, 'publisher'],
    ] as const) {
      const connected = await connect(place, role, mode);
      const db = connected.db;
      opened.push(db);
      if (connected.created && place.kind === 'postgres') created.push(place.url);
      dbs.push(db);
      if (role === 'publisher' && t.kind === 'postgres' && p.kind === 'postgres')
        if (await sameDatabase(dbs[0], db))
          throw new BadInput(
            `--publisher ${describePlace(p)} reaches the same database as --database ${describePlace(t)}: name a different database`,
          );
      if (mode === 'submit') {
        if (await holdsLab(db, role))
          throw new BadInput(
            `${describePlace(place)} already holds a crash-lab queue: submit starts a new experiment, use a new database`,
          );
      } else {
        const problem = await schemaProblem(db, role);
        if (problem) throw new BadInput(`${describePlace(place)}: ${problem}`);
      }
    }
    return { task: dbs[0], publisher: dbs[1], created, close };
  } catch (error) {
    await close();
    // Nothing stays created by a refused command: every check has run by now.
    await dropCreated(created);
    throw error;
  }
}

/**
 * Creates a new experiment's databases and runs `fill` on them. New SQLite files are made in
 * temporary folders and moved into place together: on bad input or a failure, no file appears
 * (not even an empty one).
 */
export async function createQueue(
  task: Place,
  publisher: Place,
  fill: (db: OpenQueue) => Promise<void>,
): Promise<void> {
  const files = [task, publisher].flatMap((p) => (p.kind === 'sqlite' ? [p.path] : []));
  const run = async (t: Place, p: Place) => {
    const db = await openQueue(t, p, 'submit');
    try {
      await fill(db);
    } catch (error) {
      await db.close();
      await dropCreated(db.created);
      throw error;
    }
    await db.close();
  };
  if (files.length === 0) return run(task, publisher);
  for (const [p, role] of [
    [task, 'task'],
    [publisher, 'publisher'],
  ] as const)
    if (p.kind === 'sqlite') checkCreatable(p.path, role);
  await createAllOrNothing(files, async (temps) => {
    const moved = (p: Place): Place =>
      p.kind === 'sqlite' ? { kind: 'sqlite', path: temps[files.indexOf(p.path)] } : p;
    await run(moved(task), moved(publisher));
  });
}
