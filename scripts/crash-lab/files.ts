import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { schemaProblem } from '@/lib/crashlab';
import { openFileDb, type FileDriver } from '@/lib/sqlite/better-sqlite3-driver';

/** Input the lab refuses: printed as one clear line, exit code 2, and no file touched. */
export class BadInput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadInput';
  }
}

const SQLITE_HEADER = 'SQLite format 3\0';

/** The publisher's file when --publisher is not given: beside the task database. */
export function defaultPublisherPath(taskPath: string): string {
  const ext = extname(taskPath);
  const stem = basename(taskPath, ext);
  return join(dirname(taskPath), `${stem}.publisher${ext || '.sqlite'}`);
}

function readHeader(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const read = readSync(fd, buffer, 0, 16, 0);
    return buffer.subarray(0, read).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens an existing crash-lab database for writing, after checking, without writing anything,
 * that the file exists, is SQLite, and has this lab's schema version.
 */
export function openLabFile(
  path: string,
  kind: 'task' | 'publisher',
  options: { readonly?: boolean } = {},
): FileDriver {
  if (!existsSync(path)) {
    throw new BadInput(
      `${kind} database ${path} does not exist${kind === 'task' ? ' (create it with: submit --db ' + path + ')' : ''}`,
    );
  }
  if (!statSync(path).isFile()) throw new BadInput(`${kind} database ${path} is not a file`);
  if (readHeader(path) !== SQLITE_HEADER)
    throw new BadInput(`${path} is not a SQLite database (its header is wrong)`);
  const probe = openFileDb(path, { readonly: true });
  let problem: string | null;
  try {
    problem = schemaProblem(probe, kind === 'task' ? 'crashlab_meta' : 'publisher_meta', kind);
  } catch (error) {
    problem = `${path} cannot be read as SQLite (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    probe.close();
  }
  if (problem) throw new BadInput(`${path}: ${problem}`);
  return options.readonly ? openFileDb(path, { readonly: true }) : openFileDb(path);
}

/** Creates a new database file; refuses to reuse a path that already exists. */
export function createLabFile(path: string, kind: 'task' | 'publisher'): FileDriver {
  if (existsSync(path)) {
    throw new BadInput(
      `${kind} database ${path} already exists: submit starts a new experiment, choose a new path`,
    );
  }
  if (!existsSync(dirname(path) || '.')) throw new BadInput(`the folder of ${path} does not exist`);
  return openFileDb(path, { mustExist: false });
}
