import { showMessage, shownLine, type ShownText } from '@/lib/bounded';
import { cutEntries, parseHistory, type HistoryEntry } from './history';
import { drawHistory, type HistoryDrawing } from './history-lanes';

/**
 * What an imported history may hold. A file over `maxBytes` is refused before it is read; past
 * `maxEntries` lines the first ones are drawn and the rest counted ("shown N of M"). The page
 * draws the first `maxLanes` processes and, across them, the first `maxMarks` marks and bars,
 * and lists the first `maxEvents` events.
 */
export interface HistoryImportLimits {
  maxBytes: number;
  maxEntries: number;
  maxLanes: number;
  maxMarks: number;
  /** Rows of the event table (the events cross to the page only this far). */
  maxEvents: number;
}

export const HISTORY_IMPORT_LIMITS: HistoryImportLimits = {
  maxBytes: 5_000_000,
  maxEntries: 10_000,
  maxLanes: 20,
  maxMarks: 300,
  maxEvents: 50,
};

export type HistoryImport =
  | {
      ok: true;
      drawing: HistoryDrawing;
      shown: number;
      total: number;
      /** "Shown N of M characters of names and details" when a text was cut, else null. */
      textCut: ShownText | null;
      /** "Shown N of M processes" when the page draws only the first lanes, else null. */
      lanesCut: ShownText | null;
      /** "Shown N of M marks and bars" when the drawn lanes hold more than the page draws. */
      marksCut: ShownText | null;
    }
  | { ok: false; error: ShownText };

/** Refuses a file too big to read, before reading it. */
export function historySizeProblem(
  bytes: number,
  limits: Pick<HistoryImportLimits, 'maxBytes'> = HISTORY_IMPORT_LIMITS,
): string | null {
  if (bytes === 0) return 'The file is empty.';
  if (bytes > limits.maxBytes)
    return `The file is ${(bytes / 1e6).toFixed(1)} MB; the page reads histories up to ${limits.maxBytes / 1e6} MB. Record a shorter run (fewer --runs).`;
  return null;
}

/**
 * The drawing cut to what the page can draw in one frame: the first `maxLanes` lanes, and
 * across them at most `maxMarks` marks and bars (each lane keeps its first ones), and the first
 * `maxEvents` events for the table. The counts (and `eventCount`) keep the whole history.
 */
export function cutDrawing(
  drawing: HistoryDrawing,
  limits: Pick<HistoryImportLimits, 'maxLanes' | 'maxMarks' | 'maxEvents'>,
): { drawing: HistoryDrawing; lanesCut: ShownText | null; marksCut: ShownText | null } {
  const lanes = drawing.lanes.slice(0, limits.maxLanes);
  let left = limits.maxMarks;
  let total = 0;
  const cut = lanes.map((lane) => {
    total += lane.marks.length + lane.spans.length;
    const marks = lane.marks.slice(0, left);
    left -= marks.length;
    const spans = lane.spans.slice(0, left);
    left -= spans.length;
    return { ...lane, marks, spans };
  });
  const shownMarks = limits.maxMarks - left;
  return {
    drawing: { ...drawing, lanes: cut, events: drawing.events.slice(0, limits.maxEvents) },
    lanesCut: shownLine(
      { shown: lanes.length, total: drawing.lanes.length, atLeast: false },
      'processes (the first are drawn; the tables count them all)',
    ),
    marksCut: shownLine(
      { shown: shownMarks, total, atLeast: false },
      'marks and bars on the drawn lanes (each lane’s first)',
    ),
  };
}

/**
 * Reads a JSONL history text, keeps its first `maxEntries` entries, cuts every text of them at
 * the door to the page, lays them out and cuts the drawing. Runs in the crash lab's import
 * Web Worker: a hostile file costs that worker time, never the page's.
 */
export function importHistory(
  text: string,
  limits: HistoryImportLimits = HISTORY_IMPORT_LIMITS,
): HistoryImport {
  const sizeProblem = historySizeProblem(text.length, limits);
  if (sizeProblem) return { ok: false, error: showMessage(sizeProblem) };
  const lines = text.split('\n');
  let total = 0;
  let cut = lines.length;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    total++;
    if (total === limits.maxEntries + 1) cut = i;
  }
  let entries: HistoryEntry[];
  let textCut: ShownText | null;
  try {
    const shown = cutEntries(parseHistory(lines.slice(0, cut).join('\n')));
    entries = shown.entries;
    textCut = shownLine(shown.chars, 'characters of names and details (long ones end with …)');
  } catch (error) {
    return {
      ok: false,
      error: showMessage(
        `${(error as Error).message}. Import a history written by npm run lab -- chaos or run --history.`,
      ),
    };
  }
  if (entries.length === 0)
    return { ok: false, error: showMessage('The file holds no history entries.') };
  return {
    ok: true,
    ...cutDrawing(drawHistory(entries), limits),
    shown: entries.length,
    total,
    textCut,
  };
}
