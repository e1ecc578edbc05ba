import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The CLI's own fuzz cases need no page: the fixtures' guard would start a browser for nothing.
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { interruptChaosWhilePaused, killLeftovers } from '../scripts/crash-lab/chaos-interrupt';
import { lab, refusalProblems } from '../scripts/crash-lab/lab-process';
import { startOnFreePort, testPortRange } from '../scripts/crash-lab/pg-global-setup';
import { labUrl, removeServer, startServer } from '../scripts/crash-lab/pg-server';
import { processesMentioning } from '../scripts/crash-lab/process-table';

// Issue 42, points 8 and 9: the hostile probe's own commands against the crash lab's CLI, real
// processes, the real process table and the lab's own embedded PostgreSQL. Finer cases (SIGTERM,
// SIGHUP, every refusal's wording, host aliases of one database) are the CLI's unit tests.

// Made in the worker that runs a test, not when Playwright loads the file to list its tests.
let scratch = '';
test.beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'fuzz-cli-'));
});
test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Ends the probe's Ctrl-C on `database` and checks what the issue asks: no process left. */
async function ctrlCWhilePaused(database: string, history: string) {
  const result = await interruptChaosWhilePaused({
    database,
    history,
    signal: 'SIGINT',
    group: true,
  });
  killLeftovers(result.left);
  expect(result.pausedAtSignal, result.stdout + result.stderr).toBe(true);
  expect(result.left, 'processes naming the queue after the supervisor exited').toEqual([]);
  expect(result.code, result.stderr).toBe(130);
  expect(result.stdout).toMatch(/chaos interrupted \(SIGINT\) .*paused/);
  expect(result.stderr).not.toContain('    at ');
}

test('point 8: Ctrl-C to chaos on SQLite while a worker is paused leaves no worker in the process table', async () => {
  // The probe's command: chaos --db X.sqlite --runs 200 --seed 31 --workers 4 --seconds 120
  // --lease-seconds 5 --history H, SIGINT to the group once H holds a pause line.
  await ctrlCWhilePaused(join(scratch, 'X.sqlite'), join(scratch, 'H.jsonl'));
});

/**
 * The test server's ports: CRASHLAB_PG_PORTS (as for the unit tests' server), leaving out the
 * app's port and the one after it, which e2e specs serve on.
 */
function serverPorts(): [number, number] {
  const app = Number(process.env.E2E_PORT ?? 4173);
  let [from, to] = testPortRange();
  while (from === app || from === app + 1) from += 1;
  while (to === app || to === app + 1) to -= 1;
  return [from, to];
}

test.describe('on the lab’s own PostgreSQL', () => {
  test.describe.configure({ mode: 'serial' });
  let dir = '';
  let port = 0;

  test.beforeAll(async () => {
    // A fresh scratch cluster: initdb and the start took ~11 s on two busy cores. Its folder is
    // its own: removeServer renames it and deletes it in the background.
    test.setTimeout(180_000);
    dir = mkdtempSync(join(tmpdir(), 'fuzz-cli-pg-'));
    port = await startOnFreePort(
      (candidate) => startServer({ dir, port: candidate, scratch: true }),
      serverPorts(),
    );
  });
  test.afterAll(async () => {
    test.setTimeout(60_000);
    await removeServer(dir);
  });

  async function databases(): Promise<string[]> {
    const client = new pg.Client({ connectionString: labUrl(port, 'postgres') });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database ORDER BY datname',
      );
      return rows.map((row) => row.datname);
    } finally {
      await client.end();
    }
  }

  test('point 8: Ctrl-C to chaos on PostgreSQL while a worker is paused leaves no worker and no backend', async () => {
    const name = 'chaos_ctrl_c';
    await ctrlCWhilePaused(labUrl(port, name), join(scratch, 'pg.jsonl'));
    // The server's backends for the queue ("postgres: postgres chaos_ctrl_c …") end once their
    // clients have: a stopped worker kept its connection, and so its backend.
    await expect.poll(() => processesMentioning(name), { timeout: 30_000 }).toEqual([]);
  });

  test('point 9: the probe’s URLs, names and owner are each refused in one line, and nothing is created', async () => {
    const url = (name: string) => labUrl(port, name);
    const owner = 'fuzz_owner';
    expect((await lab('submit', '--database', url(owner), '--runs', '2')).code).toBe(0);
    const runs = async () =>
      (
        JSON.parse((await lab('inspect', '--database', url(owner), '--json')).stdout) as {
          runs: unknown;
        }
      ).runs;
    const runsBefore = await runs();
    const before = await databases();
    const cases: [string, string[], RegExp][] = [
      [
        '?sslmode=require',
        ['submit', '--database', `${url('fuzz_ssl')}?sslmode=require`],
        /sslmode=require is read by the pg client as sslmode=verify-full/,
      ],
      [
        'a name with %3B',
        ['submit', '--database', url('x%3By')],
        /the database name "x%3By" may use only lower-case letters, digits, _ and -/,
      ],
      [
        'a name over 63 bytes',
        ['submit', '--database', url(`${'q'.repeat(63)}_a`)],
        /the database name is 65 bytes; PostgreSQL keeps only 63/,
      ],
      [
        'another name over 63 bytes, the same in its first 63',
        ['submit', '--database', url(`${'q'.repeat(63)}_b`)],
        /the database name is 65 bytes; PostgreSQL keeps only 63/,
      ],
      [
        '--publisher equal to --database',
        ['submit', '--database', url('fuzz_same'), '--publisher', url('fuzz_same')],
        /--publisher must be a different database from --database/,
      ],
      [
        'an --owner of 5,000 newlines',
        ['run', '--database', url(owner), '--owner', '\n'.repeat(5_000)],
        /--owner must be one line of 1 to 64 characters .* and 4960 more characters/,
      ],
    ];
    const results = await Promise.all(cases.map(([, args]) => lab(...args)));
    cases.forEach(([name, , line], i) => {
      const result = results[i];
      expect.soft(refusalProblems(result), `${name}: ${result.stderr}`).toEqual([]);
      expect.soft(result.stderr, name).toMatch(line);
      expect.soft(result.stderr, name).not.toContain('SECURITY WARNING');
    });
    expect(await databases(), 'databases on the server').toEqual(before);
    // The refused owner took no run: the queue reads as it did.
    expect(await runs()).toEqual(runsBefore);
  });
});
