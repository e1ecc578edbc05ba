// What the crash lab prints of a name it was given (an owner, a file or database name, a line
// of a history file): no character that moves the terminal or reorders the line. The rule's home
// is lib/bounded (printableText), which the browser's history import uses too.
import { printableText } from '@/lib/bounded';

/**
 * True when a name holds a control or format character (Unicode Cc, Cf, and the line and
 * paragraph separators), the line break and the tab included: what printable would escape, or
 * keep only because it separates lines.
 */
export function hasUnprintable(name: string): boolean {
  return /[\n\t]/.test(name) || printableText(name) !== name;
}

/**
 * Text as the lab prints it: each control or format character written as its \uXXXX escape (per
 * UTF-16 unit, so the result is also valid inside a JSON string), line breaks and tabs kept.
 */
export const printable = printableText;

/** Writes one line (or several, joined by \n) to stdout as printable text. */
export const printLine = (text: string) => process.stdout.write(`${printable(text)}\n`);
