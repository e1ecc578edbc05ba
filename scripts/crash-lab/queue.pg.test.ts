import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  chaosPlan,
  createCrashLab,
  labRunIds,
  runWorker,
  type ChaosPoint,
  type HistoryEntry,
} from '@/lib/crashlab';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import { lab, npmLab, refusalProblems, type LabResult } from './lab-process';
import { openPg } from './pg-driver';
import { labUrl, portInUse } from './pg-server';

// The crash lab on a real PostgreSQL 18 (one embedded server for the run, see
// pg-global-setup.ts), driven as a learner drives it: real processes, real exits and signals.
const port = inject('pgPort');
const serverDir = inject('pgDir');
const dir = mkdtempSync(join(tmpdir(), 'crashlab-pg-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshUrl = () => labUrl(port, `t${process.pid}_${++n}`);

/** A refusal as the docs promise it: exit 2 and one line on stderr, with no stack trace. */
function refusedInOneLine(result: LabResult) {
  expect(refusalProblems(result), result.stderr).toEqual([]);
}

/**
 * Submits a fresh queue of `runs` runs, opens its task and publisher databases for `body`, and
 * closes both after it, whatever it did.
 */
async function withQueue(
  runs: number,
  body: (task: AsyncSqlDriver, publisher: AsyncSqlDriver) => Promise<void>,
): Promise<void> {
  const url = freshUrl();
  expect((await lab('submit', '--database', url, '--runs', String(runs))).code).toBe(0);
  const task = await openPg(url);
  const publisher = await openPg(labUrl(port, `t${process.pid}_${n}_publisher`));
  try {
    await body(task, publisher);
  } finally {
    await task.close();
    await publisher.close();
  }
}

/** Waits, by the database's own clock, until no run of the queue holds a live lease. */
async function untilLeasesEnd(url: string) {
  for (;;) {
    const inspected = JSON.parse((await lab('inspect', '--database', url, '--json')).stdout) as {
      now: number;
      runs: { status: string; leaseUntil: number }[];
    };
    const live = inspected.runs.filter(
      (r) => r.status === 'running' && r.leaseUntil > inspected.now,
    );
    if (live.length === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first seed whose chaos plan pauses a worker at `point`, so the test never depends on luck. */
function seedPausingAt(point: ChaosPoint, runs: number, faults: number): number {
  for (let seed = 1; ; seed++) {
    if (
      chaosPlan(seed, labRunIds(runs), faults).some(
        (f) => f.action === 'pause' && f.point === point,
      )
    )
      return seed;
  }
}

describe('the source’s sequence on PostgreSQL', () => {
  it('submit; run --fault after_collect exits 75; inspect; run after the lease; evaluate passes', async () => {
    const url = freshUrl();
    expect((await npmLab('submit', '--database', url)).code).toBe(0);
    const crashed = await npmLab(
      'run',
      '--database',
      url,
      '--lease-seconds',
      '2',
      '--fault',
      'after_collect',
    );
    expect(crashed.code).toBe(75);
    expect(crashed.stderr).toMatch(/died at after_collect/);

    const inspected = await npmLab('inspect', '--database', url);
    expect(inspected.code).toBe(0);
    expect(inspected.stdout).toMatch(
      /run-0001\s+running\s+fence=1 .* collect@fence=1 draft:- verify:- publish:-/,
    );

    await untilLeasesEnd(url);
    const resumed = await npmLab('run', '--database', url);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/claimed run-0001: fence 2, resuming after collect/);

    const evaluated = await npmLab('evaluate', '--database', url);
    expect(evaluated.code).toBe(0);
    expect(evaluated.stdout).toMatch(/1 run, 1 done, 1 receipt at the publisher/);
    expect(evaluated.stdout).toMatch(/all 5 properties hold: 0 violations/);
  });

  it('a worker that dies after the publisher’s effect leaves exactly one receipt', async () => {
    const url = freshUrl();
    await lab('submit', '--database', url);
    expect(
      (await lab('run', '--database', url, '--lease-seconds', '1', '--fault', 'after_effect')).code,
    ).toBe(75);
    const held = await lab('run', '--database', url);
    // Either the lease still holds (exit 3, nothing changed) or it has just run out (exit 0).
    expect([0, 3]).toContain(held.code);
    await untilLeasesEnd(url);
    expect((await lab('run', '--database', url)).code).toBe(0);
    const publisher = await openPg(labUrl(port, `t${process.pid}_${n}_publisher`));
    expect(
      await publisher.all('SELECT fence, outcome FROM publish_requests ORDER BY request_id'),
    ).toEqual([
      { fence: 1, outcome: 'applied' },
      { fence: 2, outcome: 'duplicate' },
    ]);
    expect(await publisher.get('SELECT count(*) AS n FROM receipts')).toEqual({ n: 1 });
    await publisher.close();
    expect((await lab('evaluate', '--database', url)).code).toBe(0);
  });
});

/** Counts the statements a handle sends: each is a round trip; a transaction adds BEGIN and COMMIT. */
function counted(db: AsyncSqlDriver, count: { trips: number }): AsyncSqlDriver {
  const trip =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) => {
      count.trips++;
      return fn(...args);
    };
  return {
    dialect: db.dialect,
    run: trip(db.run.bind(db)),
    get: trip(db.get.bind(db)) as AsyncSqlDriver['get'],
    all: trip(db.all.bind(db)) as AsyncSqlDriver['all'],
    exec: trip(db.exec.bind(db)),
    transaction: (fn) => {
      count.trips += 2;
      return db.transaction(fn);
    },
    close: () => db.close(),
  };
}

/** A queue whose every round trip is counted, from after its one read of the removed fence. */
async function countedQueue(
  task: AsyncSqlDriver,
  publisher: AsyncSqlDriver,
  count: { trips: number },
) {
  const queue = createCrashLab({
    task: counted(task, count),
    publisher: counted(publisher, count),
    leaseSeconds: 30,
  });
  await queue.removedFence(); // read once per handle, not per run
  count.trips = 0;
  return queue;
}

describe('round trips on PostgreSQL', () => {
  it('a run from claim to finish costs 18 round trips (claim 5, each step 2, publish 4, finish 1)', async () => {
    const count = { trips: 0 };
    await withQueue(2, async (task, publisher) => {
      const queue = await countedQueue(task, publisher, count);
      const history: HistoryEntry[] = [];
      const summary = await runWorker(queue, {
        owner: 'w1',
        pid: 1,
        die: () => {
          throw new Error('no fault planned');
        },
        idle: async () => undefined,
        record: (e) => history.push(e),
        clock: () => Date.now(),
      });
      expect(summary).toMatchObject({ succeeded: 2, fencedOut: 0, stopped: 'all-final' });
      // Two runs, then the claim that finds every run final (BEGIN, pick, COMMIT, the run nearest to claimable).
      expect(count.trips).toBe(2 * 18 + 4);
    });
  });

  it('a holder that lost its run is refused a step start, a checkpoint and a finish in one round trip each', async () => {
    const count = { trips: 0 };
    await withQueue(1, async (task, publisher) => {
      const queue = await countedQueue(task, publisher, count);
      const a = await queue.claimNext('A');
      if (!a.ok) throw new Error('A could not claim');
      const started = await queue.beginStep('A', a.runId, 1, 'collect');
      if (!started.ok) throw new Error('A could not start a step');
      // A's lease runs out and B takes the run over.
      await task.run('UPDATE runs SET lease_until = lease_until - 1000');
      expect(await queue.claimNext('B')).toMatchObject({ ok: true, generation: 2 });
      const trips = async (op: () => Promise<{ ok: boolean }>) => {
        count.trips = 0;
        expect(await op()).toMatchObject({ ok: false });
        return count.trips;
      };
      expect(await trips(() => queue.beginStep('A', a.runId, 1, 'draft'))).toBe(1);
      const checkpoint = () => queue.checkpoint('A', a.runId, 1, 'collect', started.attemptId, 'x');
      expect(await trips(checkpoint)).toBe(1);
      expect(await trips(() => queue.finish('A', a.runId, 1))).toBe(1);
    });
  });
});

describe('the publisher’s fence on PostgreSQL (lib/lease’s fence table and guard)', () => {
  it('refuses an older generation, guards even a raw INSERT, and keeps generations past 32 bits', async () => {
    await withQueue(1, async (task, publisher) => {
      const queue = createCrashLab({ task, publisher, leaseSeconds: 30 });
      const claimed = await queue.claimNext('A');
      expect(claimed).toMatchObject({ ok: true, generation: 1 });
      // B's claim under A's live lease is refused, and judged by the clock of its own pick.
      const refused = await queue.claimNext('B');
      expect(refused).toMatchObject({ ok: false, reason: 'none-claimable' });
      expect(refused.ok ? [] : refused.decision.checks.map((c) => c.actual)).toEqual(['held']);
      const run = claimed.ok ? claimed.runId : '';
      await publisher.run(
        "UPDATE resource_fences SET fence = 2 WHERE run_id = $run AND resource = 'publisher'",
        { run },
      );
      expect(await queue.publish('A', run, 1, 'draft')).toMatchObject({
        outcome: 'refused',
        highestGeneration: 2,
      });
      await expect(
        publisher.run(
          "INSERT INTO receipts (operation_id, run_id, fence, body, accepted_at) VALUES ('raw', $run, 1, '', 0)",
          { run },
        ),
      ).rejects.toThrow(/stale generation/);
      const big = 2 ** 40;
      expect(await queue.publish('A', run, big, 'later')).toMatchObject({
        outcome: 'applied',
        highestGeneration: big,
      });
      expect((await queue.snapshot()).publisher.register).toEqual({ [run]: big });
    });
  });
});

describe('a stale worker on PostgreSQL', () => {
  it('its step start, checkpoint and finish are refused with lib/lease step decisions, as on SQLite', async () => {
    await withQueue(1, async (task, publisher) => {
      const queue = createCrashLab({ task, publisher, leaseSeconds: 30 });
      const a = await queue.claimNext('A');
      if (!a.ok) throw new Error('the claim failed');
      const started = await queue.beginStep('A', a.runId, 1, 'collect');
      if (!started.ok) throw new Error('the step start failed');
      // A newer generation holds the run (as B's claim would leave the row).
      await task.run("UPDATE runs SET owner = 'B', fence = 2 WHERE run_id = $run", {
        run: a.runId,
      });
      const refused = {
        writer: 'A',
        failed: ['owner', 'fence'],
        authority: { holder: 'B', token: 2 },
        violation: null,
      };
      expect(await queue.beginStep('A', a.runId, 1, 'draft')).toMatchObject({
        ok: false,
        decision: { kind: 'renew', ...refused },
      });
      // A checkpoint is written under the lesson's renewal: the step's decision on it (as on SQLite).
      expect(
        await queue.checkpoint('A', a.runId, 1, 'collect', started.attemptId, 'late'),
      ).toMatchObject({ ok: false, decision: { kind: 'renew', ...refused } });
      expect(await queue.finish('A', a.runId, 1)).toMatchObject({
        ok: false,
        decision: { kind: 'finish', ...refused },
      });
    });
  });
});

/** `chaos` of three workers on a fresh queue of `runs` runs. */
const chaosOnFreshQueue = (runs: number, ...args: string[]) =>
  lab('chaos', '--database', freshUrl(), '--workers', '3', '--runs', String(runs), ...args);

describe('chaos on PostgreSQL', () => {
  it('a small chaos run (kills, pauses past the lease, dropped acks) ends with 0 violations', async () => {
    const history = join(dir, 'small.jsonl');
    const result = await chaosOnFreshQueue(
      30,
      '--faults',
      '9',
      '--seed',
      '11',
      '--seconds',
      '150',
      '--history',
      history,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /30\/30 runs succeeded, 30 receipts, \d+ killed, \d+ paused, \d+ acks? dropped/,
    );
    expect(result.stdout).toMatch(/0 violations \(seed 11\)/);
    const evaluated = await lab(
      'evaluate',
      '--database',
      `${labUrl(port, `t${process.pid}_${n}`)}`,
      '--history',
      history,
    );
    expect(evaluated.code).toBe(0);
  });

  // Any seed: with a fence removed the plan aims every pause where only that fence stands
  // (lib/crashlab/chaos-aim.test.ts shows it for 20 seeds each), so a chaos of 100 runs with
  // the default number of faults finds the violation. The seed here was not picked.
  const staleWrites = [
    {
      fence: 'publisher',
      found: [
        /WITHOUT the publisher fence: every pause is aimed .*before_effect/,
        /violation of no-stale-write: run-\d+: the publish of fence 1 was applied after fence 2 claimed the run/,
      ],
      excerpt: [
        /applied\s+claim run-\d+ fence=2/,
        /NEMESIS\s+pause at before_effect/,
        /applied\s+publish run-\d+ fence=1/,
      ],
    },
    {
      fence: 'checkpoint',
      found: [
        /violation of no-stale-write: run-\d+: the checkpoint of (\w+) of fence 1 was applied after fence 2 claimed the run/,
      ],
      excerpt: [/applied\s+checkpoint run-\d+ fence=1 \w+/],
    },
  ];
  for (const { fence, found, excerpt } of staleWrites) {
    it(`without the ${fence}’s fence, chaos of 100 runs finds the stale write and prints its excerpt`, async () => {
      const result = await chaosOnFreshQueue(
        100,
        '--seed',
        '2024',
        '--remove-fence',
        fence,
        '--history',
        join(dir, `no-${fence}-fence.jsonl`),
      );
      expect(result.code).toBe(1);
      for (const line of found) expect(result.stdout).toMatch(line);
      const shortest = result.stdout.split('shortest history excerpt:')[1];
      for (const line of excerpt) expect(shortest).toMatch(line);
    });
  }

  it('with both fences, the same seeds find nothing', async () => {
    const seed = seedPausingAt('before_effect', 6, 3);
    const result = await chaosOnFreshQueue(
      6,
      '--faults',
      '3',
      '--seed',
      String(seed),
      '--history',
      join(dir, 'fenced.jsonl'),
    );
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toMatch(
      /\b(1 stale write|(?!1 )[1-9]\d* stale writes) refused, 0 violations/,
    );
  });
});

describe('bad input on PostgreSQL: one line, exit 2, nothing created or changed', () => {
  it('an unreachable server', async () => {
    let closed = 5459;
    while (await portInUse(closed)) closed--;
    const result = await lab('submit', '--database', labUrl(closed, 'nowhere'));
    refusedInOneLine(result);
    expect(result.stderr).toMatch(
      /cannot reach a PostgreSQL server at .*:\d+\/nowhere \(ECONNREFUSED\)/,
    );
  });

  it('a wrong password', async () => {
    const name = `t${process.pid}_wrongpw`;
    const result = await lab(
      'submit',
      '--database',
      `postgres://postgres:not-the-password@127.0.0.1:${port}/${name}`,
    );
    refusedInOneLine(result);
    expect(result.stderr).toMatch(/refused the login: wrong user name or password/);
    expect(result.stderr).not.toMatch(/not-the-password/);
    const admin = await openPg(labUrl(port, 'postgres'));
    expect(
      await admin.get('SELECT count(*) AS n FROM pg_database WHERE datname = $name', { name }),
    ).toEqual({ n: 0 });
    await admin.close();
  });

  it('a database of another schema version is refused and left as it was', async () => {
    const url = freshUrl();
    await lab('submit', '--database', url, '--runs', '2');
    const db = await openPg(url);
    await db.run("UPDATE crashlab_meta SET value = '99' WHERE key = 'schema_version'");
    const before = await db.all('SELECT * FROM runs ORDER BY run_id');
    for (const command of ['run', 'inspect', 'evaluate']) {
      const result = await lab(command, '--database', url);
      refusedInOneLine(result);
      expect(result.stderr).toMatch(/schema version 99, this lab reads version 5/);
    }
    expect(await db.all('SELECT * FROM runs ORDER BY run_id')).toEqual(before);
    await db.close();
    const again = await lab('submit', '--database', url);
    refusedInOneLine(again);
    expect(again.stderr).toMatch(/already holds a crash-lab queue/);
  });

  it('pg start when one is running, and on a port in use', async () => {
    const running = await lab('pg', 'start', '--dir', serverDir, '--port', String(port));
    refusedInOneLine(running);
    expect(running.stderr).toMatch(/a lab server is already running \(pid \d+, port \d+\)/);
    const other = join(dir, 'other-server');
    const busy = await lab('pg', 'start', '--dir', other, '--port', String(port));
    refusedInOneLine(busy);
    expect(busy.stderr).toMatch(new RegExp(`port ${port} is in use`));
    expect((await import('node:fs')).existsSync(other)).toBe(false);
  });
});
