/**
 * npm run bench:lab [-- --database postgres://… | --port P]
 * Throughput and claim latency of the crash-lab queue for 1, 2, 4 and 8 worker processes on
 * PostgreSQL and on a SQLite file, steps of 0 ms; then a chaos run of 1,000 runs with its
 * violations count; then the goals, met or missed. Without --database it starts its own
 * embedded PostgreSQL in a temporary folder (first free port from --port, default 5433).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseHistory, submitLab } from '@/lib/crashlab';
import { asyncDriver } from '@/lib/sqlite';
import { openFileDb } from '@/lib/sqlite/node';
import { BARRIER_ENV, type WorkerMessage } from './crash-lab/chaos-worker';
import { collect, spawnWorker, workerArgs } from './crash-lab/fleet';
import { table } from './crash-lab/format';
import { openPg } from './crash-lab/pg-driver';
import { labUrl, portInUse, removeServer, startServer } from './crash-lab/pg-server';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    port: { type: 'string' },
    runs: { type: 'string' },
    'chaos-runs': { type: 'string' },
  },
});
const RUNS = Number(values.runs ?? 400);
const CHAOS_RUNS = Number(values['chaos-runs'] ?? 1000);
const WORKERS = [1, 2, 4, 8];
const work = mkdtempSync(join(tmpdir(), 'bench-lab-'));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

interface Row {
  engine: string;
  workers: number;
  runsPerSecond: number;
  p50: number;
  p99: number;
}

/** Submits RUNS runs, starts N workers behind a barrier, and measures from "go" to the last exit. */
async function measure(
  engine: 'postgres' | 'sqlite',
  workers: number,
  database: string,
): Promise<Row> {
  if (engine === 'postgres') {
    const task = await openPg(database);
    const publisher = await openPg(database.replace(/\/([^/]+)$/, '/$1_publisher'));
    await submitLab(task, publisher, { runs: RUNS, experiment: 'bench' });
    await task.close();
    await publisher.close();
  } else {
    const task = asyncDriver(openFileDb(database, { mustExist: false }));
    const publisher = asyncDriver(
      openFileDb(database.replace(/\.sqlite$/, '.publisher.sqlite'), { mustExist: false }),
    );
    task.exec('PRAGMA journal_mode = WAL');
    publisher.exec('PRAGMA journal_mode = WAL');
    await submitLab(task, publisher, { runs: RUNS, experiment: 'bench' });
    await task.close();
    await publisher.close();
  }
  const history = join(work, `${engine}-${workers}.jsonl`);
  const children = Array.from({ length: workers }, (_, i) =>
    spawnWorker(workerArgs({ database, 'lease-seconds': '30' }, `bench-${i + 1}`, history), {
      ipc: true,
      env: { [BARRIER_ENV]: '1' },
    }),
  );
  const exits = children.map(collect);
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((r) => c.on('message', (m: WorkerMessage) => m.type === 'ready' && r())),
    ),
  );
  const started = performance.now();
  for (const c of children) c.send({ type: 'go', run: '*' });
  const results = await Promise.all(exits);
  const seconds = (performance.now() - started) / 1000;
  const failed = results.find((r) => r.code !== 0);
  if (failed) throw new Error(`a ${engine} worker failed: ${failed.stderr}`);
  const entries = parseHistory(readFileSync(history, 'utf8'));
  const invoked = new Map<number, number>();
  const latencies: number[] = [];
  for (const e of entries) {
    if (e.type === 'invoke' && e.op === 'claim') invoked.set(e.pid, e.t);
    if (e.type === 'complete' && e.op === 'claim' && e.outcome === 'applied')
      latencies.push(e.t - invoked.get(e.pid)!);
  }
  latencies.sort((a, b) => a - b);
  return {
    engine,
    workers,
    runsPerSecond: RUNS / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function main() {
  const load = () =>
    execFileSync('uptime')
      .toString()
      .trim()
      .replace(/^.*load average:/, 'load average:');
  let server: string | null = null;
  let base = values.database;
  if (!base) {
    let port = Number(values.port ?? 5433);
    while (await portInUse(port)) port++;
    server = join(work, 'pg');
    await startServer({ dir: server, port });
    base = labUrl(port, 'bench');
  }
  const admin = await openPg(base.replace(/\/([^/]+)$/, '/postgres'));
  const pgDatabase = async (name: string) => {
    for (const db of [name, `${name}_publisher`]) {
      await admin.exec(`DROP DATABASE IF EXISTS ${db}`);
      await admin.exec(`CREATE DATABASE ${db}`);
    }
    return base!.replace(/\/([^/]+)$/, `/${name}`);
  };
  try {
    console.log(`bench:lab — ${RUNS} runs per cell, steps of 0 ms, lease 30 s; ${load()}`);
    const rows: Row[] = [];
    for (const workers of WORKERS) {
      rows.push(await measure('postgres', workers, await pgDatabase(`bench_pg_${workers}`)));
      rows.push(await measure('sqlite', workers, join(work, `bench-${workers}.sqlite`)));
    }
    const cell = (engine: string, w: number) =>
      rows.find((r) => r.engine === engine && r.workers === w)!;
    console.log(
      table(
        [
          'workers',
          'PostgreSQL runs/s',
          'p50 claim ms',
          'p99 claim ms',
          'SQLite file runs/s',
          'p50 claim ms',
          'p99 claim ms',
        ],
        WORKERS.map((w) => {
          const pg = cell('postgres', w);
          const lite = cell('sqlite', w);
          return [
            w,
            pg.runsPerSecond.toFixed(1),
            pg.p50.toFixed(1),
            pg.p99.toFixed(1),
            lite.runsPerSecond.toFixed(1),
            lite.p50.toFixed(1),
            lite.p99.toFixed(1),
          ];
        }),
      ),
    );
    console.log(`load after the table: ${load()}`);

    await admin.exec('DROP DATABASE IF EXISTS bench_chaos');
    await admin.exec('DROP DATABASE IF EXISTS bench_chaos_publisher');
    const chaosUrl = base.replace(/\/([^/]+)$/, '/bench_chaos');
    const chaosHistory = join(work, 'chaos.jsonl');
    const chaos = await collect(
      spawnWorker([
        'chaos',
        '--database',
        chaosUrl,
        '--workers',
        '8',
        '--runs',
        String(CHAOS_RUNS),
        '--seconds',
        '300',
        '--seed',
        '2026',
        '--history',
        chaosHistory,
      ]),
    );
    const summary = chaos.stdout.trim().split('\n').pop() ?? chaos.stderr;
    const violations = Number(/(\d+) violations? \(seed/.exec(summary)?.[1] ?? NaN);
    console.log(`chaos: ${summary}`);

    const ratio = cell('postgres', 4).runsPerSecond / cell('postgres', 1).runsPerSecond;
    const goals: [string, boolean][] = [
      [
        `0 violations under chaos (${Number.isNaN(violations) ? 'chaos did not finish' : violations})`,
        violations === 0 && chaos.code === 0,
      ],
      [`PostgreSQL 1 → 4 workers at least 2.5x (${ratio.toFixed(2)}x)`, ratio >= 2.5],
      [
        `at least 100 runs/s at 4 workers on PostgreSQL (${cell('postgres', 4).runsPerSecond.toFixed(1)})`,
        cell('postgres', 4).runsPerSecond >= 100,
      ],
    ];
    for (const [goal, met] of goals) console.log(`${met ? 'MET   ' : 'MISSED'} ${goal}`);
    console.log(`load at the end: ${load()}`);
    process.exitCode = goals[0][1] ? 0 : 1;
  } finally {
    await admin.close();
    if (server) await removeServer(server);
    rmSync(work, { recursive: true, force: true });
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
