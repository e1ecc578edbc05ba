import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_POINTS } from '@/lib/crashlab';
import { openFileDb } from '@/lib/sqlite/better-sqlite3-driver';
import { lab, npmLab, ROOT, type LabResult } from './lab-process';

// These tests start the CLI as real processes over real files: the crash is a real process.exit.
const dir = mkdtempSync(join(tmpdir(), 'crash-lab-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
let n = 0;
const fresh = () => join(dir, `crash-${++n}.sqlite`);

describe('the source’s sequence, as real processes', () => {
  it('submit; run --fault after_collect exits 75; inspect; wait; run takes over; evaluate passes', async () => {
    const db = fresh();
    expect((await npmLab('submit', '--db', db)).code).toBe(0);
    expect(existsSync(db.replace(/\.sqlite$/, '.publisher.sqlite'))).toBe(true);

    const crashed = await npmLab(
      'run',
      '--db',
      db,
      '--lease-seconds',
      '2',
      '--fault',
      'after_collect',
    );
    const crashedAt = Date.now();
    expect(crashed.code).toBe(75);
    expect(crashed.stderr).toMatch(/died at after_collect/);

    const inspected = await npmLab('inspect', '--db', db);
    expect(inspected.code).toBe(0);
    expect(inspected.stdout).toMatch(
      /run-0001\s+running\s+fence=1 .* collect@fence=1 draft:- verify:- publish:-/,
    );

    await sleep(Math.max(0, 2100 - (Date.now() - crashedAt)));
    const resumed = await npmLab('run', '--db', db);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/collect: checkpoint saved earlier, not redone/);
    expect(resumed.stdout).toMatch(/run-0001 succeeded: fence 2/);
    expect(resumed.stdout).toMatch(/1 run succeeded, 0 fenced out; every run is final/);

    const evaluated = await npmLab('evaluate', '--db', db);
    expect(evaluated.code).toBe(0);
    expect(evaluated.stdout).toMatch(/1 run, 1 done, 1 receipt at the publisher/);
    expect(evaluated.stdout).toMatch(/all 5 properties hold: 0 violations/);
  }, 180_000);

  it('a run while the dead worker’s lease still holds is refused with exit 3 and changes nothing', async () => {
    const db = fresh();
    await lab('submit', '--db', db);
    expect(
      (await lab('run', '--db', db, '--lease-seconds', '30', '--fault', 'after_draft')).code,
    ).toBe(75);
    const before = digest(db);
    const refused = await lab('run', '--db', db);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toMatch(
      /not claimed: run-0001: 0 rows changed: worker-\d+'s claim was refused: worker-\d+ holds the lease for another \d+\.\d s\./,
    );
    expect(refused.stdout).not.toMatch(/\d{9,}/);
    expect(digest(db)).toBe(before);
    const evaluated = await lab('evaluate', '--db', db);
    expect(evaluated.code).toBe(1);
    expect(evaluated.stdout).toMatch(/FAIL\s+every-run-succeeded\s+1 violation/);
  }, 180_000);
});

describe('sweep', () => {
  it('passes for every fault point in fresh child processes', async () => {
    // A lease of 1 s, not less: on a loaded machine a worker's own checkpoint may come later than
    // a shorter lease allows, and then it is (rightly) fenced out instead of dying at the fault.
    const swept = await lab('sweep', '--lease-seconds', '1', '--dir', dir);
    expect(swept.stderr).toBe('');
    expect(swept.code, swept.stdout).toBe(0);
    for (const fault of FAULT_POINTS) {
      expect(swept.stdout).toMatch(
        new RegExp(
          `^${fault}\\s+75\\s+0\\s+2\\s+${fault === 'before_checkpoint:collect' ? 2 : 1}\\s+1\\s+pass$`,
          'm',
        ),
      );
    }
    expect(swept.stdout).toMatch(/sweep passed: 8 of 8 fault points/);
  }, 180_000);
});

describe('run --workers 4', () => {
  it('four competing processes leave exactly one receipt', async () => {
    const db = fresh();
    await lab('submit', '--db', db);
    const raced = await lab(
      'run',
      '--db',
      db,
      '--workers',
      '4',
      '--step-ms',
      '150',
      '--lease-seconds',
      '10',
    );
    expect(raced.code).toBe(0);
    // They wait for each other (a fleet): one succeeds, the others find every run final.
    expect(raced.stdout).toMatch(/4 workers finished in/);
    expect(raced.stdout.match(/: 1 run succeeded/g)).toHaveLength(1);
    const publisher = openFileDb(db.replace(/\.sqlite$/, '.publisher.sqlite'), { readonly: true });
    expect(publisher.get('SELECT count(*) AS n FROM receipts')).toEqual({ n: 1 });
    publisher.close();
    expect((await lab('evaluate', '--db', db)).code).toBe(0);
  }, 180_000);
});

describe('bad input: a clear message, a non-zero exit, no file changed', () => {
  it('an unknown command or fault', async () => {
    const unknown = await lab('explode', '--db', fresh());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "explode"/);

    const db = fresh();
    await lab('submit', '--db', db);
    const before = digest(db);
    const badFault = await lab('run', '--db', db, '--fault', 'after_lunch');
    expect(badFault.code).toBe(2);
    expect(badFault.stderr).toMatch(
      /unknown fault "after_lunch"; fault points: before_checkpoint:collect/,
    );
    expect(digest(db)).toBe(before);

    const badLease = await lab('run', '--db', db, '--lease-seconds', '0');
    expect(badLease.code).toBe(2);
    expect(badLease.stderr).toMatch(/--lease-seconds must be a number from 0.1 to 3600/);
    expect((await lab('run', '--db', db, '--bogus')).code).toBe(2);
    expect(digest(db)).toBe(before);
  }, 180_000);

  it('a missing file is reported and not created', async () => {
    const missing = join(dir, 'nope.sqlite');
    for (const command of ['run', 'inspect', 'evaluate']) {
      const result = await lab(command, '--db', missing);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/does not exist/);
    }
    expect(existsSync(missing)).toBe(false);
  }, 180_000);

  it('a file that is not SQLite is left byte for byte as it was', async () => {
    const text = join(dir, 'notes.sqlite');
    writeFileSync(text, 'these are my notes, not a database\n'.repeat(200));
    const before = digest(text);
    for (const command of ['run', 'inspect', 'evaluate', 'submit']) {
      const result = await lab(command, '--db', text);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        command === 'submit' ? /already exists/ : /is not a SQLite database/,
      );
    }
    expect(digest(text)).toBe(before);
  }, 180_000);

  it('a SQLite file from another schema version, or another program, is refused unchanged', async () => {
    const db = fresh();
    await lab('submit', '--db', db);
    const future = join(dir, 'future.sqlite');
    copyFileSync(db, future);
    copyFileSync(
      db.replace(/\.sqlite$/, '.publisher.sqlite'),
      future.replace(/\.sqlite$/, '.publisher.sqlite'),
    );
    const edit = openFileDb(future);
    edit.run("UPDATE crashlab_meta SET value = '99' WHERE key = 'schema_version'");
    edit.close();
    const before = digest(future);
    const refused = await lab('run', '--db', future);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/schema version 99, this lab reads version 5/);
    expect(digest(future)).toBe(before);
    // Databases of the last versions, whose tables named the fence `generation`: one line that
    // says so and what to do.
    for (const [version, why] of [
      ['3', 'its tables name the fence `generation`'],
      ['4', 'its publisher’s fence table names the fence `generation`'],
    ]) {
      const older = openFileDb(future);
      older.run(`UPDATE crashlab_meta SET value = '${version}' WHERE key = 'schema_version'`);
      older.close();
      const old = await lab('run', '--db', future);
      expect(old.code).toBe(2);
      expect(old.stderr.trim().split('\n')).toHaveLength(1);
      expect(old.stderr).toContain(
        `older crash lab (schema version ${version}: ${why}), this lab reads version 5: submit a new experiment`,
      );
    }

    const other = join(dir, 'other.sqlite');
    const foreign = openFileDb(other, { mustExist: false });
    foreign.exec('CREATE TABLE songs (title TEXT)');
    foreign.close();
    const otherBefore = digest(other);
    const notOurs = await lab('inspect', '--db', other);
    expect(notOurs.code).toBe(2);
    expect(notOurs.stderr).toMatch(/not a crash-lab task database/);
    expect(digest(other)).toBe(otherBefore);
  }, 180_000);
});

describe('a stalled worker wakes up after a takeover', () => {
  it('is refused by the publisher (exit 4); the new generation’s receipt is the only one', async () => {
    const db = fresh();
    await lab('submit', '--db', db);
    // Worker A in its own process group, so the test can stop and resume all of it with real
    // signals.
    const a = spawn(
      process.execPath,
      [
        'scripts/crash-lab/lab.mjs',
        'run',
        '--db',
        db,
        '--owner',
        'worker-A',
        '--lease-seconds',
        '1',
        '--stall',
        'publish:10',
      ],
      { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT }, detached: true },
    );
    let stdout = '';
    a.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    a.stderr.on('data', () => undefined);
    const exited = new Promise<number>((done) => a.on('exit', (code) => done(code ?? 1)));
    const group = -a.pid!;
    try {
      // Wait until A is inside publish (its attempt is recorded, its effect not yet sent), then
      // stop it there: a real stop-the-world pause, held for as long as the takeover takes, so
      // nothing depends on how fast this machine runs B.
      const reader = () => openFileDb(db, { readonly: true });
      for (;;) {
        const handle = reader();
        const started = handle.get<{ n: number }>(
          "SELECT count(*) AS n FROM step_attempts WHERE step = 'publish'",
        )?.n;
        handle.close();
        if (started) break;
        await sleep(50);
      }
      process.kill(group, 'SIGSTOP');

      // B tries until A's 1-second lease has run out: before that it is told who holds the run.
      let takeover: LabResult;
      for (;;) {
        takeover = await lab('run', '--db', db, '--owner', 'worker-B');
        if (takeover.code === 0) break;
        expect(`${takeover.stdout}${takeover.stderr}`).toMatch(
          /not claimed: run-0001: .*worker-A holds the lease for another /,
        );
      }
      expect(takeover.stdout).toMatch(
        /claimed run-0001: fence 2, resuming after collect, draft, verify/,
      );

      process.kill(group, 'SIGCONT');
      expect(await exited).toBe(4);
    } finally {
      if (a.exitCode === null && a.signalCode === null) process.kill(group, 'SIGKILL');
    }
    expect(stdout).toMatch(
      /run-0001 fenced out at publish \(fence 1\): Refused: the publisher has seen fence 2, higher than worker-A's fence 1\. worker-B holds the run \(fence 2\)\./,
    );

    const inspected = await lab('inspect', '--db', db);
    expect(inspected.stdout).toMatch(/2 requests: 1 applied, 0 duplicate, 1 refused/);
    expect((await lab('evaluate', '--db', db)).code).toBe(0);
  }, 90_000);
});
