// How the crash lab's command line turns any failure into one line and an exit code.
import { BadInput, ServerCannotStart } from './bad-input';
import { EXIT } from './exit-codes';
import { printable } from './printable';

/**
 * Errors the operating system gives for a file or folder (open, create, link, rename, read,
 * write, stat), each with the words the line uses: bad input (exit 2), not a bug of the lab.
 */
export const FILE_ERRORS = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'the file is too large',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  ENOENT: 'no such file or folder',
  ENAMETOOLONG: 'the file name is too long',
  ELOOP: 'too many symbolic links (a link loop?)',
  EEXIST: 'it already exists',
  ENOTEMPTY: 'the folder is not empty',
  EMFILE: 'this process has too many open files',
  ENFILE: 'the system has too many open files',
  EBUSY: 'the file or device is busy',
  ETXTBSY: 'the file is busy (being run)',
  EXDEV: 'it is on another file system',
  EIO: 'an input/output error of the device',
  ENXIO: 'no such device',
  ENODEV: 'no such device',
  EINVAL: 'the file system refused the name or the operation',
  EAGAIN: 'the file is temporarily unavailable',
  EWOULDBLOCK: 'the file is temporarily unavailable',
  ESTALE: 'a stale network file handle',
  EOVERFLOW: 'the file is too large for this operation',
  EILSEQ: 'the file name is not valid for this file system',
} as const;

/** SQLite's own file failures (better-sqlite3 codes; the extended ones share these prefixes). */
const SQLITE_FILE_ERRORS = {
  SQLITE_READONLY: 'the database is read-only',
  SQLITE_CANTOPEN: 'SQLite cannot open the file',
  SQLITE_FULL: 'the disk is full',
  SQLITE_NOTADB: 'it is not a SQLite database',
  SQLITE_CORRUPT: 'the database file is damaged',
  SQLITE_IOERR: 'an input/output error',
  SQLITE_PERM: 'permission denied',
  SQLITE_NOLFS: 'the file is too large for this system',
} as const;

type Coded = Error & { code?: unknown; path?: unknown; dest?: unknown };

/** The file error in `error` or its causes: its code, what it means, and the path if known. */
export function fileError(
  error: unknown,
): { code: string; meaning: string; path: string | null } | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, path } = e as Coded;
    if (typeof code !== 'string') continue;
    const meaning =
      FILE_ERRORS[code as keyof typeof FILE_ERRORS] ??
      Object.entries(SQLITE_FILE_ERRORS).find(([prefix]) => code.startsWith(prefix))?.[1] ??
      // Any other errno from the file system (an error with a path and a system call).
      (/^E[A-Z]+$/.test(code) && typeof path === 'string' && 'syscall' in e
        ? 'the operating system refused it'
        : undefined);
    if (meaning) return { code, meaning, path: typeof path === 'string' ? path : null };
  }
  return null;
}

/** A long path shortened in the middle, so the line stays readable. */
export function shortPath(path: string, max = 120): string {
  if (path.length <= max) return path;
  const keep = Math.floor((max - 1) / 2);
  return `${path.slice(0, keep)}…${path.slice(-keep)} (${path.length} characters)`;
}

const firstLine = (text: string) => text.split('\n').find((l) => l.trim()) ?? text;

/**
 * What the CLI prints for a failure, and its exit code: always one line, never a stack trace
 * unless `verbose` (then the stack follows the line).
 */
export function describeFailure(error: unknown, verbose: boolean): { text: string; code: number } {
  const { text, code } = describeUnescaped(error, verbose);
  // A path, URL, owner or database name in the line is printed as given, with any control or
  // format character escaped: the line stays one line and reads in its own order.
  return { text: printable(text), code };
}

function describeUnescaped(error: unknown, verbose: boolean): { text: string; code: number } {
  if (error instanceof BadInput)
    return { text: `crash lab: ${oneLine(error.message)}`, code: EXIT.badInput };
  if (error instanceof ServerCannotStart)
    return { text: `crash lab: ${oneLine(error.message)}`, code: EXIT.failed };
  const file = fileError(error);
  if (file) {
    // Node names the path; SQLite's message is the only clue to which file it was.
    const said = error instanceof Error ? shortPath(oneLine(error.message), 200) : '';
    const where = file.path ? `${shortPath(file.path)}: ` : '';
    const detail = file.path ? file.code : `${file.code}: ${said}`;
    return {
      text: `crash lab: a file could not be used: ${where}${file.meaning} (${detail})`,
      code: EXIT.badInput,
    };
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error && error.stack ? error.stack : message;
  return {
    text: verbose
      ? `crash lab: unexpected error: ${oneLine(message)}\n${stack}`
      : `crash lab: unexpected error: ${oneLine(message)} (rerun with --verbose to see where)`,
    code: EXIT.failed,
  };
}

/** A message on one line: its lines joined (a parser's hint lines kept, but not as new lines). */
export function oneLine(message: string): string {
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length <= 1 ? firstLine(message).trim() : lines.join(' ');
}
