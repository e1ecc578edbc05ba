import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's "where each rule lives" table is a map of the source tree: every row names a file
// and a name that must be in it. When a rule moves, this test says which row to update.
const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const table = readme.slice(
  readme.indexOf('<!-- rules:start -->'),
  readme.indexOf('<!-- rules:end -->'),
);
const rows = table
  .split('\n')
  .filter((line) => line.startsWith('|') && line.includes('`'))
  .map((line) => {
    const [rule, home, name] = line
      .split('|')
      .slice(1, 4)
      .map((cell) => cell.trim().replace(/`/g, ''));
    return { rule, home, name };
  });

describe('README: where each rule lives', () => {
  it('has the table', () => {
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });

  it.each(rows)('$rule: $name is in $home', ({ home, name }) => {
    const path = join(root, home);
    expect(existsSync(path), `${home} exists`).toBe(true);
    expect(readFileSync(path, 'utf8')).toMatch(new RegExp(`\\b${name}\\b`));
  });
});
