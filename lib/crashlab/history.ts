import { printableText, TextBudget, type ShownOf } from '@/lib/bounded';
import { OUTCOME_KINDS, type OutcomeKind, type UnknownReason } from '@/lib/lease';
import type { Step } from './types';

/** The operations a worker invokes, and the supervisor's own actions (the nemesis). */
export const HISTORY_OPS = ['claim', 'begin', 'publish', 'checkpoint', 'finish'] as const;
export type HistoryOp = (typeof HISTORY_OPS)[number];

/**
 * One line of the JSONL history, as Jepsen keeps one: an operation's invocation, then its
 * completion with the rulebook's outcome (applied, refused, duplicate, unknown); the nemesis's
 * kills, pauses and resumptions; a worker's start and exit. `t` is wall-clock milliseconds on
 * the machine that wrote the line.
 */
export type HistoryEntry =
  | {
      type: 'invoke';
      t: number;
      pid: number;
      worker: string;
      op: HistoryOp;
      run?: string;
      generation?: number;
      step?: Step;
    }
  | {
      type: 'complete';
      t: number;
      pid: number;
      worker: string;
      op: HistoryOp;
      run?: string;
      generation?: number;
      step?: Step;
      outcome: OutcomeKind;
      reason?: UnknownReason;
      detail?: string;
    }
  | {
      type: 'nemesis';
      t: number;
      pid: number;
      worker: string;
      action: (typeof NEMESIS)[number];
      run?: string;
      generation?: number;
      point?: string;
    }
  | {
      type: 'process';
      t: number;
      pid: number;
      worker: string;
      event: (typeof PROCESS_EVENTS)[number];
      code?: number;
    };

const NEMESIS = ['kill', 'pause', 'resume', 'drop-ack', 'spawn'] as const;
const PROCESS_EVENTS = ['start', 'exit'] as const;
const OUTCOMES: readonly string[] = OUTCOME_KINDS;

/** True when `value` has the fields its `type` promises (an imported file is not trusted). */
function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  if (typeof e.t !== 'number' || typeof e.pid !== 'number' || typeof e.worker !== 'string')
    return false;
  if (e.run !== undefined && typeof e.run !== 'string') return false;
  if (e.generation !== undefined && typeof e.generation !== 'number') return false;
  const has = (list: readonly string[], field: unknown) =>
    typeof field === 'string' && list.includes(field);
  switch (e.type) {
    case 'invoke':
      return has(HISTORY_OPS, e.op);
    case 'complete':
      return has(HISTORY_OPS, e.op) && has(OUTCOMES, e.outcome);
    case 'nemesis':
      return has(NEMESIS, e.action);
    case 'process':
      return has(PROCESS_EVENTS, e.event);
    default:
      return false;
  }
}

/** Parses a JSONL history; a line that is not an entry is reported by number. */
export function parseHistory(text: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`history line ${i + 1} is not JSON`);
    }
    if (!isEntry(value)) {
      throw new Error(`history line ${i + 1} is not a crash-lab history entry`);
    }
    entries.push(value);
  });
  return entries.sort((a, b) => a.t - b.t);
}

/** One entry as a line of text, for excerpts. */
export function formatEntry(entry: HistoryEntry, t0: number): string {
  const at = `+${((entry.t - t0) / 1000).toFixed(3)}s`.padStart(10);
  const who = `${entry.worker} (pid ${entry.pid})`;
  const what = (e: { run?: string; generation?: number; step?: Step }) =>
    [e.run, e.generation !== undefined ? `fence=${e.generation}` : '', e.step]
      .filter(Boolean)
      .join(' ');
  switch (entry.type) {
    case 'invoke':
      return `${at}  ${who}  invoke   ${entry.op} ${what(entry)}`;
    case 'complete':
      return `${at}  ${who}  ${entry.outcome.padEnd(8)} ${entry.op} ${what(entry)}${entry.detail ? ` — ${entry.detail}` : ''}`;
    case 'nemesis':
      return `${at}  ${who}  NEMESIS  ${entry.action}${entry.point ? ` at ${entry.point}` : ''} ${what(entry)}`;
    case 'process':
      return `${at}  ${who}  ${entry.event}${entry.code !== undefined ? ` (exit ${entry.code})` : ''}`;
  }
}

/** Characters kept of one text of an imported entry (a worker's name, a detail). */
export const IMPORTED_TEXT_CHARS = 200;

/** Every field an entry of any type may have: an imported entry keeps these and no others. */
const ENTRY_FIELDS = [
  'type',
  't',
  'pid',
  'worker',
  'op',
  'run',
  'generation',
  'step',
  'outcome',
  'reason',
  'detail',
  'action',
  'point',
  'event',
  'code',
] as const;

/**
 * Imported entries with every text cut by the door to the page: a file may name a worker with a
 * million characters, and that name is drawn on a lane, in labels and in the table. Fields no
 * entry has, and values that are neither text nor number, are dropped (a line may carry 350,000 of its own). Returns the characters shown of
 * the characters there were, for the "Shown N of M" line.
 */
export function cutEntries(entries: readonly HistoryEntry[]): {
  entries: HistoryEntry[];
  chars: ShownOf;
} {
  const budget = new TextBudget({
    itemChars: IMPORTED_TEXT_CHARS,
    totalChars: Number.MAX_SAFE_INTEGER,
  });
  const cut = entries.map((entry) => {
    const shown: Record<string, unknown> = {};
    for (const key of ENTRY_FIELDS) {
      if (!Object.hasOwn(entry, key)) continue;
      const value: unknown = entry[key as keyof HistoryEntry];
      // A text is cut; a number kept; anything else (an object or array where a text belongs)
      // is dropped, so nothing but text and numbers reaches the page.
      // Control and format characters are shown escaped: a worker named with a U+202E turned
      // the rest of its label around (issue 42 review).
      if (typeof value === 'string') shown[key] = printableText(budget.take(value));
      else if (typeof value === 'number') shown[key] = value;
    }
    return shown as unknown as HistoryEntry;
  });
  return { entries: cut, chars: budget.chars };
}
