import { readdirSync, readFileSync } from 'node:fs';

/** A process of this machine: its pid, its state letter (T = stopped) and its command line. */
export interface ProcessRow {
  pid: number;
  ppid: number;
  state: string;
  cmdline: string;
}

/** The processes whose command line contains `needle`, read from /proc (Linux). */
export function processesMentioning(needle: string): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      if (!cmdline.includes(needle)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      rows.push({ pid: Number(name), state: after[0], ppid: Number(after[1]), cmdline });
    } catch {
      // The process ended while we looked.
    }
  }
  return rows;
}
