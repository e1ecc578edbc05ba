import type { EditorLanguage } from './types';

/** A run of source text and what it is, for the read-only preview shown before Monaco loads. */
export interface Token {
  text: string;
  kind: 'plain' | 'keyword' | 'string' | 'comment' | 'number';
}

const TS_KEYWORDS = new Set(
  'const let var function return if else for while of in new typeof as type interface import export from true false null undefined async await throw try catch'.split(
    ' ',
  ),
);
const SQL_KEYWORDS = new Set(
  'SELECT FROM WHERE AND OR NOT UPDATE SET INSERT INTO VALUES CREATE TABLE IF EXISTS PRIMARY KEY TEXT INTEGER RETURNING AS IN NULL DELETE BEGIN COMMIT ROLLBACK JOIN ON ORDER BY LIMIT'.split(
    ' ',
  ),
);

// One alternation, tried left to right at each position: comments, strings, numbers, words.
const PATTERN =
  /(\/\/[^\n]*|--[^\n]*|\/\*[\s\S]*?\*\/)|(`(?:\\[\s\S]|[^`\\])*`?|'(?:\\.|[^'\\\n])*'?|"(?:\\.|[^"\\\n])*"?)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)/g;

/**
 * Characters coloured at most: a saved program may be 200,000 characters (tens of thousands of
 * runs, each an element); past this the preview shows the rest as plain text, one text node.
 */
export const HIGHLIGHT_CHARS = 20_000;

/**
 * Splits source into coloured runs. Small and forgiving: it only has to look like the editor
 * for the second or two before the editor arrives; the text itself is exactly the source.
 */
export function highlight(source: string, language: EditorLanguage): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  const sql = language === 'sql';
  for (const match of source.matchAll(PATTERN)) {
    if ((match.index ?? 0) >= HIGHLIGHT_CHARS) break;
    const at = match.index ?? 0;
    if (at > last) tokens.push({ text: source.slice(last, at), kind: 'plain' });
    const [text, comment, string, number, word] = match;
    if (comment && (sql ? !comment.startsWith('//') : !comment.startsWith('--')))
      tokens.push({ text, kind: 'comment' });
    else if (comment) tokens.push({ text, kind: 'plain' });
    else if (string) tokens.push({ text, kind: 'string' });
    else if (number) tokens.push({ text, kind: 'number' });
    else if (word)
      tokens.push({
        text,
        kind: (sql ? SQL_KEYWORDS.has(word.toUpperCase()) : TS_KEYWORDS.has(word))
          ? 'keyword'
          : 'plain',
      });
    last = at + text.length;
  }
  if (last < source.length) tokens.push({ text: source.slice(last), kind: 'plain' });
  return tokens;
}
