import { execFile } from 'node:child_process';
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
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 17, points 5 and 6: on bad input the CLI says one clear line, exits 2, and changes
// nothing. "Nothing" is measured: the folder's listing and every file's hash, before and after.
// Run as root and as an unprivileged user (permissions mean nothing to root).
const ROOT = resolve(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
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

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(asNobody: boolean, args: string[]): Promise<Result> {
  const [file, argv] = asNobody
    ? [
        switchUser!,
        [
          '--reuid=nobody',
          '--regid=nogroup',
          '--clear-groups',
          '--',
          TSX,
          'scripts/crash-lab/cli.ts',
          ...args,
        ],
      ]
    : [TSX, ['scripts/crash-lab/cli.ts', ...args]];
  return new Promise((done) => {
    execFile(
      file,
      argv,
      { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT } },
      (error, stdout, stderr) => {
        done({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
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
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr.trim().split('\n'), 'one line, no stack trace').toHaveLength(1);
  expect(listing(folder)).toEqual(before);
}

function folderFor(asNobody: boolean, name: string): string {
  const folder = join(base, `${asNobody ? 'nobody' : 'root'}-${name}`);
  mkdirSync(folder);
  if (asNobody) chownSync(folder, NOBODY.uid, NOBODY.gid);
  return folder;
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
