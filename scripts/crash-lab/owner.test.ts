import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lab, refusalProblems } from './lab-process';

// Issue 42 review F4: --owner was measured in UTF-16 units while its line said "characters"
// (33 emoji refused as more than 64, "20 shown and 26 more"), an owner of spaces was taken and
// printed as nothing, and `--owner -x` got Node's "argument is ambiguous".
const dir = mkdtempSync(join(tmpdir(), 'crash-lab-owner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = async () => {
  const db = join(dir, `o${++n}.sqlite`);
  expect((await lab('submit', '--db', db)).code).toBe(0);
  return db;
};
const emoji = (count: number) => '😀'.repeat(count);

describe('--owner is counted in characters, as its line says', () => {
  it('33 emoji are 33 characters: the run is claimed under that owner', async () => {
    const result = await lab('run', '--db', await fresh(), '--owner', emoji(33));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`${emoji(33)} claimed run-0001`);
  });

  it('65 emoji are refused, and the line shows 40 of them and says 25 more', async () => {
    const result = await lab('run', '--db', await fresh(), '--owner', emoji(65));
    expect(refusalProblems(result), result.stderr).toEqual([]);
    expect(result.stderr).toContain(`not "${emoji(40)}" and 25 more characters`);
  });

  for (const blank of [' ', '   ', '\u00a0\u3000']) {
    it(`an owner of only spaces (${JSON.stringify(blank)}) is refused in one line`, async () => {
      const result = await lab('run', '--db', await fresh(), '--owner', blank);
      expect(refusalProblems(result), result.stderr).toEqual([]);
      expect(result.stderr).toMatch(/--owner must be one line of 1 to 64 characters and not blank/);
    });
  }

  it('--owner -x says to write --owner=-x, in one line; --owner=-x is taken', async () => {
    const db = await fresh();
    const result = await lab('run', '--db', db, '--owner', '-x');
    expect(refusalProblems(result), result.stderr).toEqual([]);
    expect(result.stderr).toMatch(/--owner -x: .*write --owner=-x/);
    const spelled = await lab('run', '--db', db, '--owner=-x');
    expect(spelled.code, spelled.stderr).toBe(0);
    expect(spelled.stdout).toContain('-x claimed run-0001');
  });
});
