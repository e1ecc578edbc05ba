import { existsSync, openSync, readSync, closeSync } from 'node:fs';
import { resolve } from 'node:path';
import { holdsQueue, queueSchemaProblem } from '@/lib/crashlab/queue/schema';
import { asyncDriver, type AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import { openFileDb } from '@/lib/sqlite/better-sqlite3-driver';
import { BadInput, defaultPublisherPath } from './files';
import { describeConnectionError, openPg, redact } from './pg-driver';

/** Where a queue lives: a PostgreSQL URL, or a SQLite file path (the default engine). */
export type Place = { kind: 'postgres'; url: string } | { kind: 'sqlite'; path: string };

const isPg = (s: string) => /^postgres(ql)?:\/\//.test(s);
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

export function parsePlace(value: string): Place {
  if (isPg(value)) {
    try {
      new URL(value);
    } catch {
      throw new BadInput(`--database ${redact(value)} is not a valid URL`);
    }
    return { kind: 'postgres', url: value };
  }
  return { kind: 'sqlite', path: fromCaller(value.replace(/^sqlite:/, '')) };
}

/** The publisher beside the task database: its own database on the same server, or its own file. */
export function defaultPublisher(task: Place): Place {
  if (task.kind === 'sqlite') return { kind: 'sqlite', path: defaultPublisherPath(task.path) };
  const url = new URL(task.url);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1) || 'postgres')}_publisher`;
  return { kind: 'postgres', url: url.toString() };
}

export const describePlace = (p: Place) => (p.kind === 'postgres' ? redact(p.url) : p.path);

async function connectPg(url: string, create: boolean): Promise<AsyncSqlDriver> {
  try {
    return await openPg(url);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!(create && code === '3D000')) throw new BadInput(describeConnectionError(url, error));
  }
  // submit on a server without the database yet: create it (credentials already proved valid
  // by the maintenance database's login), then connect.
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  let maintenance: AsyncSqlDriver;
  try {
    maintenance = await openPg(admin.toString());
  } catch (error) {
    throw new BadInput(describeConnectionError(admin.toString(), error));
  }
  try {
    await maintenance.exec(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    throw new BadInput(
      `cannot create database ${name} at ${redact(url)}: ${(error as Error).message}`,
    );
  } finally {
    await maintenance.close();
  }
  return openPg(url);
}

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

async function connect(
  place: Place,
  role: 'task' | 'publisher',
  create: boolean,
): Promise<AsyncSqlDriver> {
  if (place.kind === 'postgres') return connectPg(place.url, create);
  if (create) {
    if (existsSync(place.path))
      throw new BadInput(
        `${role} database ${place.path} already exists: submit starts a new experiment, choose a new path`,
      );
    return asyncDriver(openFileDb(place.path, { mustExist: false }));
  }
  if (!existsSync(place.path))
    throw new BadInput(
      `${role} database ${place.path} does not exist (create it with: submit --database ${place.path})`,
    );
  if (!isSqliteFile(place.path))
    throw new BadInput(`${place.path} is not a SQLite database (its header is wrong)`);
  return asyncDriver(openFileDb(place.path));
}

export interface OpenQueue {
  task: AsyncSqlDriver;
  publisher: AsyncSqlDriver;
  close(): Promise<void>;
}

/**
 * Connects to both databases and checks, before anything is written, that they are what the
 * command needs: an existing queue of this schema version, or (for submit) empty ones.
 */
export async function openQueue(
  task: Place,
  publisher: Place,
  mode: 'use' | 'submit',
): Promise<OpenQueue> {
  const opened: AsyncSqlDriver[] = [];
  const close = async () => {
    for (const db of opened) await db.close();
  };
  try {
    if (mode === 'submit' && task.kind === 'sqlite' && publisher.kind === 'sqlite') {
      for (const [p, role] of [
        [task, 'task'],
        [publisher, 'publisher'],
      ] as const) {
        if (existsSync(p.path))
          throw new BadInput(
            `${role} database ${p.path} already exists: submit starts a new experiment, choose a new path`,
          );
      }
    }
    const t = await connect(task, 'task', mode === 'submit');
    opened.push(t);
    const p = await connect(publisher, 'publisher', mode === 'submit');
    opened.push(p);
    for (const [db, role, place] of [
      [t, 'task', task],
      [p, 'publisher', publisher],
    ] as const) {
      if (mode === 'submit') {
        if (await holdsQueue(db, role))
          throw new BadInput(
            `${describePlace(place)} already holds a crash-lab queue: submit starts a new experiment, use a new database`,
          );
      } else {
        const problem = await queueSchemaProblem(db, role);
        if (problem) throw new BadInput(`${describePlace(place)}: ${problem}`);
      }
    }
    return { task: t, publisher: p, close };
  } catch (error) {
    await close();
    throw error;
  }
}
