import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leadingTokens, refusedStatement } from './statement-gate';

describe('the statement gate (bound-changing-statements)', () => {
  it('reads leading tokens as SQLite does: comments skipped, names unquoted', () => {
    expect(leadingTokens(`;; -- a\n/* b */ PRAGMA "x""y".[Heap] = 1`, 6)).toEqual([
      'pragma',
      'x"y',
      '.',
      'heap',
      '=',
      '1',
    ]);
  });

  it('refuses setting a bound pragma and VACUUM INTO, and nothing else of the lesson’s kind', () => {
    expect(refusedStatement('PRAGMA hard_heap_limit = 1')).toMatch(/^PRAGMA hard_heap_limit sets/);
    expect(refusedStatement("PRAGMA temp.'max_page_count'(5)")).toMatch(/max_page_count/);
    expect(refusedStatement('explain query plan pragma soft_heap_limit=1')).toMatch(/soft_heap/);
    expect(refusedStatement("VACUUM temp INTO 'f'")).toMatch(/^VACUUM INTO/);
    for (const sql of [
      'PRAGMA hard_heap_limit',
      'PRAGMA table_info(runs)',
      'PRAGMA foreign_keys = ON',
      'VACUUM',
      'VACUUM main',
      "SELECT 'PRAGMA hard_heap_limit = 1'",
      "UPDATE runs SET owner = 'VACUUM INTO x' WHERE fence = 1",
      '/* PRAGMA hard_heap_limit = 1 */ SELECT 1; PRAGMA hard_heap_limit = 1',
    ])
      expect(refusedStatement(sql), sql).toBeNull();
  });

  it('is not fooled by comments and white space put between the tokens', () => {
    const gap = fc.constantFrom(' ', '\n', '\t', '/* PRAGMA */', '-- VACUUM\n', '/**/');
    fc.assert(
      fc.property(fc.array(gap, { minLength: 5, maxLength: 5 }), (g) => {
        const sql = `${g[0]}PRAGMA${g[1]}main${g[2]}.${g[3]}hard_heap_limit${g[4]}=1`;
        const vacuum = `${g[0]}VACUUM${g[1]}INTO${g[2]}'f'`;
        return refusedStatement(sql) !== null && refusedStatement(vacuum) !== null;
      }),
    );
  });
});
