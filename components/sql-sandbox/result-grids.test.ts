import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResultGrid } from '@/lib/sqlite';
import type { ShownText } from '@/lib/bounded';
import { ResultGrids } from './result-grids';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A grid as the worker sends it after a query whose rows were counted to `counted`. */
function grid(kept: number, counted: number, atLeast: boolean, chars: number): ResultGrid {
  const rows: ResultGrid['rows'] = Array.from({ length: kept }, (_, i) => [
    i + 1,
    'x' as ShownText,
  ]);
  return {
    sql: 'SELECT i, pad FROM c' as ShownText,
    columns: ['i' as ShownText, 'pad' as ShownText],
    rows,
    changed: 0,
    truncated: true,
    rowsShown: { shown: kept, total: counted, atLeast },
    columnsShown: { shown: 2, total: 2, atLeast: false },
    charsShown: { shown: 99_977, total: chars, atLeast: false },
    namesShown: { shown: 4, total: 4, atLeast: false },
  };
}

const shown = (g: ResultGrid) =>
  text(renderToStaticMarkup(createElement(ResultGrids, { grids: [g] })));

// F15 of review 42c: a query of 3,000,000 rows of 2,000 characters each showed "Shown 331 of more
// than 100,000 rows." beside "Shown 99,977 of 662,885 characters of cell text": 662,885 is the
// text of the 331 rows kept, not of the result. And the grid's own count line said "Showing rows
// 1–20 of 331." while another line gave the real count. The oracle is the grid the worker sent.
describe('a result cut before it reached the page', () => {
  it('counts the rows in one line, with the count the worker reached', () => {
    const seen = shown(grid(331, 100_000, true, 662_885));
    expect(seen).toContain('Showing rows 1–20 of more than 100,000; only the first 331 are kept.');
    expect(seen).not.toContain('of 331.');
    expect(seen.match(/100,000/g)).toHaveLength(1);
  });

  it('says the characters of cell text are those of the rows kept, not of the result', () => {
    const seen = shown(grid(331, 100_000, true, 662_885));
    expect(seen).toContain('Shown 99,977 of 662,885 characters of cell text in the 331 rows kept');
  });

  it('counts every row when the worker counted them all, and says nothing of rows kept', () => {
    const seen = shown(grid(500, 500, false, 120_000));
    expect(seen).toContain('Showing rows 1–20 of 500.');
    expect(seen).toContain('Shown 99,977 of 120,000 characters of cell text (long cells end');
    const cut = shown(grid(500, 2_401, false, 120_000));
    expect(cut).toContain('Showing rows 1–20 of 2,401; only the first 500 are kept.');
  });
});
