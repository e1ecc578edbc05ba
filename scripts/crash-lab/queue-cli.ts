/**
 * The crash lab as a queue, on PostgreSQL or a SQLite file: many runs, many worker processes,
 * a chaos supervisor and a JSONL history.
 *   npm run lab -- pg start                          (prints the URL)
 *   npm run lab -- submit   --database URL --runs 100
 *   npm run lab -- run      --database URL --workers 4
 *   npm run lab -- chaos    --database URL --workers 8 --runs 1000 --seconds 60
 *   npm run lab -- evaluate --database URL --history FILE
 */
import { mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  FAULT_EXIT_CODE,
  FAULT_POINTS,
  isFaultPoint,
  STEPS,
  type FaultPoint,
} from '@/lib/crashlab';
import { evaluateQueue, formatQueueEvaluation } from '@/lib/crashlab/queue/evaluate';
import { parseHistory, type HistoryEntry } from '@/lib/crashlab/queue/history';
import { createQueueLab, submitQueue } from '@/lib/crashlab/queue/lab';
import { REMOVABLE_FENCES, type RemovableFence } from '@/lib/crashlab/queue/schema';
import type { QueueSnapshot } from '@/lib/crashlab/queue/types';
import { runQueueWorker } from '@/lib/crashlab/queue/worker';
import { runChaos } from './chaos';
import { EXIT } from './exit-codes';
import { BadInput } from './files';
import { table } from './format';
import { barrier, BARRIER_ENV, chaosHooksFromEnv } from './chaos-worker';
import { labUrl, serverStatus, startServer, stopServer } from './pg-server';
import {
  defaultPublisher,
  describePlace,
  openQueue,
  parsePlace,
  type Place,
} from './queue-connect';
import { runWorkerFleet } from './fleet';

const REPO_ROOT = resolve(__dirname, '..', '..');
/** The embedded server's home: git-ignored, beside the repository's files. */
export const LAB_DIR = resolve(REPO_ROOT, '.lab', 'pg');
export const DEFAULT_PORT = 5433;

export const QUEUE_USAGE = `queue commands (a PostgreSQL URL or a SQLite file after --database)
  pg start [--port P] | pg stop | pg status   the embedded PostgreSQL 18 (data in .lab/pg), prints its URL
  submit   --database URL [--runs N]          create both databases' tables with N queued runs
  run      --database URL [--workers N] [--lease-seconds S] [--fault POINT] [--step-ms MS] [--history FILE]
                                              claim runs (FOR UPDATE SKIP LOCKED on PostgreSQL) until none is claimable
  inspect  --database URL [--json]            print both databases
  evaluate --database URL [--history FILE] [--json]
                                              check every property; a failure prints the shortest history excerpt
  chaos    --database URL [--workers 8] [--runs 1000] [--seconds 60] [--seed N] [--faults F] [--history FILE]
                                              workers under a supervisor that kills (SIGKILL), pauses (SIGSTOP past
                                              the lease, then SIGCONT) and drops publisher acknowledgements
every queue command also takes --publisher URL (default: database NAME_publisher on the same server)
workers on other machines join by running: npm run lab -- run --database URL --wait`;

const OPTIONS = {
  database: { type: 'string' },
  publisher: { type: 'string' },
  runs: { type: 'string' },
  workers: { type: 'string' },
  'lease-seconds': { type: 'string' },
  fault: { type: 'string' },
  'step-ms': { type: 'string' },
  owner: { type: 'string' },
  history: { type: 'string' },
  json: { type: 'boolean' },
  wait: { type: 'boolean' },
  seconds: { type: 'string' },
  seed: { type: 'string' },
  faults: { type: 'string' },
  port: { type: 'string' },
  dir: { type: 'string' },
  'remove-fence': { type: 'string' },
  quiet: { type: 'boolean' },
} as const;

export type QueueValues = Partial<Record<keyof typeof OPTIONS, string | boolean>>;

export function number(
  values: QueueValues,
  name: keyof typeof OPTIONS,
  fallback: number,
  min: number,
  max: number,
  whole = false,
): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) {
    throw new BadInput(
      `--${name} must be a ${whole ? 'whole ' : ''}number from ${min} to ${max}, not "${String(raw)}"`,
    );
  }
  return n;
}

/** True when the command line is for the queue lab rather than the single-run SQLite lab. */
export function isQueueCommand(argv: string[]): boolean {
  return (
    ['pg', 'chaos', '_worker'].includes(argv[0] ?? '') ||
    argv.includes('--database') ||
    argv.some((a) => a.startsWith('--database='))
  );
}

function parse(argv: string[]): { command: string; sub?: string; values: QueueValues } {
  const [command, ...rest] = argv;
  const sub = command === 'pg' ? rest.shift() : undefined;
  let values: QueueValues;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: OPTIONS,
    }));
  } catch (error) {
    throw new BadInput(error instanceof Error ? error.message : String(error));
  }
  if (values.fault !== undefined && !isFaultPoint(String(values.fault))) {
    throw new BadInput(`unknown fault "${values.fault}"; fault points: ${FAULT_POINTS.join(', ')}`);
  }
  const removed = values['remove-fence'];
  if (removed !== undefined && !(REMOVABLE_FENCES as readonly string[]).includes(String(removed))) {
    throw new BadInput(`--remove-fence must be one of ${REMOVABLE_FENCES.join(', ')}`);
  }
  return { command, sub, values };
}

export function places(values: QueueValues): { task: Place; publisher: Place } {
  if (typeof values.database !== 'string' || !values.database)
    throw new BadInput('--database URL is required');
  const task = parsePlace(values.database);
  const publisher =
    typeof values.publisher === 'string' && values.publisher
      ? parsePlace(values.publisher)
      : defaultPublisher(task);
  return { task, publisher };
}

const print = (text: string) => process.stdout.write(`${text}\n`);

/**
 * Appends history entries to a JSONL file, one write per line (O_APPEND keeps lines whole when
 * several processes write). The file is opened at the first entry, once, not at every line.
 */
export function historyWriter(path: string | undefined): (entry: HistoryEntry) => void {
  if (!path) return () => undefined;
  mkdirSync(dirname(path), { recursive: true });
  let fd: number | null = null;
  return (entry) => {
    fd ??= openSync(path, 'a');
    writeSync(fd, `${JSON.stringify(entry)}\n`);
  };
}

export function readHistory(path: string): HistoryEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new BadInput(`history ${path} cannot be read`);
  }
  try {
    return parseHistory(text);
  } catch (error) {
    throw new BadInput(`${path}: ${(error as Error).message}`);
  }
}

function formatQueue(snapshot: QueueSnapshot, now: number): string {
  const counts = (status: string) => snapshot.runs.filter((r) => r.status === status).length;
  const lines = [
    `task database: ${snapshot.runs.length} run(s): ${counts('queued')} queued, ${counts('running')} running, ${counts('done')} succeeded` +
      (snapshot.removedFence ? ` (set up WITHOUT the ${snapshot.removedFence} fence)` : ''),
  ];
  for (const run of snapshot.runs.slice(0, 20)) {
    const steps = STEPS.map((s) => {
      const c = snapshot.checkpoints.find((x) => x.runId === run.runId && x.step === s);
      return c ? `${s}@gen${c.generation}` : `${s}:-`;
    }).join(' ');
    const left = run.leaseUntil - now;
    const lease =
      run.status !== 'running'
        ? ''
        : left > 0
          ? `, lease ${left.toFixed(1)} s left`
          : `, lease expired ${(-left).toFixed(1)} s ago`;
    lines.push(
      `  ${run.runId}  ${run.status === 'done' ? 'succeeded' : run.status}  gen${run.fence} ${run.owner || '(nobody)'}${lease}  ${steps}`,
    );
  }
  if (snapshot.runs.length > 20) lines.push(`  … ${snapshot.runs.length - 20} more`);
  const requests = snapshot.publisher.requests;
  lines.push(
    `publisher database: ${snapshot.publisher.receipts.length} receipt(s); ${requests.length} request(s): ` +
      ['applied', 'duplicate', 'refused']
        .map((o) => `${requests.filter((r) => r.outcome === o).length} ${o}`)
        .join(', '),
  );
  return lines.join('\n');
}

export async function queueMain(argv: string[]): Promise<number> {
  const { command, sub, values } = parse(argv);
  const leaseSeconds = number(values, 'lease-seconds', 30, 0.1, 3600);

  switch (command) {
    case 'pg': {
      const port = number(values, 'port', DEFAULT_PORT, 1024, 65535, true);
      const dir =
        typeof values.dir === 'string'
          ? resolve(process.env.INIT_CWD ?? process.cwd(), values.dir)
          : LAB_DIR;
      if (sub === 'start') {
        const url = await startServer({ dir, port }, print);
        print(`PostgreSQL 18 is running; data in ${dir}`);
        print(url);
        return EXIT.ok;
      }
      if (sub === 'stop') {
        print((await stopServer(dir)) ? 'stopped the lab server' : 'no lab server is running');
        return EXIT.ok;
      }
      if (sub === 'status') {
        const status = await serverStatus(dir);
        print(
          status
            ? `running (pid ${status.pid}): ${labUrl(status.port)}`
            : 'not running (start it with: npm run lab -- pg start)',
        );
        return status ? EXIT.ok : EXIT.failed;
      }
      throw new BadInput(`pg needs one of start, stop, status, not "${sub ?? ''}"`);
    }

    case 'submit': {
      const p = places(values);
      const runs = number(values, 'runs', 1, 1, 100_000, true);
      const db = await openQueue(p.task, p.publisher, 'submit');
      try {
        const experiment = Math.random().toString(36).slice(2, 10);
        await submitQueue(db.task, db.publisher, {
          runs,
          experiment,
          removedFence: (values['remove-fence'] as RemovableFence) ?? null,
        });
        print(
          `submitted ${runs} run(s) to ${describePlace(p.task)} (experiment ${experiment}); publisher ${describePlace(p.publisher)}`,
        );
        if (values['remove-fence'])
          print(
            `WARNING: set up without the ${values['remove-fence']} fence, to show what chaos finds`,
          );
      } finally {
        await db.close();
      }
      return EXIT.ok;
    }

    case 'run':
    case '_worker': {
      const p = places(values);
      const workers = number(values, 'workers', 1, 1, 64, true);
      const stepMs = number(values, 'step-ms', 0, 0, 60_000);
      const history =
        typeof values.history === 'string'
          ? resolve(process.env.INIT_CWD ?? process.cwd(), values.history)
          : undefined;
      if (command === 'run' && workers > 1) {
        const probe = await openQueue(p.task, p.publisher, 'use');
        await probe.close();
        return runWorkerFleet({ values, workers, history, print });
      }
      const db = await openQueue(p.task, p.publisher, 'use');
      const lab = createQueueLab({ task: db.task, publisher: db.publisher, leaseSeconds });
      const owner = typeof values.owner === 'string' ? values.owner : `worker-${process.pid}`;
      const record = historyWriter(history);
      record({ type: 'process', t: Date.now(), pid: process.pid, worker: owner, event: 'start' });
      const chaos = command === '_worker' ? chaosHooksFromEnv() : undefined;
      if (command === '_worker' && process.env[BARRIER_ENV] && process.send) await barrier();
      const quiet = values.quiet === true;
      const summary = await runQueueWorker(lab, {
        owner,
        pid: process.pid,
        fault: (values.fault as FaultPoint | undefined) ?? null,
        die(point) {
          process.stderr.write(`${owner} died at ${point} (exit ${FAULT_EXIT_CODE})\n`);
          process.exit(FAULT_EXIT_CODE);
        },
        work: stepMs > 0 ? () => new Promise((r) => setTimeout(r, stepMs)) : undefined,
        waitForAll: values.wait === true || command === '_worker',
        idle: () => new Promise((r) => setTimeout(r, Math.min(200, leaseSeconds * 100))),
        chaos,
        record,
        clock: () => performance.timeOrigin + performance.now(),
        onEvent: quiet ? undefined : print,
      });
      record({
        type: 'process',
        t: Date.now(),
        pid: process.pid,
        worker: owner,
        event: 'exit',
        code: 0,
      });
      if (process.connected) process.disconnect();
      const snapshot =
        summary.succeeded + summary.fencedOut === 0 && summary.stopped === 'none-claimable'
          ? await lab.snapshot()
          : null;
      const now = await lab.now();
      await db.close();
      if (snapshot) {
        const held = snapshot.runs.filter((r) => r.status === 'running');
        print(
          `not claimed: ${held.map((r) => `${r.runId} is held by ${r.owner} for another ${(r.leaseUntil - now).toFixed(1)} s (generation ${r.fence})`).join('; ')}; try again after the lease runs out`,
        );
        return EXIT.leaseHeld;
      }
      print(
        `${owner}: ${summary.succeeded} run(s) succeeded, ${summary.fencedOut} fenced out; ${summary.stopped === 'all-final' ? 'every run is final' : 'nothing else is claimable now'}`,
      );
      return EXIT.ok;
    }

    case 'inspect':
    case 'evaluate': {
      const p = places(values);
      const history =
        typeof values.history === 'string'
          ? readHistory(resolve(process.env.INIT_CWD ?? process.cwd(), values.history))
          : [];
      const db = await openQueue(p.task, p.publisher, 'use');
      const lab = createQueueLab({ task: db.task, publisher: db.publisher });
      const snapshot = await lab.snapshot();
      const now = await lab.now();
      await db.close();
      if (command === 'inspect') {
        print(
          values.json ? JSON.stringify({ ...snapshot, now }, null, 2) : formatQueue(snapshot, now),
        );
        return EXIT.ok;
      }
      const evaluation = evaluateQueue(snapshot, history);
      print(values.json ? JSON.stringify(evaluation, null, 2) : formatQueueEvaluation(evaluation));
      return evaluation.passed ? EXIT.ok : EXIT.failed;
    }

    case 'chaos':
      return runChaos({ values, print });

    case 'sweep':
      throw new BadInput(
        'sweep runs on SQLite files (--db); on PostgreSQL use chaos, which visits every fault point',
      );
  }
  throw new BadInput(`unknown command "${command}"`);
}

export { table };
