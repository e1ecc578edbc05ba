// The queue lab's JSONL history file: appended by many processes, read back for evaluation.
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { parseHistory, type HistoryEntry } from '@/lib/crashlab';
import { BadInput } from './files';

/**
 * Appends history entries to a JSONL file, one write per line (O_APPEND keeps lines whole when
 * several processes write). The file is opened at the first entry, once, not at every line.
 */
export function historyWriter(path: string | undefined): (entry: HistoryEntry) => void {
  if (!path) return () => undefined;
  mkdirSync(dirname(path), { recursive: true });
  let fd: number | null = null;
  return (entry) => {
    fd ??= openSync(path, 'a');
    writeSync(fd, `${JSON.stringify(entry)}\n`);
  };
}

/**
 * Creates a new, empty history file for a chaos run and returns its path: `path` itself, or,
 * when a file is already there, the first free `NAME.2.jsonl`, `NAME.3.jsonl` … beside it. A
 * history is never appended to or replaced (two experiments in one file would evaluate as one).
 * Created with O_EXCL, so two runs started at once cannot pick the same name.
 */
export function newHistoryFile(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  const ext = extname(path);
  const stem = join(dirname(path), basename(path, ext));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? path : `${stem}.${n}${ext || '.jsonl'}`;
    try {
      closeSync(openSync(candidate, 'wx'));
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 10_000) throw error;
    }
  }
}

export function readHistory(path: string): HistoryEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new BadInput(`history ${path} cannot be read`);
  }
  try {
    return parseHistory(text);
  } catch (error) {
    throw new BadInput(`${path}: ${(error as Error).message}`);
  }
}
