import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileDb } from '@/lib/sqlite/better-sqlite3-driver';
import { BadInput } from './bad-input';
import { describeFailure } from './errors';
import { lab as cli } from './lab-process';
import { printable } from './printable';
import { parseQueueArgs } from './queue-args';

// Issue 42 review, point 9: an --owner with U+202E (a right-to-left override) was accepted and
// printed, turning the rest of a table's line around; so were zero-width and other format
// characters. Owners refuse every Unicode control (Cc) and format (Cf) character, and every
// name the lab prints (owner, file, database) is printed with them escaped.

const folder = mkdtempSync(join(tmpdir(), 'crash-lab-printable-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Characters no line the lab prints may hold. */
const HOSTILE = {
  'U+202E right-to-left override': '\u202E',
  'U+2066 left-to-right isolate': '\u2066',
  'U+061C Arabic letter mark': '\u061C',
  'U+200B zero-width space': '\u200B',
  'U+200D zero-width joiner': '\u200D',
  'U+FEFF zero-width no-break space': '\uFEFF',
  'U+E0041 tag letter A': '\u{E0041}',
  'U+0085 next line': '\u0085',
  'U+2028 line separator': '\u2028',
  'U+001B escape': '\u001B',
  'U+000D carriage return': '\r',
  'U+0000 null': '\u0000',
};
const UNPRINTED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

describe('an --owner is one plain line (owner-bidi-accepted)', () => {
  it.each(Object.entries(HOSTILE))('refuses %s in one line that does not hold it', (_, c) => {
    let refused: unknown = null;
    try {
      parseQueueArgs(['run', '--db', 'x.sqlite', '--owner', `worker${c}-B`]);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(BadInput);
    const { text, code } = describeFailure(refused, false);
    expect(code).toBe(2);
    expect(text).toMatch(/--owner must be one line of 1 to 64 characters/);
    expect(text).not.toMatch(UNPRINTED);
  });

  it('takes an owner in any script, accents and emoji included', () => {
    for (const owner of ['worker-B', 'Zoë', 'عامل', '作業者', 'w🙂'])
      expect(parseQueueArgs(['run', '--owner', owner]).values.owner).toBe(owner);
  });
});

describe('every name the lab prints is printed without control or format characters', () => {
  it('escapes them as \\uXXXX (valid in JSON too), keeps line breaks, tabs and every script', () => {
    expect(printable('a\u202Eb\u200Bc\u{E0041}d\re')).toBe(
      'a\\u202Eb\\u200Bc\\uDB40\\uDC41d\\u000De',
    );
    expect(JSON.parse(`"${printable('x\u202Ey\u0085')}"`)).toBe('x\u202Ey\u0085');
    expect(printable('line 1\n\tline 2 Zoë 作業者 🙂')).toBe('line 1\n\tline 2 Zoë 作業者 🙂');
  });

  it('a failure line naming a file keeps to one line in its own order', () => {
    const path = `/tmp/a${Object.values(HOSTILE).join('')}.sqlite`;
    const { text } = describeFailure(new BadInput(`${path} is not a SQLite database`), false);
    expect(text.split('\n')).toHaveLength(1);
    expect(text).not.toMatch(UNPRINTED);
    expect(text).toContain('\\u202E');
  });

  it('inspect prints an owner stored by hand in the database escaped, and a bad --db path too', async () => {
    const db = join(folder, 'q.sqlite');
    expect((await cli('submit', '--db', db, '--runs', '2')).code).toBe(0);
    const file = openFileDb(db);
    file.exec(`UPDATE runs SET owner = 'B\u202Edlrow' || char(10) || 'x'`);
    file.close();
    const shown = await cli('inspect', '--db', db);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('B\\u202Edlrow');
    expect(shown.stdout).not.toMatch(/(?![\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    const missing = await cli('inspect', '--db', join(folder, 'gone\u202E\u200B.sqlite'));
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr.trim()).not.toMatch(UNPRINTED);
  });
});
