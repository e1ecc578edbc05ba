import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileDb } from '@/lib/sqlite/better-sqlite3-driver';
import { describeFailure, FILE_ERRORS } from './errors';
import { HELP_PAGES, helpFor } from './help';
import { LAB, refusalProblems, ROOT, runProcess, type LabResult } from './lab-process';

// Issue 17, points 5 and 6: on bad input the CLI says one clear line, exits 2, and changes
// nothing. "Nothing" is measured: the folder's listing and every file's hash, before and after.
// Run as root and as an unprivileged user (permissions mean nothing to root).
const base = mkdtempSync(join(tmpdir(), 'crash-lab-bad-input-'));
chmodSync(base, 0o755);
afterAll(() => {
  chmodRecursive(base);
  rmSync(base, { recursive: true, force: true });
});

function chmodRecursive(path: string) {
  chmodSync(path, 0o777);
  for (const entry of readdirSync(path, { withFileTypes: true }))
    if (entry.isDirectory()) chmodRecursive(join(path, entry.name));
}

const isRoot = process.getuid?.() === 0;
const switchUser = ['/usr/bin/setpriv', '/bin/setpriv'].find(existsSync);
const NOBODY = { uid: 65534, gid: 65534 };

function cli(asNobody: boolean, args: string[]): Promise<LabResult> {
  return asNobody
    ? runProcess(switchUser!, [
        '--reuid=nobody',
        '--regid=nogroup',
        '--clear-groups',
        '--',
        process.execPath,
        LAB,
        ...args,
      ])
    : runProcess(process.execPath, [LAB, ...args]);
}

/** Every entry under a folder (links shown as links) with each file's hash. */
function listing(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      const rel = path.slice(folder.length + 1);
      if (stat.isSymbolicLink()) out.push(`${rel} -> link`);
      else if (stat.isDirectory()) {
        out.push(`${rel}/ ${(stat.mode & 0o777).toString(8)}`);
        walk(path);
      } else
        out.push(
          `${rel} ${(stat.mode & 0o777).toString(8)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`,
        );
    }
  };
  walk(folder);
  return out;
}

/** Runs a refused command and checks the whole contract: exit 2, one line, nothing changed. */
async function refused(asNobody: boolean, folder: string, args: string[], message: RegExp) {
  const before = listing(folder);
  const result = await cli(asNobody, args);
  expect(refusalProblems(result), result.stderr).toEqual([]);
  expect(result.stderr).toMatch(message);
  expect(listing(folder)).toEqual(before);
}

function folderFor(asNobody: boolean, name: string): string {
  const folder = join(base, `${asNobody ? 'nobody' : 'root'}-${name}`);
  mkdirSync(folder);
  if (asNobody) chownSync(folder, NOBODY.uid, NOBODY.gid);
  return folder;
}

/**
 * Whether nobody can read the checkout's CLI. Not when the checkout sits under a folder only its
 * owner can enter (root's home is 0700): the lab itself works there (the PostgreSQL server runs
 * from a cache outside it, pg-anywhere.pg.test.ts), but a process of nobody's cannot start this
 * checkout's code at all.
 */
function nobodyReachesCheckout(): boolean {
  if (!isRoot || !switchUser) return false;
  try {
    execFileSync(switchUser, [
      '--reuid=nobody',
      '--regid=nogroup',
      '--clear-groups',
      '--',
      'test',
      '-r',
      join(ROOT, 'scripts', 'crash-lab', 'cli.ts'),
    ]);
    return true;
  } catch {
    return false;
  }
}

const users: { name: string; asNobody: boolean; skip: string | null }[] = [
  { name: isRoot ? 'as root' : 'as the current user', asNobody: false, skip: null },
  {
    name: 'as an unprivileged user (nobody)',
    asNobody: true,
    skip: !isRoot
      ? 'switching to nobody needs root'
      : !switchUser
        ? 'no setpriv on this machine'
        : !nobodyReachesCheckout()
          ? `nobody cannot reach the checkout (${ROOT} sits in a folder only its owner can enter)`
          : null,
  },
];

for (const user of users) {
  describe(`bad input ${user.name}`, () => {
    if (user.skip) {
      it.skip(`skipped: ${user.skip}`, () => {});
      console.warn(`crash-lab bad-input tests ${user.name} skipped: ${user.skip}`);
      return;
    }
    const { asNobody } = user;

    it('submit with --publisher in a missing folder creates no file at all (point 5)', async () => {
      const folder = folderFor(asNobody, 'missing-publisher-folder');
      await refused(
        asNobody,
        folder,
        [
          'submit',
          '--db',
          join(folder, 'crash.sqlite'),
          '--publisher',
          join(folder, 'nope', 'pub.sqlite'),
        ],
        /folder of the publisher database .* does not exist/,
      );
      // A retry with a good publisher path works: no leftover "already exists".
      expect((await cli(asNobody, ['submit', '--db', join(folder, 'crash.sqlite')])).code).toBe(0);
    }, 60_000);

    it('submit with --db a dangling symbolic link creates nothing behind it (point 5)', async () => {
      const folder = folderFor(asNobody, 'dangling');
      symlinkSync(join(folder, 'target.sqlite'), join(folder, 'crash.sqlite'));
      await refused(
        asNobody,
        folder,
        ['submit', '--db', join(folder, 'crash.sqlite')],
        /is a symbolic link/,
      );
      expect(existsSync(join(folder, 'target.sqlite'))).toBe(false);
      await refused(
        asNobody,
        folder,
        ['run', '--db', join(folder, 'crash.sqlite')],
        /symbolic link to a file that does not exist/,
      );
    }, 60_000);

    it('submit into a folder that is not there, and run on a folder instead of a file', async () => {
      const folder = folderFor(asNobody, 'not-there');
      await refused(
        asNobody,
        folder,
        ['submit', '--db', join(folder, 'no', 'crash.sqlite')],
        /folder of the task database .* does not exist/,
      );
      mkdirSync(join(folder, 'dir.sqlite'));
      await refused(asNobody, folder, ['run', '--db', join(folder, 'dir.sqlite')], /is not a file/);
    }, 60_000);

    if (asNobody) {
      it('a read-only task database: run refused, inspect and evaluate still read it (point 6)', async () => {
        const folder = folderFor(true, 'readonly-task');
        const db = join(folder, 'crash.sqlite');
        expect((await cli(true, ['submit', '--db', db])).code).toBe(0);
        chmodSync(db, 0o444);
        await refused(true, folder, ['run', '--db', db], /task database .* is read-only/);
        const before = listing(folder);
        expect((await cli(true, ['inspect', '--db', db])).code).toBe(0);
        expect(listing(folder)).toEqual(before);
      }, 60_000);

      it('a read-only publisher stops run before generation 1 is claimed (point 6)', async () => {
        const folder = folderFor(true, 'readonly-publisher');
        const db = join(folder, 'crash.sqlite');
        expect((await cli(true, ['submit', '--db', db])).code).toBe(0);
        chmodSync(join(folder, 'crash.publisher.sqlite'), 0o444);
        await refused(true, folder, ['run', '--db', db], /publisher database .* is read-only/);
        await refused(
          true,
          folder,
          ['run', '--db', db, '--workers', '2'],
          /publisher database .* is read-only/,
        );
      }, 60_000);

      it('a read-only folder (0555): run and submit refused with one line (point 6)', async () => {
        const folder = folderFor(true, 'readonly-folder');
        const db = join(folder, 'crash.sqlite');
        expect((await cli(true, ['submit', '--db', db])).code).toBe(0);
        chmodSync(folder, 0o555);
        await refused(true, folder, ['run', '--db', db], /cannot write in the folder/);
        await refused(
          true,
          folder,
          ['submit', '--db', join(folder, 'second.sqlite')],
          /cannot write in the folder/,
        );
        expect((await cli(true, ['evaluate', '--db', db])).code).toBe(1); // reads fine; the run is not done
      }, 60_000);
    }
  });
}

// Issue 24 and issue 27 point 10: every bad input docs/crash-lab.md and
// docs/crash-lab-postgres.md list (those that need no server; the server's own are in
// queue.pg.test.ts), each file error the OS gives, and out-of-range numbers: one line on stderr,
// no "    at ", exit 2, nothing created or changed.
describe('every bad input the docs list: one line, exit 2, nothing changed', () => {
  const folder = folderFor(false, 'docs');
  const db = join(folder, 'crash.sqlite');
  const long = join(folder, `${'n'.repeat(300)}.sqlite`);
  const setUp = (async () => {
    expect((await cli(false, ['submit', '--db', db])).code).toBe(0);
    writeFileSync(join(folder, 'notes.sqlite'), 'these are my notes, not a database\n');
    mkdirSync(join(folder, 'a-folder.sqlite'));
    writeFileSync(join(folder, 'a-file'), 'x');
    symlinkSync(join(folder, 'loop-b.sqlite'), join(folder, 'loop-a.sqlite'));
    symlinkSync(join(folder, 'loop-a.sqlite'), join(folder, 'loop-b.sqlite'));
    const other = openFileDb(join(folder, 'songs.sqlite'), { mustExist: false });
    other.exec('CREATE TABLE songs (title TEXT)');
    other.close();
    const future = openFileDb(join(folder, 'future.sqlite'), { mustExist: false });
    future.exec(
      "CREATE TABLE crashlab_meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO crashlab_meta VALUES ('schema_version', '99')",
    );
    future.close();
  })();

  const cases: [string, string[], RegExp][] = [
    ['an unknown command', ['explode', '--db', db], /unknown command "explode"/],
    ['an unknown option', ['run', '--db', db, '--bogus'], /Unknown option '--bogus'/],
    [
      'an unknown fault',
      ['run', '--db', db, '--fault', 'after_lunch'],
      /unknown fault "after_lunch"/,
    ],
    ['a missing file', ['inspect', '--db', join(folder, 'nope.sqlite')], /does not exist/],
    [
      'a file that is not SQLite',
      ['run', '--db', join(folder, 'notes.sqlite')],
      /is not a SQLite database/,
    ],
    [
      'a database of another program',
      ['evaluate', '--db', join(folder, 'songs.sqlite')],
      /not a crash-lab task database/,
    ],
    [
      'a database of another schema version',
      ['run', '--db', join(folder, 'future.sqlite')],
      /schema version 99/,
    ],
    ['submit over an existing file', ['submit', '--db', db], /already exists/],
    [
      'an unreachable server',
      ['submit', '--database', 'postgres://postgres:x@127.0.0.1:1/crashlab'],
      /cannot reach a PostgreSQL server/,
    ],
    ['a URL that is not one', ['inspect', '--database', 'postgres://[nope'], /is not a valid URL/],
    // Issue 42, point 9: each of these reached the server before (two long names cut to one
    // queue, Q6 and q6 two databases); now one line, nothing connected. The probe's own URLs and
    // owner are replayed against the lab's server by e2e/fuzz-cli.spec.ts.
    [
      'a database name with upper case (Q6 and q6 are two databases)',
      [
        'submit',
        '--database',
        'postgres://postgres:x@127.0.0.1:1/q6',
        '--publisher',
        'postgres://postgres:x@127.0.0.1:1/Q6',
      ],
      /--publisher: the database name "Q6" may use only lower-case letters/,
    ],
    [
      'the publisher as the task database on localhost beside 127.0.0.1',
      [
        'submit',
        '--database',
        'postgres://postgres:x@127.0.0.1:1/q1',
        '--publisher',
        'postgres://postgres:x@localhost:1/q1',
      ],
      /--publisher must be a different database from --database/,
    ],
    [
      'a database name past 63 bytes',
      ['submit', '--database', `postgres://postgres:x@127.0.0.1:1/${'q'.repeat(64)}`],
      /--database: the database name is 64 bytes; PostgreSQL keeps only 63/,
    ],
    [
      'a name whose publisher beside it would pass 63 bytes',
      ['submit', '--database', `postgres://postgres:x@127.0.0.1:1/${'q'.repeat(60)}`],
      /--publisher \(NAME_publisher beside --database\): the database name is 70 bytes/,
    ],
    [
      'the publisher named as the task database',
      [
        'submit',
        '--database',
        'postgres://postgres:x@127.0.0.1:1/lab',
        '--publisher',
        'postgres://other:y@127.0.0.1:1/lab',
      ],
      /--publisher must be a different database from --database/,
    ],
    // Issue 42 review F3: no name (the server takes the user's name: postgres) and the server's
    // own databases put the lab's tables into its maintenance database; port 1 shows the
    // refusal comes before any connection ("cannot reach" otherwise).
    ...(['', 'postgres', 'template0', 'template1'] as const).map(
      (name): [string, string[], RegExp] => [
        `the database name "${name}"`,
        ['submit', '--database', `postgres://postgres:x@127.0.0.1:1/${name}`],
        name
          ? new RegExp(`--database: the database "${name}" is PostgreSQL's own`)
          : /--database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/ names no database/,
      ],
    ),
    [
      'the publisher named postgres',
      [
        'submit',
        '--database',
        'postgres://postgres:x@127.0.0.1:1/lab',
        '--publisher',
        'postgres://postgres:x@127.0.0.1:1/postgres?sslmode=disable',
      ],
      /--publisher: the database "postgres" is PostgreSQL's own/,
    ],
    [
      'an --owner of 65 characters',
      ['run', '--db', db, '--owner', 'o'.repeat(65)],
      /--owner must be one line/,
    ],
    [
      'ENAMETOOLONG: a 300-character --db',
      ['submit', '--db', long],
      /file name is too long \(ENAMETOOLONG\)/,
    ],
    [
      'ENAMETOOLONG: a 300-character --publisher',
      ['submit', '--db', join(folder, 'new.sqlite'), '--publisher', long],
      /file name is too long \(ENAMETOOLONG\)/,
    ],
    ['ENAMETOOLONG: run on a 300-character --db', ['run', '--db', long], /ENAMETOOLONG/],
    [
      'ENAMETOOLONG: a 300-character --history',
      ['chaos', '--db', join(folder, 'chaos.sqlite'), '--history', long],
      /ENAMETOOLONG/,
    ],
    [
      'EISDIR: a folder for --db',
      ['run', '--db', join(folder, 'a-folder.sqlite')],
      /is not a file/,
    ],
    [
      'EISDIR: a folder for --history',
      ['evaluate', '--db', db, '--history', join(folder, 'a-folder.sqlite')],
      /cannot be read/,
    ],
    [
      'ENOTDIR: a file used as a folder',
      ['submit', '--db', join(folder, 'a-file', 'crash.sqlite')],
      /is not a folder/,
    ],
    [
      'ENOTDIR or EEXIST: a file used as the history folder',
      ['chaos', '--db', join(folder, 'c2.sqlite'), '--history', join(folder, 'a-file', 'h.jsonl')],
      /a-file: .* \((ENOTDIR|EEXIST)\)$/m,
    ],
    [
      'ELOOP: a symbolic link loop',
      ['run', '--db', join(folder, 'loop-a.sqlite')],
      /symbolic link/,
    ],
    [
      '--lease-seconds -1',
      ['run', '--db', db, '--lease-seconds', '-1'],
      /--lease-seconds must be a number from 0\.1 to 3600, not "-1"/,
    ],
    [
      '--lease-seconds=-1',
      ['run', '--db', db, '--lease-seconds=-1'],
      /--lease-seconds must be a number from 0\.1 to 3600/,
    ],
    [
      '--runs -5',
      ['submit', '--db', join(folder, 'r.sqlite'), '--runs', '-5'],
      /--runs must be a whole number from 1 to 100000, not "-5"/,
    ],
    [
      '--runs 1.5',
      ['submit', '--db', join(folder, 'r.sqlite'), '--runs', '1.5'],
      /--runs must be a whole number/,
    ],
    [
      '--workers 65',
      ['run', '--db', db, '--workers', '65'],
      /--workers must be a whole number from 1 to 64/,
    ],
    [
      '--step-ms -.5',
      ['run', '--db', db, '--step-ms', '-.5'],
      /--step-ms must be a number from 0 to 60000/,
    ],
    [
      '--port 80',
      ['pg', 'status', '--port', '80'],
      /--port must be a whole number from 1024 to 65535/,
    ],
    [
      '--seed -3',
      ['chaos', '--db', join(folder, 'c3.sqlite'), '--seed', '-3'],
      /--seed must be a whole number from 0/,
    ],
    [
      '--faults beyond the runs',
      ['chaos', '--db', join(folder, 'c4.sqlite'), '--runs', '5', '--faults', '6'],
      /--faults must be a whole number from 0 to 5/,
    ],
    [
      '--lease-seconds Infinity',
      ['run', '--db', db, '--lease-seconds', 'Infinity'],
      /--lease-seconds must be a number/,
    ],
    [
      '--stall with a negative time',
      ['run', '--db', db, '--stall', 'publish:-1'],
      /--stall must look like STEP:SECONDS/,
    ],
    [
      'a value that starts with a dash',
      ['run', '--db', db, '--history', '-h.jsonl'],
      /--history -h\.jsonl: a value that starts with a dash is read as an option; write --history=-h\.jsonl/,
    ],
    ['help for a command that is not one', ['help', 'explode'], /no help for "explode"/],
  ];

  // Concurrent: each case is a process that waits on little but its own start-up.
  it.concurrent.each(cases)(
    '%s',
    async (_name, args, message) => {
      await setUp;
      await refused(false, folder, args, message);
    },
    60_000,
  );
});

describe('help, and what an unexpected error prints', () => {
  // Every page in-process (each CLI start costs about a second of CPU); through the CLI, the
  // overview and one command's page, to show the exit code and that nothing goes to stderr.
  it('--help for the lab and for every command: usage, options, exit codes, an example', () => {
    const pages = [
      ['--help'],
      ['help'],
      [],
      ...Object.keys(HELP_PAGES).flatMap((c) => [
        [c, '--help'],
        [c, '-h'],
        ['help', c],
      ]),
      ['pg', 'start', '--help'],
      ['run', '--db', 'x.sqlite', '--help'],
    ];
    for (const args of pages) {
      const page = helpFor(args);
      for (const part of [/^usage: npm run lab -- /, /exit codes:\n {2}0 {3}ok/, /example/])
        expect(page, args.join(' ')).toMatch(part);
      if (args.length > 1) {
        expect(page, args.join(' ')).toMatch(/\noptions:\n/);
        expect(page).toMatch(/\n {2}--help, -h /);
      }
    }
    for (const command of Object.keys(HELP_PAGES))
      expect(helpFor([command, '--help'])).toContain(`usage: npm run lab -- ${command} `);
    expect(helpFor(['run', '--db', 'x.sqlite'])).toBeNull();
  });

  it('--help through the CLI: exit 0, stdout only', async () => {
    for (const args of [['--help'], ['chaos', '--help'], ['pg', 'stop', '-h']]) {
      const result = await cli(false, args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^usage: npm run lab -- /);
      expect(result.stdout).toMatch(/\nexit codes:\n {2}0 {3}ok\n/);
    }
  }, 60_000);

  it('an unexpected error is one line with a hint; --verbose adds the stack', async () => {
    const folder = folderFor(false, 'unexpected');
    const db = join(folder, 'crash.sqlite');
    expect((await cli(false, ['submit', '--db', db])).code).toBe(0);
    const broken = openFileDb(db);
    broken.exec('DROP TABLE checkpoints'); // a damaged database the schema check does not cover
    broken.close();
    const plain = await cli(false, ['inspect', '--db', db]);
    expect(plain.code).toBe(1);
    expect(plain.stderr.trim().split('\n')).toHaveLength(1);
    expect(plain.stderr).toMatch(
      /^crash lab: unexpected error: .*checkpoints.* \(rerun with --verbose to see where\)$/m,
    );
    const verbose = await cli(false, ['inspect', '--db', db, '--verbose']);
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toContain('    at ');
  }, 60_000);

  it('chaos with an existing history writes a new file beside it and says which', async () => {
    const folder = folderFor(false, 'history-policy');
    const history = join(folder, 'chaos-5.jsonl');
    writeFileSync(history, 'an earlier experiment\n');
    const args = (name: string) => [
      'chaos',
      '--db',
      join(folder, name),
      '--runs',
      '2',
      '--workers',
      '2',
      '--faults',
      '0',
      '--seed',
      '5',
      '--history',
      history,
    ];
    const first = await cli(false, args('a.sqlite'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      `history ${history} already exists; this run writes ${join(folder, 'chaos-5.2.jsonl')}`,
    );
    expect(readFileSync(history, 'utf8')).toBe('an earlier experiment\n');
    const second = await cli(false, args('b.sqlite'));
    expect(second.stdout).toContain(`this run writes ${join(folder, 'chaos-5.3.jsonl')}`);
    expect(readFileSync(join(folder, 'chaos-5.3.jsonl'), 'utf8')).toMatch(/"type":"invoke"/);
  }, 120_000);
});

// Every code of FILE_ERRORS, as Node's fs gives it and as the cause of another error: one line,
// exit 2, the code named. ENAMETOOLONG was missing before issue 27.
describe('FILE_ERRORS: every file error the OS gives is one line and exit 2', () => {
  it.each(Object.keys(FILE_ERRORS))('%s', (code) => {
    const error = Object.assign(new Error(`${code}: it failed, open '/tmp/x'`), {
      code,
      syscall: 'open',
      path: '/tmp/x',
    });
    for (const thrown of [error, new Error('opening the task database', { cause: error })]) {
      const { text, code: exit } = describeFailure(thrown, false);
      expect(exit).toBe(2);
      expect(text.split('\n')).toHaveLength(1);
      expect(text).toContain(`(${code})`);
      expect(text).toContain('/tmp/x');
    }
  });

  it('an errno the list does not name, from a system call on a path, is still a file error', () => {
    const error = Object.assign(new Error('ENOLCK: no locks'), {
      code: 'ENOLCK',
      syscall: 'open',
      path: '/tmp/y',
    });
    expect(describeFailure(error, false)).toEqual({
      text: expect.stringContaining('(ENOLCK)'),
      code: 2,
    });
  });

  it('SQLite’s file errors, extended codes included', () => {
    for (const code of [
      'SQLITE_CANTOPEN',
      'SQLITE_READONLY_DBMOVED',
      'SQLITE_IOERR_SHORT_READ',
      'SQLITE_FULL',
      'SQLITE_NOTADB',
    ])
      expect(
        describeFailure(Object.assign(new Error('unable to open database file'), { code }), false)
          .code,
      ).toBe(2);
  });
});
