// What the crash lab prints of a name it was given (an owner, a file or database name, a line
// of a history file): no character that moves the terminal or reorders the line. The rule's home
// is lib/bounded (printableText), which the browser's history import uses too.
import { printableText } from '@/lib/bounded';

/**
 * Unicode's control (Cc) and format (Cf) characters and the line and paragraph separators: a
 * U+202E in an owner turned the rest of a table's line around, a zero-width one made two names
 * look equal, an escape sequence could recolour or clear the terminal (issue 42 review).
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** True when a name holds a character `printable` would escape (line breaks and tabs included). */
export function hasUnprintable(name: string): boolean {
  return UNPRINTABLE.test(name);
}

/**
 * Text as the lab prints it: each control or format character written as its \uXXXX escape (per
 * UTF-16 unit, so the result is also valid inside a JSON string), line breaks and tabs kept.
 */
export const printable = printableText;

/** Writes one line (or several, joined by \n) to stdout as printable text. */
export const printLine = (text: string) => process.stdout.write(`${printable(text)}\n`);
