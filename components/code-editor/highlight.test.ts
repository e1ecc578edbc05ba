import { describe, expect, it } from 'vitest';
import { highlight, HIGHLIGHT_CHARS } from './highlight';

describe('highlight', () => {
  it('colours keywords, strings, numbers and comments, and keeps the text exactly', () => {
    const source = "SELECT 'a', 1 -- note\nFROM t;";
    const tokens = highlight(source, 'sql');
    expect(tokens.map((t) => t.text).join('')).toBe(source);
    expect(tokens.filter((t) => t.kind !== 'plain').map((t) => [t.kind, t.text])).toEqual([
      ['keyword', 'SELECT'],
      ['string', "'a'"],
      ['number', '1'],
      ['comment', '-- note'],
      ['keyword', 'FROM'],
    ]);
  });

  it('colours only the first HIGHLIGHT_CHARS characters of a long program; the rest is one plain run', () => {
    const source = 'SELECT 1;\n'.repeat(20_000);
    const tokens = highlight(source, 'sql');
    expect(tokens.map((t) => t.text).join('')).toBe(source);
    expect(tokens.length).toBeLessThan((HIGHLIGHT_CHARS / 10) * 5 + 2);
    expect(tokens.at(-1)?.kind).toBe('plain');
    expect(tokens.at(-1)!.text.length).toBeGreaterThan(source.length - HIGHLIGHT_CHARS - 10);
  });
});
