/**
 * Unicode's control (Cc) and format (Cf) characters and the line and paragraph separators, but
 * the line break and the tab: a U+202E in a name turns the rest of its line around, a zero-width
 * one makes two names look alike, an escape sequence can recolour or clear a terminal.
 */
const UNPRINTABLE = /(?![\n\t])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * A name from outside (a worker's name in a history file, an owner, a path) as it is shown: each
 * control or format character written as its \uXXXX escape (per UTF-16 unit, so the result is
 * valid inside a JSON string too), line breaks and tabs kept. Uses the realm's own built-ins: for
 * text from files and databases, not from a worker that ran learner code (see ./intrinsics.ts).
 */
export function printableText(text: string): string {
  return text.replace(UNPRINTABLE, (c) =>
    Array.from(
      { length: c.length },
      (_, i) => `\\u${c.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`,
    ).join(''),
  );
}
