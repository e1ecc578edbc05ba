import { accessSync, constants, linkSync, lstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BadInput } from './bad-input';

/**
 * Path and permission checks done before the crash lab opens anything, and the creation of new
 * files that either all appear or none do. Every refusal is a BadInput: one line, exit 2.
 */

/** What is at `path`, or null when nothing is; a name the OS refuses outright is an error. */
function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch (error) {
    // ENAMETOOLONG: no file can ever be there; the CLI says so in one line (errors.ts).
    if ((error as NodeJS.ErrnoException).code === 'ENAMETOOLONG') throw error;
    return null;
  }
}

function canAccess(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

function checkFolder(path: string, kind: string, writable: boolean): void {
  const folder = dirname(path) || '.';
  const stat = lstatOrNull(folder);
  if (!stat) throw new BadInput(`the folder of the ${kind} database ${path} does not exist`);
  if (!statSync(folder).isDirectory())
    throw new BadInput(`the folder of the ${kind} database ${path} is not a folder`);
  if (writable && !canAccess(folder, constants.W_OK | constants.X_OK)) {
    // SQLite writes a journal beside the database for every transaction.
    throw new BadInput(
      `cannot write in the folder ${folder} (SQLite keeps its journal beside the ${kind} database); check its permissions`,
    );
  }
  if (!writable && !canAccess(folder, constants.X_OK))
    throw new BadInput(`cannot enter the folder ${folder}; check its permissions`);
}

/**
 * A path where a new database will be created: nothing there (not even a dangling symbolic
 * link, which SQLite would follow), and a folder this process may write in.
 */
export function checkCreatable(path: string, kind: 'task' | 'publisher'): void {
  const existing = lstatOrNull(path);
  if (existing?.isSymbolicLink()) {
    throw new BadInput(
      `${kind} database ${path} is a symbolic link; submit creates new files only, choose a new path`,
    );
  }
  if (existing)
    throw new BadInput(
      `${kind} database ${path} already exists: submit starts a new experiment, choose a new path`,
    );
  checkFolder(path, kind, true);
}

/**
 * An existing database the lab will open: a regular file (a link is fine if it leads to one),
 * readable, and, when the command writes, writable along with its folder.
 */
export function checkExisting(path: string, kind: 'task' | 'publisher', writable: boolean): void {
  const link = lstatOrNull(path);
  if (link?.isSymbolicLink() && !canAccess(path, constants.F_OK)) {
    throw new BadInput(`${kind} database ${path} is a symbolic link to a file that does not exist`);
  }
  checkFolder(path, kind, writable);
  if (!canAccess(path, constants.F_OK)) {
    throw new BadInput(
      `${kind} database ${path} does not exist${kind === 'task' ? ` (create it with: submit --db ${path})` : ''}`,
    );
  }
  if (!statSync(path).isFile()) throw new BadInput(`${kind} database ${path} is not a file`);
  if (!canAccess(path, constants.R_OK))
    throw new BadInput(`cannot read the ${kind} database ${path}; check its permissions`);
  if (writable && !canAccess(path, constants.W_OK)) {
    throw new BadInput(
      `the ${kind} database ${path} is read-only; this command writes to it (inspect and evaluate only read)`,
    );
  }
}

/**
 * Creates new files all at once: `build` writes them in a temporary folder beside each final
 * path (same file system, so the move is a rename of the directory entry), then each is linked
 * into place, which fails rather than replace a file that appeared meanwhile. If anything fails,
 * the files already placed and the temporary folders are removed: nothing is left half made.
 */
export async function createAllOrNothing(
  targets: readonly string[],
  build: (tempPaths: string[]) => Promise<void>,
): Promise<void> {
  const temps: string[] = [];
  const folders: string[] = [];
  const placed: string[] = [];
  try {
    for (const target of targets) {
      // A short folder name: the file inside keeps the target's name, so a name that fits at
      // the target fits here too.
      const folder = mkdtempSync(join(dirname(target) || '.', '.crash-lab-new-'));
      folders.push(folder);
      temps.push(join(folder, basename(target)));
    }
    await build(temps);
    targets.forEach((target, i) => {
      try {
        linkSync(temps[i], target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST')
          throw new BadInput(
            `${target} appeared while the experiment was being created; nothing was changed`,
          );
        throw new BadInput(
          `cannot create ${target} (${code ?? String(error)}); nothing was changed`,
        );
      }
      placed.push(target);
    });
  } catch (error) {
    for (const path of placed) rmSync(path, { force: true });
    throw error;
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}
