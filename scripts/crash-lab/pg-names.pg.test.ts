import { describe, expect, inject, it } from 'vitest';
import { lab, refusalProblems } from './lab-process';
import { openPg } from './pg-driver';
import { labUrl } from './pg-server';

// Issue 42, point 9, against the lab's real server. The probe's own URLs, names and owner
// (sslmode=require, x%3By, names past 63 bytes, --publisher equal to --database, 5,000 line
// breaks) are replayed by e2e/fuzz-cli.spec.ts; here the spellings of one database the review
// found after.
const port = inject('pgPort');

// Issue 42, point 9 (review): the same database spelled with another host was taken as the
// publisher (both queues in one database), and --publisher …/Q6 beside --database …/q6 made two
// databases Q6 and q6 (names are quoted, and PostgreSQL folds nothing in a quoted name).
describe('the publisher as the task database, however the URL spells it', () => {
  const atHost = (host: string, name: string) =>
    labUrl(port, name).replace('@127.0.0.1:', `@${host}:`);

  it('refuses localhost beside 127.0.0.1, and Q6 beside q6, in one line before connecting', async () => {
    const name = `same${process.pid}`;
    for (const [database, publisher, refusal] of [
      [labUrl(port, name), atHost('localhost', name), /--publisher must be a different database/],
      [labUrl(port, name), atHost('[::1]', name), /--publisher must be a different database/],
      [labUrl(port, name), labUrl(port, name.toUpperCase()), /may use only lower-case letters/],
    ] as const) {
      const result = await lab(
        'submit',
        '--database',
        database,
        '--publisher',
        publisher,
        '--runs',
        '1',
      );
      expect(refusalProblems(result), result.stderr).toEqual([]);
      expect(result.stderr).toMatch(refusal);
    }
    const admin = await openPg(labUrl(port, 'postgres'));
    try {
      const made = await admin.all(`SELECT datname FROM pg_database WHERE lower(datname) = $n`, {
        n: name,
      });
      expect(made).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  it('refuses, after connecting, a host spelling the URL check cannot know (127.1)', async () => {
    const name = `alias${process.pid}`;
    const result = await lab(
      'submit',
      '--database',
      labUrl(port, name),
      '--publisher',
      atHost('127.1', name),
      '--runs',
      '1',
    );
    expect(refusalProblems(result), result.stderr).toEqual([]);
    expect(result.stderr).toMatch(/reaches the same database as --database/);
    // Nothing is left behind: submit created the task database before the check could run, and
    // removes it again (it was left empty before: issue 42 review).
    const admin = await openPg(labUrl(port, 'postgres'));
    try {
      const made = await admin.all(`SELECT datname FROM pg_database WHERE datname = $n`, {
        n: name,
      });
      expect(made).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
