import { BUILT_INS } from './intrinsics';

const { stringSlice, charCodeAt, arraySlice, numberToLocale, floor, max, min } = BUILT_INS;

declare const shownBrand: unique symbol;

/**
 * Text that passed the door to the page: cut to a known bound by this module. Only this module
 * makes one, so a type that holds `ShownText` cannot carry a 20 MB string from learner code, a
 * database, storage or a file to React.
 */
export type ShownText = string & { readonly [shownBrand]: true };

/** A count that was cut for the page: `shown` of `total` (total is a lower bound when `atLeast`). */
export interface ShownOf {
  shown: number;
  total: number;
  atLeast: boolean;
}

/** The door's default bounds; each caller may pass its own, smaller or larger. */
export const PAGE_BOUNDS = {
  /** One message: an exception, an error from SQLite, a notice, a status line. */
  messageChars: 2_000,
  /** One item of a list: a cell, a column name, a history line. */
  itemChars: 300,
  /** Items of one list: columns, rows, lines. */
  listItems: 500,
  /** Every character of one result together (a run's snapshots, one console run). */
  totalChars: 100_000,
} as const;

/** The end of a cut text: the reader sees that more was there. */
export const CUT_MARK = '…';

const count = (n: number) => numberToLocale(n, 'en-US');

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The first `maxChars` characters of `text` (UTF-16 units, never half a surrogate pair), with
 * "…" when it was cut, and how much was shown. It reads only the characters it keeps, plus the
 * length: a 20 MB string costs what its first `maxChars` cost. It calls the built-ins as they
 * were when the module loaded (./intrinsics.ts): a program that replaced String.prototype.slice
 * does not change what it keeps.
 */
export function cutText(text: string, maxChars: number): { text: ShownText; chars: ShownOf } {
  const total = text.length;
  const limit = max(0, floor(maxChars));
  if (total <= limit)
    return { text: text as ShownText, chars: { shown: total, total, atLeast: false } };
  let end = limit;
  if (end > 0 && isHighSurrogate(charCodeAt(text, end - 1))) end -= 1;
  return {
    text: `${stringSlice(text, 0, end)}${CUT_MARK}` as ShownText,
    chars: { shown: end, total, atLeast: false },
  };
}

/** "Shown 2,000 of 20,971,520 characters." for a cut count, or null when nothing was cut. */
export function shownLine(cut: ShownOf, what: string): ShownText | null {
  if (cut.shown >= cut.total && !cut.atLeast) return null;
  return `Shown ${count(cut.shown)} of ${cut.atLeast ? 'more than ' : ''}${count(cut.total)} ${what}.` as ShownText;
}

/**
 * One message for the page (an exception, an error, a notice): cut to `maxChars`, and when cut it
 * says so at its end: "…EEEE… (Shown 2,000 of 20,971,522 characters.)".
 */
export function showMessage(text: string, maxChars: number = PAGE_BOUNDS.messageChars): ShownText {
  const cut = cutText(text, maxChars);
  const line = shownLine(cut.chars, 'characters');
  return (line ? `${cut.text} (${line})` : cut.text) as ShownText;
}

/**
 * The app's own words around text that already passed the door:
 * shown`SQLite error on line ${line}: ${message}`. The literal parts are the app's code; every
 * interpolated part must be ShownText or a number, so the result is bounded too.
 */
export function shown(words: TemplateStringsArray, ...parts: (ShownText | number)[]): ShownText {
  let text = words[0];
  for (let i = 0; i < parts.length; i += 1) text += `${parts[i]}${words[i + 1]}`;
  return text as ShownText;
}

/** The first `maxItems` items of a list, and how many were shown of how many. */
export function showList<T>(
  items: readonly T[],
  maxItems: number = PAGE_BOUNDS.listItems,
): { items: T[]; count: ShownOf } {
  const limit = max(0, floor(maxItems));
  return {
    items: arraySlice(items, 0, limit),
    count: { shown: min(items.length, limit), total: items.length, atLeast: false },
  };
}
