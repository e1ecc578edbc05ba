// The queue lab's JSONL history file: appended by many processes, read back for evaluation.
import { mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
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
